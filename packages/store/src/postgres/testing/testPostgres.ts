import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL the tests use: HYPERHOOK_TEST_DATABASE_URL, else the server every build machine
 * runs (127.0.0.1:5432, trust auth). The suites need it and fail when it is not there: they are
 * not skipped, since this deployment is tested here for real.
 */
export const TEST_DATABASE_URL = process.env.HYPERHOOK_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A schema name no other test uses. */
export function freshSchemaName(prefix = 't'): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

/** Drops test schemas with everything in them. */
export async function dropSchemas(names: readonly string[], url = TEST_DATABASE_URL): Promise<void> {
  if (names.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of names) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}
