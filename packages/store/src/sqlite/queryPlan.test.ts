import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORT_FIELDS, ensureSortIndexes, sortIndexName } from './ensureSortIndexes.js';
import { migrateSqliteSchema } from './migrateSqliteSchema.js';
import { openSqliteDatabase, type SqliteDatabase } from './openSqliteDatabase.js';
import { buildQuerySql } from './queryDocuments.js';

// The per-user query must be an index range scan with no sort step, for every indexed field.
describe('per-user query plan', () => {
  let db: SqliteDatabase;
  beforeAll(() => {
    db = openSqliteDatabase({ file: ':memory:', synchronous: 'FULL', busyTimeoutMs: 100 });
    migrateSqliteSchema(db, () => 0);
    ensureSortIndexes(db, DEFAULT_SORT_FIELDS);
    const insert = db.prepare(`INSERT INTO docs VALUES ('webhookLogs', 0, ?, ?, 1, ?)`);
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`d-${i}`, `u-${i % 50}`, JSON.stringify({ receivedAt: i, updatedAt: -i, status: 'executed' }));
    })();
  });
  afterAll(() => db.close());

  const plan = (sql: string, where: Record<string, string> = {}) =>
    db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all({ collection: 'webhookLogs', generation: null, userId: 'u-1', limit: 200, ...where })
      .map((row) => (row as { detail: string }).detail)
      .join('\n');

  for (const field of DEFAULT_SORT_FIELDS) {
    for (const order of ['desc', 'asc'] as const) {
      it(`given sortBy ${field} ${order}, then the plan searches ${sortIndexName(field)} without a temp B-tree`, () => {
        const detail = plan(buildQuerySql({ sortBy: field, order }));
        expect(detail).toContain(`SEARCH docs USING INDEX ${sortIndexName(field)} (collection=? AND generation=? AND user_id=?)`);
        expect(detail).not.toContain('TEMP B-TREE');
      });
    }

    it(`given sortBy ${field} with a where filter, then the same index serves it`, () => {
      const detail = plan(buildQuerySql({ sortBy: field, order: 'desc', where: { status: 'failed' } }), { w0: 'failed' });
      expect(detail).toContain(`USING INDEX ${sortIndexName(field)}`);
      expect(detail).not.toContain('TEMP B-TREE');
    });
  }

  it('given a field without an index and planner statistics (PRAGMA optimize runs at open and close), then the user is still found by index and only the sort is in memory', () => {
    db.pragma('optimize = 0x10002');
    const detail = plan(buildQuerySql({ sortBy: 'status', order: 'desc' }));
    expect(detail).toMatch(/SEARCH docs USING INDEX docs_by_user_\w+ \(collection=\? AND generation=\? AND user_id=\?\)/);
    expect(detail).toContain('USE TEMP B-TREE FOR ORDER BY');
  });

  it('given an extra configured field, then it gets its own index', () => {
    ensureSortIndexes(db, ['executedAt']);
    expect(plan(buildQuerySql({ sortBy: 'executedAt', order: 'desc' }))).toContain(`USING INDEX ${sortIndexName('executedAt')}`);
    expect(() => ensureSortIndexes(db, ['bad field'])).toThrow();
  });
});
