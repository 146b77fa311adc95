import { describe, expect, it } from 'vitest';
import type { FillRecorded } from '../account/accountEvents.js';
import { driftOf } from './driftRule.js';
import { evolveLedger } from './evolveLedger.js';
import { countSignalFill, EMPTY_LEDGER, holdingOf, strategiesTotal, type LedgerState } from './strategyLedger.js';

const at = (s: number) => new Date(Date.UTC(2026, 11, 2, 3, 0, s)).toISOString();
let tid = 0;
const fill = (signalId: string, side: 'B' | 'A', sz: string, px: string, extra: Partial<FillRecorded['data']> = {}): FillRecorded => ({
  type: 'FillRecorded',
  v: 1,
  data: { coin: 'ETH', px, sz, side, time: at(tid), oid: 1, tid: ++tid, closedPnl: '0', fee: '0', dir: 'Open Long', signalId, ...extra },
});
const fold = (events: readonly FillRecorded[], from: LedgerState = EMPTY_LEDGER) => events.reduce(evolveLedger, from);

describe('strategy ledger (issue 39, point 1)', () => {
  it('given fills of two strategies, then each holds the sum of its own fills at its own average entry', () => {
    const ledger = fold([
      fill('s1', 'B', '0.1', '3000', { strategyId: 'a' }),
      fill('s2', 'B', '0.2', '3100', { strategyId: 'b' }),
      fill('s3', 'B', '0.1', '3200', { strategyId: 'a' }),
    ]);
    expect(holdingOf(ledger, 'a', 'ETH')).toMatchObject({ szi: '0.2', entryPx: '3100' });
    expect(holdingOf(ledger, 'b', 'ETH')).toMatchObject({ szi: '0.2', entryPx: '3100' });
    expect(strategiesTotal(ledger, 'ETH')).toBe('0.4');
  });

  it('given a reduction, then P&L is realised against the strategy’s own entry, not the account’s', () => {
    const ledger = fold([
      fill('s1', 'B', '0.1', '3000', { strategyId: 'a' }),
      fill('s2', 'B', '0.1', '3400', { strategyId: 'b' }),
      fill('s3', 'A', '0.1', '3200', { strategyId: 'a' }),
    ]);
    expect(holdingOf(ledger, 'a', 'ETH')).toMatchObject({ szi: '0', realizedPnl: '20', openedAt: null });
    expect(holdingOf(ledger, 'b', 'ETH')).toMatchObject({ szi: '0.1', entryPx: '3400' });
  });

  it('given an order’s answer counted first, when its fills are recorded, then the signal counts once (and the other way round)', () => {
    const answered = countSignalFill(EMPTY_LEDGER, { signalId: 's1', strategyId: 'a', coin: 'ETH', filled: '0.1', px: '3000', at: at(0) });
    const both = fold([fill('s1', 'B', '0.04', '3000', { strategyId: 'a' }), fill('s1', 'B', '0.06', '3001', { strategyId: 'a' })], answered);
    expect(holdingOf(both, 'a', 'ETH').szi).toBe('0.1');
    const recordedFirst = fold([fill('s1', 'B', '0.1', '3000', { strategyId: 'a' })]);
    expect(
      holdingOf(countSignalFill(recordedFirst, { signalId: 's1', strategyId: 'a', coin: 'ETH', filled: '0.1', px: '3000', at: at(0) }), 'a', 'ETH').szi,
    ).toBe('0.1');
  });

  it('given a fill recorded before strategies kept their own, then it counts for the first strategy', () => {
    expect(holdingOf(fold([fill('s1', 'A', '0.1', '3000')]), 'main', 'ETH').szi).toBe('-0.1');
  });

  it('given a close-all fill, then every strategy’s share in the coin is closed', () => {
    const ledger = fold([
      fill('s1', 'B', '0.1', '3000', { strategyId: 'a' }),
      fill('s2', 'A', '0.3', '3000', { strategyId: 'b' }),
      fill('s3', 'B', '0.2', '2900', { closeAll: true }),
    ]);
    expect(holdingOf(ledger, 'a', 'ETH').szi).toBe('0');
    expect(holdingOf(ledger, 'b', 'ETH')).toMatchObject({ szi: '0', realizedPnl: '30' });
  });
});

