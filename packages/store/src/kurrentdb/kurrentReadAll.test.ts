import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { readKurrentAll } from './kurrentReadAll.js';
import { kurrentStreamNames } from './kurrentStreamNames.js';

// The paging of readKurrentAll over `$all`, on every build: no KurrentDB runs here, so `$all` is
// a list read the way the server reads it (forwards, the start position included, the stream
// prefix filtered, at most maxCount). The adapter against a real server is kurrentContracts.test.ts.
const log = Array.from({ length: 2_500 }, (_, i) => ({
  streamId: `ns:s-${i % 3}`,
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  revision: BigInt(Math.floor(i / 3)),
  type: i % 2 === 0 ? 'A' : 'B',
  created: new Date(0),
  isJson: true,
  data: { n: i },
  metadata: undefined,
  position: { commit: BigInt((i + 1) * 100), prepare: BigInt((i + 1) * 100) },
}));

const allReader = {
  async *readAll(options: { direction: string; fromPosition: 'start' | { commit: bigint }; maxCount: number | bigint; filter?: { prefixes?: string[] } }) {
    if (options.direction !== 'forwards') throw new Error('this $all reads forwards only');
    const start = options.fromPosition === 'start' ? 0n : options.fromPosition.commit;
    let handed = 0;
    for (const event of log) {
      if (event.position.commit < start) continue;
      if (options.filter?.prefixes && !options.filter.prefixes.some((prefix) => event.streamId.startsWith(prefix))) continue;
      if (handed++ >= Number(options.maxCount)) return;
      yield { event };
    }
  },
} as unknown as KurrentDBClient;

const names = kurrentStreamNames('ns');
const increasing = (positions: readonly number[]) => positions.every((position, i) => i === 0 || position > positions[i - 1]!);

describe('readKurrentAll: reads of $all page after page', () => {
  it('given more events than one server page, then each is returned once, in order (the page boundary event is not repeated)', async () => {
    const events = await readKurrentAll(allReader, names, { maxCount: 5_000 });
    expect(events).toHaveLength(2_500);
    expect(increasing(events.map((event) => event.globalPosition))).toBe(true);
  });

  it('given a type filter that matches fewer than maxCount in a page, then the next pages are read and still nothing repeats', async () => {
    const events = await readKurrentAll(allReader, names, { maxCount: 1_000, filter: { types: ['B'] } });
    expect(events).toHaveLength(1_000);
    expect(events.every((event) => event.type === 'B')).toBe(true);
    expect(increasing(events.map((event) => event.globalPosition))).toBe(true);
  });

  it('given a start position, then only later events, the first one right after it', async () => {
    const events = await readKurrentAll(allReader, names, { fromPosition: 150_000, maxCount: 3 });
    expect(events.map((event) => event.globalPosition)).toEqual([150_100, 150_200, 150_300]);
  });
});
