import pg from 'pg';
import { assertSchemaName } from './pgIdentifiers.js';

/** PostgreSQL's OID of `int8` (bigint). */
const INT8_OID = 20;

/**
 * bigint columns (positions, versions, times in ms) as numbers: every one the store writes is a
 * safe integer, and a value that is not would be corruption, so it throws instead of rounding.
 */
function parseSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} is not a safe integer`);
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? parseSafeInteger : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** Options of openPgPool. */
export type PgPoolOptions = {
  /** `postgres://user@host:port/database` (libpq URL; `?sslmode=` and the rest as node-postgres reads them). */
  readonly url: string;
  /** The schema every statement addresses (through `search_path`). */
  readonly schema: string;
  /** Most connections of this pool, default 10. */
  readonly max?: number;
  /** Name shown in `pg_stat_activity`, default 'hyperhook'. */
  readonly applicationName?: string;
};

/** A connection pool whose sessions address the store's schema and read bigints as numbers. */
export function openPgPool(options: PgPoolOptions): pg.Pool {
  assertSchemaName(options.schema);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'hyperhook',
    options: `-c search_path=${options.schema}`,
    types,
  });
  // An idle connection the server drops (restart, admin kill) errors on the pool: without a
  // listener that would crash the process; the pool replaces it on the next checkout.
  pool.on('error', () => undefined);
  // A connection the server drops while it is checked out (a PostgreSQL restart mid-transaction)
  // emits 'error' on the client itself, where the pool has no listener: the process would crash.
  // Its query rejects all the same, and the caller releases the broken client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** A single client with the same settings (LISTEN needs a dedicated session). */
export function openPgClient(options: PgPoolOptions): pg.Client {
  assertSchemaName(options.schema);
  return new pg.Client({
    connectionString: options.url,
    application_name: options.applicationName ?? 'hyperhook',
    options: `-c search_path=${options.schema}`,
    types,
  });
}
