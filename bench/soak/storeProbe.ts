// The store's write-ahead log and size as the soak samples them: on the embedded store the files in
// the product's data dir; on PostgreSQL the server's pg_wal and the product's schema.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { BenchStore } from '../product/benchStore.js';

export type StoreProbe = {
  /** What the WAL figure is, for the panel and the summary. */
  readonly walLabel: string;
  /** Bytes, or null where this store has none to read. */
  walBytes(): Promise<number | null>;
  storeBytes(): Promise<number | null>;
  close(): Promise<void>;
};

/** A file's size, 0 when it does not exist (SQLite removes the WAL when the last connection closes). */
function fileBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * The embedded store (packages/cli/src/openEmbeddedStore.ts: HYPERHOOK_DATA_DIR/hyperhook.db). The
 * WAL file keeps its high-water size after a PASSIVE checkpoint (SQLite rewrites it from the start
 * rather than truncating), so its size is the most the log ever held between checkpoints: flat
 * when the checkpointer keeps up, growing when it falls behind.
 */
export function sqliteProbe(dataDir: string): StoreProbe {
  return {
    walLabel: 'hyperhook.db-wal',
    walBytes: async () => fileBytes(join(dataDir, 'hyperhook.db-wal')),
    storeBytes: async () => fileBytes(join(dataDir, 'hyperhook.db')),
    close: async () => undefined,
  };
}

/**
 * PostgreSQL: pg_wal is the server's, so whatever else uses that server (other schemas, other
 * people's tests on a shared one) writes into the same figure; pg_ls_waldir needs a superuser or
 * pg_monitor. The store's size is the product's schema's tables with their indexes and TOAST.
 */
export async function postgresProbe(databaseUrl: string, schema: string): Promise<StoreProbe> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const one = async (sql: string, params: unknown[] = []): Promise<number | null> => {
    const { rows } = await client.query<{ bytes: string | null }>(sql, params);
    return rows[0]?.bytes === null || rows[0]?.bytes === undefined ? null : Number(rows[0].bytes);
  };
  return {
    walLabel: 'pg_wal (the whole server)',
    walBytes: () => one('SELECT sum(size) AS bytes FROM pg_ls_waldir()'),
    storeBytes: () =>
      one(
        `SELECT sum(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`,
        [schema],
      ),
    close: () => client.end(),
  };
}

/** A store whose WAL the soak does not read (KurrentDB + MongoDB). */
export const noProbe: StoreProbe = {
  walLabel: 'not read on this store',
  walBytes: async () => null,
  storeBytes: async () => null,
  close: async () => undefined,
};

export async function storeProbe(store: BenchStore, dataDir: string, env: Readonly<Record<string, string>>): Promise<StoreProbe> {
  if (store === 'sqlite') return sqliteProbe(dataDir);
  if (store === 'postgres') return postgresProbe(env.DATABASE_URL ?? '', env.HYPERHOOK_DATABASE_SCHEMA ?? '');
  return noProbe;
}
