/** Hourly funding and liquidating one account at the current marks: the rules the paper venue trades on. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSETS } from './assets.js';
import { accountNumbers } from './clearinghouse.js';
import { BASELINE_FUNDING_RATE, FUNDING_INTERVAL_MS, fundingHourOf, fundingPayment, payFunding } from './funding.js';
import { applyFill } from './ledger.js';
import { liquidateAccount } from './liquidations.js';
import { SimState, type SimAccount } from './simState.js';
import { unlistedFilledOrder } from './unlistedFilledOrder.js';

const HOUR = Date.parse('2026-11-28T13:00:00Z');

function stateWith(usdc: number): { state: SimState; acct: SimAccount } {
  const state = new SimState({ assets: DEFAULT_ASSETS, seed: 1, now: () => HOUR, strictIntegerSigFigs: true });
  return { state, acct: state.seedAccount({ address: 'paper:a', usdc }) };
}

/** Books a taker fill of `lots` ETH lots (4 decimals) at `px` for the account. */
function tradeEth(state: SimState, acct: SimAccount, isBuy: boolean, lots: number, px: number): void {
  const order = unlistedFilledOrder(state, { user: acct.address, asset: 1, coin: 'ETH', isBuy, limitPx: px, lots, reduceOnly: false });
  applyFill(state, acct, order, px, lots, true, null);
}

describe('funding (rule 17)', () => {
  it('given a long of 2 ETH, when the hour settles at a positive rate, then it pays size × oracle price × rate out of its cash', () => {
    const { state, acct } = stateWith(10_000);
    tradeEth(state, acct, true, 20_000, 3_500);
    const before = accountNumbers(state, acct).margin.accountValue;

    const paid = payFunding(state, acct, { time: HOUR, coin: 'ETH', fundingRate: 0.0001, oraclePx: 3_000 });

    expect(paid).toEqual({ time: HOUR, coin: 'ETH', szi: 2, fundingRate: 0.0001, oraclePx: 3_000, usdc: -0.6 });
    expect(accountNumbers(state, acct).margin.accountValue).toBeCloseTo(before - 0.6, 9);
    expect(acct.positions.get(1)).toMatchObject({ lots: 20_000, entryPx: 3_500 });
  });

  it('given a short, then a positive rate pays it and a negative one charges it; a long receives a negative rate', () => {
    expect(fundingPayment(-2, 3_000, 0.0001)).toBeCloseTo(0.6, 12);
    expect(fundingPayment(-2, 3_000, -0.0001)).toBeCloseTo(-0.6, 12);
    expect(fundingPayment(2, 3_000, -0.0001)).toBeCloseTo(0.6, 12);
    expect(fundingPayment(2, 3_000, 0)).toBe(0);
  });

  it('given the size held at the hour, then that size is paid on, not the one held now; nothing is paid on no position', () => {
    const { state, acct } = stateWith(10_000);
    expect(payFunding(state, acct, { time: HOUR, coin: 'ETH', fundingRate: BASELINE_FUNDING_RATE, oraclePx: 3_500 })).toBeNull();
    tradeEth(state, acct, false, 10_000, 3_500);
    const paid = payFunding(state, acct, { time: HOUR, coin: 'ETH', fundingRate: 0.0001, oraclePx: 3_500, szi: -3 });
    expect(paid?.usdc).toBeCloseTo(1.05, 12);
  });

  it('funding hours are the whole hours of the clock', () => {
    expect(fundingHourOf(HOUR)).toBe(HOUR);
    expect(fundingHourOf(HOUR + FUNDING_INTERVAL_MS - 1)).toBe(HOUR);
    expect(fundingHourOf(HOUR - 1)).toBe(HOUR - FUNDING_INTERVAL_MS);
  });
});

describe('liquidateAccount', () => {
  it('given a cross long, when the mark sits just above its liquidation price, then nothing happens; just below, then it is closed at the mark as a liquidation', () => {
    const { state, acct } = stateWith(1_000);
    tradeEth(state, acct, true, 10_000, 3_500);
    const liquidationPx = accountNumbers(state, acct).positions[0]?.liquidationPx ?? 0;
    expect(liquidationPx).toBeGreaterThan(2_500);

    state.marks.set('ETH', liquidationPx * 1.0001);
    const above = accountNumbers(state, acct);
    expect(above.cross.accountValue).toBeGreaterThan(above.crossMaintenanceMarginUsed);
    expect(liquidateAccount(state, acct)).toEqual([]);
    expect(acct.positions.has(1)).toBe(true);

    state.marks.set('ETH', liquidationPx * 0.9999);
    const below = accountNumbers(state, acct);
    expect(below.cross.accountValue).toBeLessThan(below.crossMaintenanceMarginUsed);
    const fills = liquidateAccount(state, acct);
    expect(fills).toHaveLength(1);
    expect(fills[0]).toMatchObject({ coin: 'ETH', isBuy: false, lots: 10_000, px: liquidationPx * 0.9999, dir: 'Liquidated Cross Long', crossed: true });
    expect(fills[0]?.liquidation).toMatchObject({ method: 'market', markPx: liquidationPx * 0.9999 });
    expect(acct.positions.has(1)).toBe(false);
  });
});
