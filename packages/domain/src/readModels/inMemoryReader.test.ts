import { describe, expect, it } from 'vitest';
import { inMemoryReader } from './inMemoryReader.js';
import type { ReadModelDoc } from './readModel.js';

const doc = (id: string, userId: string, data: Record<string, unknown> | null): ReadModelDoc<unknown> => ({ collection: 'logs', id, userId, version: 1, data });

describe("inMemoryReader (issue 31, point 2: the dashboard's reads over a state as of a moment)", () => {
  const reader = inMemoryReader({
    logs: [
      doc('a', 'u1', { at: '2026-01-02', status: 'executed', strategyId: null }),
      doc('b', 'u1', { at: '2026-01-03', status: 'failed', strategyId: 's1' }),
      doc('c', 'u2', { at: '2026-01-04', status: 'executed' }),
      doc('d', 'u1', { at: '2026-01-01', status: 'executed' }),
      doc('e', 'u1', null),
    ],
  });

  it("given one user's documents, when querying by a field descending with a limit, then only theirs, newest first, tombstones left out", async () => {
    const rows = await reader.query('logs', { userId: 'u1', sortBy: 'at', order: 'desc', limit: 2 });
    expect(rows.map((row) => row.id)).toEqual(['b', 'a']);
  });

  it('given a where on a value and on null, then it filters as the stores do (a missing field is null)', async () => {
    const executed = await reader.query('logs', { userId: 'u1', sortBy: 'at', order: 'asc', limit: 10, where: { status: 'executed' } });
    const firstStrategy = await reader.query('logs', { userId: 'u1', sortBy: 'at', order: 'asc', limit: 10, where: { strategyId: null } });
    expect(executed.map((row) => row.id)).toEqual(['d', 'a']);
    expect(firstStrategy.map((row) => row.id)).toEqual(['d', 'a']);
  });

  it('given numbers, text and missing values, then they sort as SQL does: missing first, then numbers, then text; ties by id', async () => {
    const mixed = inMemoryReader({
      c: [doc('3', 'u', { v: 'b' }), doc('1', 'u', { v: 10 }), doc('2', 'u', { v: 9 }), doc('4', 'u', {}), doc('0', 'u', { v: 9 })],
    });
    expect((await mixed.query('c', { userId: 'u', sortBy: 'v', order: 'asc', limit: 9 })).map((row) => row.id)).toEqual(['4', '0', '2', '1', '3']);
  });

  it('given an id, then get answers that document or undefined', async () => {
    expect((await reader.get('logs', 'c'))?.userId).toBe('u2');
    expect(await reader.get('logs', 'zz')).toBeUndefined();
    expect(await reader.get('nothing', 'a')).toBeUndefined();
  });
});
