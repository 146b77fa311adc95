import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotifierMessage } from '@hyperhook/store';
import { startNatsServer, waitFor, type TestNatsServer } from '@hyperhook/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsServersOf, openEmbeddedStore } from './openEmbeddedStore.js';

describe('openEmbeddedStore with NATS_URL (CARD-26)', () => {
  let server: TestNatsServer | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'hyperhook-cli-nats-'));
  const quiet = () => undefined;

  beforeAll(async () => {
    server = await startNatsServer();
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given NATS_URL with one or several servers, then each URL is used; an empty one is refused', () => {
    expect(natsServersOf('nats://a:4222')).toEqual(['nats://a:4222']);
    expect(natsServersOf(' nats://a:4222, nats://b:4222 ,')).toEqual(['nats://a:4222', 'nats://b:4222']);
    expect(() => natsServersOf(' , ')).toThrow(/NATS_URL/);
  });

  it("given two processes' stores on NATS_URL, when one publishes a notice, then the other receives it; close ends the connection", async () => {
    const url = server?.url ?? 'nats-server did not start';
    const lines: string[] = [];
    const a = await openEmbeddedStore({ HYPERHOOK_DATA_DIR: dataDir, NATS_URL: url }, (line) => void lines.push(line), 'test-a');
    const b = await openEmbeddedStore({ HYPERHOOK_DATA_DIR: dataDir, NATS_URL: url }, quiet, 'test-b');
    try {
      const got: NotifierMessage[] = [];
      b.notifier.subscribe('user.u-1', (message) => void got.push(message));
      await (b.notifier as { flush?: () => Promise<void> }).flush?.();
      a.notifier.publish('user.u-1', { id: 's-1' });
      await waitFor(() => got.length === 1, 2_000, 'the notice over NATS');
      expect(got).toEqual([{ id: 's-1' }]);
      expect(lines).toEqual([`change notices over NATS at ${url}`]);
    } finally {
      await a.close();
      await b.close();
    }
    expect(() => a.notifier.publish('user.u-1', 1)).not.toThrow(); // a dropped notice after close, not a crash
  });

  it('given NATS_URL where no server listens, then opening fails naming NATS_URL', async () => {
    await expect(openEmbeddedStore({ HYPERHOOK_DATA_DIR: dataDir, NATS_URL: 'nats://127.0.0.1:1' }, quiet)).rejects.toThrow(/cannot connect to NATS.*NATS_URL/);
  });
});
