import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { migrationTargetOf, runMigrate } from './runMigrate.js';

describe('migrate --to: where the embedded store goes', () => {
  it('given a PostgreSQL or a KurrentDB URL, then that kind of target', () => {
    expect(migrationTargetOf('postgres://hh:pw@db:5432/hyperhook')).toEqual({ kind: 'postgres', url: 'postgres://hh:pw@db:5432/hyperhook' });
    expect(migrationTargetOf('postgresql://db/hyperhook').kind).toBe('postgres');
    expect(migrationTargetOf('kurrentdb://kdb:2113?tls=false').kind).toBe('kurrentdb');
    expect(migrationTargetOf('esdb+discover://a:2113,b:2113').kind).toBe('kurrentdb');
  });

  it('given no URL, or another kind, then a refusal that names the kinds it takes and never echoes the URL', () => {
    expect(() => migrationTargetOf(undefined)).toThrow(/migrate needs --to <url>: postgres:\/\/.*kurrentdb:\/\//);
    expect(() => migrationTargetOf('  ')).toThrow(/migrate needs --to <url>/);
    expect(() => migrationTargetOf('mongodb://admin:secret@m:27017')).toThrow(
      'migrate --to must be a PostgreSQL (postgres://) or KurrentDB (kurrentdb://) URL; got a mongodb:// URL',
    );
    expect(() => migrationTargetOf('admin:secret@host')).toThrow(/got no URL scheme$/);
  });

  describe('into KurrentDB', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hyperhook-migrate-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('given no MONGODB_URL, then it stops before reading anything, saying where the read models, checkpoints and keys would go', async () => {
      await expect(runMigrate(loadConfig({ HYPERHOOK_DATA_DIR: dataDir }), 'kurrentdb://127.0.0.1:1?tls=false')).rejects.toThrow(
        'migrate --to kurrentdb://… needs MONGODB_URL',
      );
    });

    it('given no embedded store in the data dir, then nothing is migrated and it says where it looked', async () => {
      const config = loadConfig({ HYPERHOOK_DATA_DIR: dataDir, MONGODB_URL: 'mongodb://127.0.0.1:1/hyperhook' });
      await expect(runMigrate(config, 'kurrentdb://127.0.0.1:1?tls=false')).rejects.toThrow(
        `there is no embedded store at ${join(dataDir, 'hyperhook.db')} (HYPERHOOK_DATA_DIR): nothing to migrate`,
      );
    });
  });
});
