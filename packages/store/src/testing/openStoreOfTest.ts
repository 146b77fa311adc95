import type { StorePorts } from '../ports/StorePorts.js';
import { openPgStore } from '../postgres/openPgStore.js';
import { TEST_DATABASE_URL } from '../postgres/testing/testPostgres.js';
import { openSqliteStore } from '../sqlite/openSqliteStore.js';

/**
 * Opens the store a test's child process was pointed at: `postgres:<schema>` on the test
 * database, anything else a SQLite file.
 */
export function openStoreOfTest(store: string, options: { readonly pollIntervalMs?: number } = {}): Promise<StorePorts> {
  const schema = /^postgres:(.+)$/.exec(store)?.[1];
  if (schema !== undefined) return openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 4, ...options });
  return openSqliteStore({ file: store, ...options });
}