describe('drift rule (issue 39, point 1)', () => {
  const two = fold([fill('s1', 'B', '0.3', '3000', { strategyId: 'a' }), fill('s2', 'B', '0.1', '3000', { strategyId: 'b' })]);
  const venue = (szi: number) => ({ coin: 'ETH', szi, szDecimals: 4, px: '3100', at: at(50), account: 'main', trades: () => true });

  it('given the venue matches the ledger, then there is no drift', () => {
    expect(driftOf(two, venue(0.4))).toBeNull();
  });

  it('given a partial liquidation, then every share shrinks in proportion, rounded down to the size step', () => {
    const drift = driftOf(two, venue(0.2));
    expect(drift?.data).toMatchObject({
      rule: 'reducedInProportion',
      strategies: [
        { strategyId: 'a', from: '0.3', to: '0.15' },
        { strategyId: 'b', from: '0.1', to: '0.05' },
      ],
      outsideTo: '0',
    });
    const after = evolveLedger(two, drift!);
    expect(strategiesTotal(after, 'ETH')).toBe('0.2');
    expect(holdingOf(after, 'a', 'ETH').realizedPnl).toBe('15');
  });

  it('given the venue is flat, then every share is closed; given it grew, then the outside part takes the difference', () => {
    expect(driftOf(two, venue(0))?.data).toMatchObject({ rule: 'flattened', strategies: [{ to: '0' }, { to: '0' }] });
    const grown = driftOf(two, venue(0.5));
    expect(grown?.data).toMatchObject({ rule: 'grown', outsideFrom: '0', outsideTo: '0.1' });
    expect(driftOf(evolveLedger(two, grown!), venue(0.5))).toBeNull();
  });

  it('given the venue holds the other side, then the strategies are closed and the other side is outside hyperhook', () => {
    expect(driftOf(two, venue(-0.2))?.data).toMatchObject({ rule: 'flipped', strategies: [{ to: '0' }, { to: '0' }], outsideTo: '-0.2' });
  });

  it('issue 39.2: given b trades on a sub-account, when the main account is found flat, then only a’s share is closed and the drift names no account', () => {
    const drift = driftOf(two, { ...venue(0), trades: (id) => id === 'a' });
    expect(drift?.data).toMatchObject({ rule: 'flattened', ledgerSzi: '0.3', strategies: [{ strategyId: 'a', to: '0' }] });
    expect(drift?.data.account).toBeUndefined();
    const onSub = driftOf(two, { ...venue(0.25), account: `0x${'ab'.repeat(20)}`, trades: (id) => id === 'b' });
    expect(onSub?.data).toMatchObject({ rule: 'grown', account: `0x${'ab'.repeat(20)}`, outsideTo: '0.15' });
    expect(holdingOf(evolveLedger(two, onSub!), 'b', 'ETH').szi).toBe('0.1');
  });

  it('given fills counted from answers only, when drift is recorded, then their later recorded fills do not count again', () => {
    const answered = countSignalFill(EMPTY_LEDGER, { signalId: 's9', strategyId: 'a', coin: 'ETH', filled: '0.1', px: '3000', at: at(0) });
    const drift = driftOf(answered, venue(0));
    expect(drift?.data.counted).toEqual([{ signalId: 's9', filled: '0.1' }]);
    const after = fold([fill('s9', 'B', '0.1', '3000', { strategyId: 'a' })], evolveLedger(EMPTY_LEDGER, drift!));
    expect(holdingOf(after, 'a', 'ETH').szi).toBe('0');
  });
});
