import { describe, expect, it } from 'vitest';
import type { FillRecorded, FundingPaid } from '../account/accountEvents.js';
import { Dec } from '../exchange/decimal.js';
import { evolveLedger } from './evolveLedger.js';
import { fundingKey, fundingShares, ledgerAt, splitFunding, type VenueFunding } from './fundingShares.js';
import { activityOf, realisedSince } from './strategyActivity.js';
import { EMPTY_LEDGER } from './strategyLedger.js';

const HOUR = Date.UTC(2026, 11, 4, 10);
const at = (ms: number) => new Date(ms).toISOString();
let tid = 0;
const fill = (strategyId: string, side: 'B' | 'A', sz: string, time: number): FillRecorded => ({
  type: 'FillRecorded',
  v: 1,
  data: {
    coin: 'ETH',
    px: '3000',
    sz,
    side,
    time: at(time),
    oid: 1,
    tid: ++tid,
    closedPnl: '0',
    fee: '0',
    dir: 'Open Long',
    signalId: `sig-${tid}`,
    strategyId,
  },
});
const payment = (usdc: string, szi = '0.3'): VenueFunding => ({ coin: 'ETH', usdc, szi, fundingRate: '0.0000125', time: HOUR, hash: `0x${'0'.repeat(64)}` });
const sum = (events: readonly FundingPaid[]) => events.reduce((total, e) => total.plus(e.data.usdc), new Dec(0)).toFixed();
const everyone = () => true;

describe('funding shares (issue 43)', () => {
  it('given two strategies long ETH 0.1 and 0.2 at the hour, when the venue paid -0.0113, then each pays its third and the parts sum exactly to the venue’s', () => {
    const ledger = ledgerAt([fill('a', 'B', '0.1', HOUR - 60_000), fill('b', 'B', '0.2', HOUR - 30_000)], HOUR);

    const events = splitFunding(payment('-0.0113'), fundingShares(ledger, 'ETH', 'main', everyone), undefined);

    expect(events.map((e) => [e.data.strategyId, e.data.szi, e.data.usdc])).toEqual([
      ['a', '0.1', '-0.003766'],
      ['b', '0.2', '-0.007534'],
    ]);
    expect(sum(events)).toBe('-0.0113');
  });

  it('given a strategy that entered after the hour, when the payment is shared, then only the holders at the hour pay it', () => {
    const events = [fill('a', 'B', '0.1', HOUR - 60_000), fill('b', 'B', '0.2', HOUR + 60_000)];

    const shares = fundingShares(ledgerAt(events, HOUR), 'ETH', 'main', everyone);

    expect(shares).toEqual([{ strategyId: 'a', szi: '0.1' }]);
  });

  it('given three equal holders, when 0.01 is received, then the rounding remainder goes to the last and the sum is exact', () => {
    const ledger = ledgerAt([fill('a', 'B', '1', HOUR - 3), fill('b', 'B', '1', HOUR - 2), fill('c', 'B', '1', HOUR - 1)], HOUR);

    const events = splitFunding(payment('0.01', '3'), fundingShares(ledger, 'ETH', 'main', everyone), undefined);

    expect(events.map((e) => e.data.usdc)).toEqual(['0.003333', '0.003333', '0.003334']);
    expect(sum(events)).toBe('0.01');
  });

  it('given a position no strategy holds, when it is shared, then one event records the whole payment for no strategy', () => {
    const events = splitFunding(payment('-0.0113'), fundingShares(EMPTY_LEDGER, 'ETH', 'main', everyone), '0x' + 'a'.repeat(40));

    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      coin: 'ETH',
      usdc: '-0.0113',
      szi: '0.3',
      fundingRate: '0.0000125',
      time: at(HOUR),
      hash: `0x${'0'.repeat(64)}`,
      subAccount: '0x' + 'a'.repeat(40),
    });
  });

  it('given strategies of another account, when shares are taken, then only the ones trading on the paying account count', () => {
    const ledger = ledgerAt([fill('a', 'B', '0.1', HOUR - 2), fill('b', 'B', '0.2', HOUR - 1)], HOUR);

    expect(fundingShares(ledger, 'ETH', 'main', (id) => id === 'b')).toEqual([{ strategyId: 'b', szi: '0.2' }]);
  });

  it('given a payment read twice, then its key is the same, and another coin or account has another key', () => {
    expect(fundingKey({ coin: 'ETH', time: HOUR }, 'main')).toBe(fundingKey({ coin: 'ETH', time: at(HOUR) }, 'main'));
    expect(fundingKey({ coin: 'ETH', time: HOUR }, 'main')).not.toBe(fundingKey({ coin: 'BTC', time: HOUR }, 'main'));
    expect(fundingKey({ coin: 'ETH', time: HOUR }, 'main')).not.toBe(fundingKey({ coin: 'ETH', time: HOUR }, '0x' + 'a'.repeat(40)));
  });

  it('given a strategy’s funding recorded, when the ledger folds it, then the day’s realised P&L moves by it and the holding does not', () => {
    const held = evolveLedger(EMPTY_LEDGER, fill('a', 'B', '0.1', HOUR - 1));
    const [paid] = splitFunding(payment('-0.5', '0.1'), [{ strategyId: 'a', szi: '0.1' }], undefined);

    const after = evolveLedger(held, paid!);

    expect(realisedSince(activityOf(after.activity, 'a'), HOUR - 86_400_000)).toBe(-0.5);
    expect(after.holdings).toEqual(held.holdings);
  });
});
