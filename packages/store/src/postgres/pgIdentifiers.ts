const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Throws unless `schema` is a plain lower-case identifier: it ends up in SQL text (`SET
 * search_path`, index names) and in the NOTIFY channel, where parameters cannot go.
 */
export function assertSchemaName(schema: unknown): asserts schema is string {
  if (typeof schema !== 'string' || !SCHEMA_NAME.test(schema)) {
    throw new TypeError(`a PostgreSQL schema name must be lower-case letters, digits and _ (at most 63), got ${JSON.stringify(schema)}`);
  }
}

/** An identifier quoted for SQL text (callers validate names first; this only guards quotes). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
