import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotifierMessage } from '@hyperhook/store';
import { startNatsServer, waitFor, type TestNatsServer } from '@hyperhook/store/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type StoreConfig } from './openStore.js';

const DATABASE_URL = process.env.HYPERHOOK_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('openStore: the backend follows from the configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hyperhook-open-store-'));
  const schema = `cli_${process.pid}_${Date.now()}`;
  const quiet = () => undefined;
  let nats: TestNatsServer | undefined;
  const base: StoreConfig = { HYPERHOOK_DATA_DIR: dataDir, HYPERHOOK_DATABASE_SCHEMA: schema };

  beforeAll(async () => {
    nats = await startNatsServer();
  });
  afterAll(async () => {
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('given no DATABASE_URL, then the embedded SQLite file of the data directory', async () => {
    const store = await openStore(base, quiet);
    try {
      expect(store.backend).toBe('sqlite');
      expect(store.location).toBe(join(dataDir, 'hyperhook.db'));
      expect(store.shareWriter?.()).toBeDefined();
    } finally {
      await store.close();
    }
  });

  it('given DATABASE_URL, then every port is on PostgreSQL in the configured schema, and the log line names no password', async () => {
    const lines: string[] = [];
    const store = await openStore(
      { ...base, DATABASE_URL: DATABASE_URL.replace('postgres@', 'postgres:secret-password@') },
      (line) => void lines.push(line),
      'test',
    );
    try {
      expect(store.backend).toBe('postgres');
      await store.eventStore.append('order-1', [{ type: 'Placed', data: {} }]);
      expect(await store.eventStore.headPosition()).toBe(1);
      expect(store.location).toBe(`postgres schema ${schema} at 127.0.0.1:5432/postgres`);
      expect(lines).toEqual([`store: postgres schema ${schema} at 127.0.0.1:5432/postgres; change notices over PostgreSQL LISTEN/NOTIFY`]);
      expect(lines.join('\n')).not.toContain('secret-password');
    } finally {
      await store.close();
    }
  });

  it('given DATABASE_URL and NATS_URL, then notices of one process reach another over NATS', async () => {
    const config = { ...base, DATABASE_URL, NATS_URL: nats?.url ?? 'nats-server did not start' };
    const a = await openStore(config, quiet, 'test-a');
    const b = await openStore(config, quiet, 'test-b');
    try {
      const got: NotifierMessage[] = [];
      b.notifier.subscribe('user.u-1', (message) => void got.push(message));
      await (b.notifier as { flush?: () => Promise<void> }).flush?.();
      a.notifier.publish('user.u-1', { id: 's-1' });
      await waitFor(() => got.length === 1, 2_000, 'the notice over NATS');
      expect(got).toEqual([{ id: 's-1' }]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('given a DATABASE_URL where no server listens, then opening fails naming DATABASE_URL', async () => {
    await expect(openStore({ ...base, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres' }, quiet)).rejects.toThrow(
      /cannot open the store in postgres schema .* \(DATABASE_URL\)/,
    );
  });

  it('given only one of KURRENTDB_URL and MONGODB_URL, or either beside DATABASE_URL, then opening fails saying which to set, rather than running on another store', async () => {
    await expect(openStore({ ...base, KURRENTDB_URL: 'kurrentdb://localhost:2113' }, quiet)).rejects.toThrow('KURRENTDB_URL is set without MONGODB_URL');
    await expect(openStore({ ...base, MONGODB_URL: 'mongodb://localhost:27017' }, quiet)).rejects.toThrow('MONGODB_URL is set without KURRENTDB_URL');
    await expect(
      openStore({ ...base, DATABASE_URL, KURRENTDB_URL: 'kurrentdb://localhost:2113', MONGODB_URL: 'mongodb://localhost:27017' }, quiet),
    ).rejects.toThrow(/both set: choose one backend/);
  });

  it('given KURRENTDB_URL and MONGODB_URL where nothing listens, then opening fails naming both servers and MONGODB_URL, never a password', async () => {
    const config = {
      ...base,
      KURRENTDB_URL: 'kurrentdb://admin:changeit@127.0.0.1:1?tls=false',
      MONGODB_URL: 'mongodb://app:secret-password@127.0.0.1:1/trading?serverSelectionTimeoutMS=300&directConnection=true',
    };
    const error = await openStore(config, quiet).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toMatch(
      /^cannot open the store on KurrentDB at 127\.0\.0\.1:1 with MongoDB database trading at 127\.0\.0\.1:1: cannot open the MongoDB read models \(MONGODB_URL\)/,
    );
    expect(error?.message).not.toMatch(/changeit|secret-password/);
  });
});

// Every role on the design card's backend, where its servers exist (set both URLs).
const KURRENTDB_URL = process.env.KURRENTDB_URL;
const MONGODB_URL = process.env.MONGODB_URL;
if (KURRENTDB_URL === undefined || MONGODB_URL === undefined) {
  it('openStore on KurrentDB + MongoDB: not run — KURRENTDB_URL and MONGODB_URL are not both set', () => {
    expect(KURRENTDB_URL === undefined || MONGODB_URL === undefined).toBe(true);
  });
} else {
  it('given KURRENTDB_URL and MONGODB_URL, then every port is on KurrentDB + MongoDB and the log line says where, with notices only within the process', async () => {
    const lines: string[] = [];
    const store = await openStore(
      { HYPERHOOK_DATA_DIR: tmpdir(), HYPERHOOK_DATABASE_SCHEMA: 'unused', KURRENTDB_URL, MONGODB_URL },
      (line) => void lines.push(line),
      'test',
    );
    try {
      expect(store.backend).toBe('kurrentdb+mongodb');
      expect(await store.eventStore.headPosition()).toBeGreaterThanOrEqual(0);
      expect(lines).toEqual([`store: ${store.location}; change notices within this process only (set NATS_URL to reach other processes)`]);
    } finally {
      await store.close();
    }
  });
}
