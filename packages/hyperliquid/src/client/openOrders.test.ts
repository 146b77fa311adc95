import { describe, expect, it } from 'vitest';
import { toOpenOrders } from './openOrders.js';

const STOP = {
  coin: 'ETH',
  side: 'A',
  limitPx: '2970.0',
  sz: '0.1',
  oid: 42,
  timestamp: 1_700_000_000_000,
  triggerCondition: 'Price below 3300',
  isTrigger: true,
  triggerPx: '3300.0',
  children: [],
  isPositionTpsl: false,
  reduceOnly: true,
  orderType: 'Stop Market',
  origSz: '0.1',
  tif: null,
  cloid: '0x000000000000000000000000000000AB',
};

describe('reading the frontendOpenOrders answer (issue 39.3)', () => {
  it('given a stop market, when read, then a sell trigger with its trigger price, kind and size, the cloid lower case', () => {
    expect(toOpenOrders([STOP])).toEqual([
      {
        coin: 'ETH',
        oid: 42,
        cloid: '0x000000000000000000000000000000ab',
        side: 'sell',
        size: 0.1,
        origSz: 0.1,
        limitPx: 2970,
        triggerPx: 3300,
        isTrigger: true,
        tpsl: 'sl',
        reduceOnly: true,
        isPositionTpsl: false,
        timestamp: 1_700_000_000_000,
        children: [],
      },
    ]);
  });

  it('given a fired take-profit limit resting as a plain order, when read, then no trigger price but still a take-profit', () => {
    const [order] = toOpenOrders([{ ...STOP, isTrigger: false, triggerPx: '0.0', orderType: 'Take Profit Limit', cloid: null }]);

    expect(order).toMatchObject({ isTrigger: false, tpsl: 'tp' });
    expect(order).not.toHaveProperty('triggerPx');
    expect(order).not.toHaveProperty('cloid');
  });

  it('given an answer of another shape, when read, then it throws instead of inventing orders', () => {
    expect(() => toOpenOrders({ orders: [] })).toThrow();
    expect(() => toOpenOrders([{ ...STOP, sz: 'lots' }])).toThrow();
    expect(() => toOpenOrders([{ ...STOP, side: 'S' }])).toThrow();
  });
});
