// Which store a bench's product runs on, from its flags: shared by the product bench and the soak,
// so both name and set up PostgreSQL and KurrentDB the same way.
import { SYSTEM_KURRENTDB_URL, SYSTEM_MONGODB_URL, withMongoDatabase } from '../../tests/system/stack.js';

export type BenchStore = 'sqlite' | 'postgres' | 'kurrent';

/** The PostgreSQL server of `--postgres`: HYPERHOOK_TEST_DATABASE_URL or the local one. */
export const BENCH_DATABASE_URL = process.env.HYPERHOOK_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `--postgres` or `--kurrent` (KURRENTDB_URL and MONGODB_URL in the environment), else the embedded file. */
export function storeFromArgs(args: readonly string[]): BenchStore {
  if (args.includes('--kurrent')) {
    if (SYSTEM_KURRENTDB_URL === undefined || SYSTEM_MONGODB_URL === undefined)
      throw new Error('--kurrent needs KURRENTDB_URL and MONGODB_URL (a replica set) in the environment');
    return 'kurrent';
  }
  return args.includes('--postgres') ? 'postgres' : 'sqlite';
}

/** The environment of a product on `store`: nothing for the embedded file, a fresh PostgreSQL schema, or a fresh KurrentDB namespace with its MongoDB database. */
export function storeEnv(store: BenchStore): Record<string, string> {
  const name = `bench_${Date.now().toString(36)}`;
  if (store === 'postgres') return { DATABASE_URL: BENCH_DATABASE_URL, HYPERHOOK_DATABASE_SCHEMA: name };
  if (store === 'kurrent')
    return { KURRENTDB_URL: SYSTEM_KURRENTDB_URL ?? '', MONGODB_URL: withMongoDatabase(SYSTEM_MONGODB_URL ?? '', name), HYPERHOOK_KURRENTDB_NAMESPACE: name };
  return {};
}

/** Rows on another store say so. */
export const onStore = (name: string, store: BenchStore): string =>
  store === 'postgres' ? `${name}, PostgreSQL` : store === 'kurrent' ? `${name}, KurrentDB + MongoDB` : name;
