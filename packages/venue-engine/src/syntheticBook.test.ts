import { describe, expect, it } from 'vitest';
import { fillDirection } from './ledger.js';
import { BOOK_LEVELS, bestBidAsk, sweepBook, syntheticLevels } from './syntheticBook.js';

describe('synthetic book', () => {
  it('given a mid, then bids descend and asks ascend away from it with finite depth', () => {
    const bids = syntheticLevels(97000, 5, 'bid');
    const asks = syntheticLevels(97000, 5, 'ask');
    expect(bids).toHaveLength(BOOK_LEVELS);
    expect(bids.map((l) => l.px)).toEqual([96980, 96961, 96941, 96922, 96903]);
    expect(asks[0]?.px).toBe(97020);
    expect(bestBidAsk(97000, 5)).toEqual({ bid: 96980, ask: 97020 });
    for (const l of [...bids, ...asks]) expect(l.lots).toBeGreaterThan(0);
  });

  it('given a limit inside the spread, then nothing fills; a huge order fills only the depth', () => {
    expect(sweepBook(97000, 5, true, 97000, 1000).filledLots).toBe(0);
    const all = syntheticLevels(97000, 5, 'ask').reduce((s, l) => s + l.lots, 0);
    expect(sweepBook(97000, 5, true, 200000, 10 ** 9).filledLots).toBe(all);
  });
});

describe('fill direction', () => {
  it.each([
    [0, 5, 'Open Long'],
    [0, -5, 'Open Short'],
    [5, 5, 'Open Long'],
    [5, -3, 'Close Long'],
    [5, -5, 'Close Long'],
    [5, -8, 'Long > Short'],
    [-5, 8, 'Short > Long'],
    [-5, 2, 'Close Short'],
  ])('given position %i and trade %i, then "%s"', (start, signed, dir) => {
    expect(fillDirection(start, signed)).toBe(dir);
  });
});
