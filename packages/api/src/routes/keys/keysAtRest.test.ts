import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { SealedSchema, userStreamId } from '@hyperhook/domain';
import type { Simulator } from '@hyperhook/venue-sim';
import { createSealer, DataKeyUnavailableError, loadOrCreateMasterKey } from '@hyperhook/secrets';
import { openSqliteStore } from '@hyperhook/store';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server.js';
import { captureProcessOutput } from '../../testing/captureProcessOutput.js';
import { findForms, privateKeyForms, readDataDirBytes } from '../../testing/dataDirBytes.js';
import { DATA_DIR_STORE_FILE, openDataDirDeps } from '../../testing/dataDirDeps.js';
import { startTestSimulator } from '../../testing/testApp.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim?.close();
});

/** A fresh main account on the simulator with a freshly generated API wallet approved for it. */
function approvedAgent() {
  const master = privateKeyToAccount(generatePrivateKey());
  const agentKey = generatePrivateKey();
  sim.seedAccount({ address: master.address, usdc: 1_000, agents: [{ address: privateKeyToAccount(agentKey).address }] });
  return { accountAddress: master.address, agentKey };
}

describe('keys at rest (file-backed data directory)', () => {
  it('LEGAL-08, API-09, API-10, ENT-03: given a saved and a refused API key, when reading every data file and every log line at trace level, then neither key appears in clear; after DELETE /api/keys the sealed copy in the log can no longer be opened', async () => {
    const { accountAddress, agentKey } = approvedAgent();
    const strangerKey = generatePrivateKey(); // not the API wallet's key
    const saved = privateKeyForms(agentKey);
    const refused = privateKeyForms(strangerKey);
    const output = captureProcessOutput();
    const data = await openDataDirDeps({ sim, logLevel: 'trace' });
    const { dataDir } = data;
    const server = await startServer(data.deps, { port: 0, host: '127.0.0.1', handleSignals: false, beforeStoreClose: () => data.projector.stop() });
    let closed = false;
    try {
      expect(server.app.log.level).toBe('trace');
      const api = async (method: string, path: string, token?: string, body?: unknown) => {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        return { status: res.status, body: await res.text() };
      };
      const signUp = await api('POST', '/api/auth/signup', undefined, { email: `at-rest-${Date.now()}@example.com`, password: 'correct horse' });
      expect(signUp.status).toBe(201);
      const { token, user } = JSON.parse(signUp.body).data as { token: string; user: { uid: string } };

      // when: a refused save (the key is not the API wallet's: refused before anything is sealed), then a save that the simulator verifies
      const refusedSave = await api('POST', '/api/keys', token, {
        hyperliquidApiKey: privateKeyToAccount(agentKey).address,
        hyperliquidPrivateKey: strangerKey,
        accountAddress,
        isTestnet: true,
      });
      const savedSave = await api('POST', '/api/keys', token, {
        hyperliquidApiKey: privateKeyToAccount(agentKey).address,
        hyperliquidPrivateKey: agentKey,
        accountAddress,
        isTestnet: true,
      });
      const read = await api('GET', '/api/keys', token);
      const whileRunning = readDataDirBytes(dataDir);

      // then: answered as the contract says, and nothing in clear on disk (WAL and SHM included)
      expect(refusedSave.status).toBe(400);
      expect(savedSave.status).toBe(200);
      expect(JSON.parse(read.body).data).toMatchObject({ configured: true, accountAddress });
      expect([...whileRunning.keys()].sort()).toEqual(
        expect.arrayContaining([DATA_DIR_STORE_FILE, `${DATA_DIR_STORE_FILE}-wal`, `${DATA_DIR_STORE_FILE}-shm`, 'master.key', 'vapid-keys.json']),
      );
      expect(findForms(whileRunning, [...saved, ...refused])).toEqual([]);
      expect(findForms(new Map([['GET /api/keys', Buffer.from(read.body)]]), saved)).toEqual([]);

      // given: the key is in the log, sealed, and opens while its data key exists
      const savedEvent = (await data.store.eventStore.readStream(userStreamId(user.uid))).find((event) => event.type === 'CredentialsSaved');
      const sealed = SealedSchema.parse((savedEvent?.data as { sealedPrivateKey?: unknown } | undefined)?.sealedPrivateKey);
      expect(await data.deps.sealers.credentials.unseal(user.uid, sealed)).toBe(agentKey);
      const wrappedDataKey = await data.store.keyStore.get(sealed.keyId);
      expect(wrappedDataKey).toBeDefined();

      // when: the keys are deleted and the process shuts down
      expect((await api('DELETE', '/api/keys', token)).status).toBe(200);
      await server.close();
      closed = true;
      output.restore();

      // then: the logs (gateway logger at trace, console, stdout, stderr) never held either key
      const logs = new Map([
        ['gateway log', Buffer.from(data.logs.join(''))],
        ['process output', Buffer.from(output.text())],
      ]);
      expect(data.logs.join('')).toContain('/api/keys');
      expect(findForms(logs, [...saved, ...refused])).toEqual([]);

      // then: the files still hold neither key, nor the destroyed data key
      const afterClose = readDataDirBytes(dataDir);
      expect(findForms(afterClose, [...saved, ...refused, { name: 'wrapped data key', bytes: Buffer.from(wrappedDataKey ?? []) }])).toEqual([]);

      // then: reopened with the data directory's own master key, the sealed copy cannot be opened
      const reopened = await openSqliteStore({ file: join(dataDir, DATA_DIR_STORE_FILE) });
      try {
        const sealer = createSealer({ masterKey: loadOrCreateMasterKey({ dataDir }), keyStore: reopened.keyStore, purpose: 'credentials' });
        const stillLogged = (await reopened.eventStore.readStream(userStreamId(user.uid))).map((event) => event.type);
        expect(stillLogged).toEqual(expect.arrayContaining(['CredentialsSaved', 'CredentialsDeleted']));
        await expect(sealer.unseal(user.uid, sealed)).rejects.toBeInstanceOf(DataKeyUnavailableError);
        expect(await reopened.keyStore.get(sealed.keyId)).toBeUndefined();
      } finally {
        await reopened.close();
      }
    } finally {
      output.restore();
      if (!closed) await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
