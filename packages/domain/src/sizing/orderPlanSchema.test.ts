import { describe, expect, it } from 'vitest';
import { OrderPlanSchema, type OrderPlan } from './orderPlanSchema.js';
import { CLOID } from './testing/planFixtures.js';

const plan: OrderPlan = {
  coin: 'BTC',
  assetId: 0,
  szDecimals: 5,
  isBuy: true,
  price: '97970',
  size: '0.00103',
  reduceOnly: false,
  tif: 'Ioc',
  cloid: CLOID,
  leverage: 1,
  leverageClamped: false,
  grouping: 'normalTpsl',
  children: [{ kind: 'sl', triggerPx: '95000', price: '85500', isBuy: false, size: '0.00103' }],
  requestedUsd: 100,
  amountUsd: 100,
  notionalUsd: 100,
  orderNotionalUsd: 99.91,
  referencePrice: '97000',
};

describe('OrderPlanSchema', () => {
  it('given a sendable plan, when validated, then it passes unchanged', () => {
    expect(OrderPlanSchema.parse(plan)).toEqual(plan);
  });

  it('issue 39.3: given an IOC plan with children and grouping na (placed after the fill), when validated, then it passes', () => {
    expect(OrderPlanSchema.safeParse({ ...plan, grouping: 'na' }).success).toBe(true);
  });

  it.each([
    [{ price: '97970.5' }, 'price'], // 6 significant figures
    [{ size: '0.001034' }, 'size'], // more than szDecimals
    [{ children: [] }, 'grouping'], // normalTpsl without children
    [{ children: [{ kind: 'sl' as const, triggerPx: '95000', price: '85500', isBuy: true, size: '0.00103' }] }, 'children'],
    [{ children: [{ kind: 'sl' as const, triggerPx: '95000', price: '85500', isBuy: false, size: '0.001' }] }, 'children'],
    [{ cloid: '0xABC' }, 'cloid'],
    [{ price: '97970.0' }, 'price'], // not wire form
  ])('given a plan with %j, when validated, then it fails on %s', (patch, path) => {
    const result = OrderPlanSchema.safeParse({ ...plan, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.path[0] === path)).toBe(true);
  });
});
