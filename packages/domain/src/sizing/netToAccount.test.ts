import { describe, expect, it } from 'vitest';
import { netToAccount } from './netToAccount.js';
import type { OrderPlan } from './orderPlanSchema.js';

const plan = (isBuy: boolean, size: string, reduceOnly: boolean): OrderPlan => ({
  coin: 'ETH',
  assetId: 1,
  szDecimals: 4,
  isBuy,
  price: '3030',
  size,
  reduceOnly,
  tif: 'Ioc',
  cloid: `0x${'1'.repeat(32)}`,
  leverage: 2,
  leverageClamped: false,
  grouping: 'na',
  children: [],
  requestedUsd: null,
  amountUsd: null,
  notionalUsd: 300,
  orderNotionalUsd: 300,
  referencePrice: '3000',
});

describe('netToAccount (issue 39, point 1)', () => {
  it('given a strategy’s buy that only shrinks the account’s short, then it is reduce-only', () => {
    expect(netToAccount(plan(true, '0.04', false), -0.1)).toMatchObject({ ok: true, plan: { reduceOnly: true } });
  });

  it('given a strategy’s close that opens the other side (another strategy holds it), then it is not reduce-only', () => {
    expect(netToAccount(plan(true, '0.1', true), 0)).toMatchObject({ ok: true, plan: { reduceOnly: false } });
    expect(netToAccount(plan(true, '0.1', true), -0.04)).toMatchObject({ ok: true, plan: { reduceOnly: false } });
  });

  it('given such a close worth less than $10, then it is refused by the opening minimum', () => {
    expect(netToAccount(plan(true, '0.003', true), 0)).toMatchObject({ ok: false, code: 'BELOW_MINIMUM_NOTIONAL' });
  });

  it('given an entry that grows the account, then it stays an opening order', () => {
    expect(netToAccount(plan(true, '0.1', false), 0.2)).toMatchObject({ ok: true, plan: { reduceOnly: false } });
  });
});
