import { describe, expect, it } from 'vitest';
import type { FillRecorded } from '../account/accountEvents.js';
import { evolveLedger } from './evolveLedger.js';
import { activityOf, entriesSince, realisedSince } from './strategyActivity.js';
import { countSignalFill, EMPTY_LEDGER, type LedgerState } from './strategyLedger.js';

const DAY = Date.UTC(2026, 11, 2);
const at = (minutes: number) => new Date(DAY + minutes * 60_000).toISOString();
let tid = 0;
const fill = (signalId: string, side: 'B' | 'A', sz: string, px: string, minutes: number, extra: Partial<FillRecorded['data']> = {}): FillRecorded => ({
  type: 'FillRecorded',
  v: 1,
  data: { coin: 'ETH', px, sz, side, time: at(minutes), oid: 1, tid: ++tid, closedPnl: '0', fee: '0', dir: 'Open Long', signalId, strategyId: 'a', ...extra },
});
const fold = (events: readonly FillRecorded[], from: LedgerState = EMPTY_LEDGER) => events.reduce(evolveLedger, from);

describe("a strategy's activity for the entry guards (issue 42, point 1)", () => {
  it('given an entry filled in three parts, answered first and recorded after, when counted, then it is one entry, at its first fill', () => {
    const answered = countSignalFill(EMPTY_LEDGER, { signalId: 's1', strategyId: 'a', coin: 'ETH', filled: '0.3', px: '3000', at: at(10) });
    const ledger = fold([fill('s1', 'B', '0.1', '3000', 10), fill('s1', 'B', '0.1', '3000', 11), fill('s1', 'B', '0.1', '3000', 12)], answered);
    const activity = activityOf(ledger.activity, 'a');
    expect(entriesSince(activity, DAY)).toBe(1);
    expect(activity.lastEntryAt).toEqual({ ETH: at(10) });
  });

  it('given an add, a reduction, a flip and a close, when counted, then the add and the flip are entries and the rest is realised P&L less fees', () => {
    const ledger = fold([
      fill('s1', 'B', '1', '3000', 0, { fee: '1' }),
      fill('s2', 'B', '1', '3200', 30, { fee: '1' }), // add: average 3100
      fill('s3', 'A', '1', '3300', 60, { fee: '1' }), // reduce: +200
      fill('s4', 'A', '2', '3000', 90, { fee: '2' }), // flip: closes 1 at −100, opens a short of 1
      fill('s5', 'B', '1', '2900', 120, { fee: '1' }), // close the short: +100
    ]);
    const activity = activityOf(ledger.activity, 'a');
    expect(entriesSince(activity, DAY)).toBe(3);
    expect(realisedSince(activity, DAY)).toBe(200 - 100 + 100 - 6);
    expect(activity.lastEntryAt.ETH).toBe(at(90));
  });

  it("given a strategy's stop firing, when counted, then it realises P&L and is no entry", () => {
    const ledger = fold([fill('s1', 'B', '1', '3000', 0), fill('x', 'A', '1', '2900', 5, { protective: true, signalId: undefined, cloid: undefined })]);
    const activity = activityOf(ledger.activity, 'a');
    expect(entriesSince(activity, DAY)).toBe(1);
    expect(realisedSince(activity, DAY)).toBe(-100);
  });

  it('given activity three days old, when new activity comes, then the old is forgotten: the buckets stay bounded', () => {
    const ledger = fold([fill('s1', 'B', '1', '3000', 0), fill('s2', 'A', '1', '3100', 3 * 24 * 60)]);
    const activity = activityOf(ledger.activity, 'a');
    expect(Object.keys(activity.entries)).toHaveLength(0);
    expect(Object.keys(activity.pnl)).toHaveLength(1);
    expect(realisedSince(activity, 0)).toBe(100);
  });
});
