/** Request weights as the venue documents them (reference §4.1). */
import { describe, expect, it } from 'vitest';
import { requestWeight, responseWeight } from './requestWeight.js';

const orders = (n: number) => ({ action: { type: 'order', orders: Array.from({ length: n }, () => ({})), grouping: 'na' } });
const cancels = (n: number) => ({ action: { type: 'cancelByCloid', cancels: Array.from({ length: n }, () => ({})) } });

describe('requestWeight on /exchange: 1 + floor(batch length / 40)', () => {
  it.each([
    [1, 1],
    [39, 1],
    [40, 2],
    [79, 2],
    [80, 3],
  ])('given an order batch of %i, then weight %i', (n, weight) => {
    expect(requestWeight('exchange', orders(n))).toBe(weight);
  });

  it('given a cancel batch, then it is priced by its length too', () => {
    expect(requestWeight('exchange', cancels(40))).toBe(2);
  });

  it('given a batchModify, then it is priced by its number of modifies', () => {
    const modifies = (n: number) => ({ action: { type: 'batchModify', modifies: Array.from({ length: n }, () => ({})) } });
    expect(requestWeight('exchange', modifies(39))).toBe(1);
    expect(requestWeight('exchange', modifies(40))).toBe(2);
  });

  it('given an action without a batch or an unreadable body, then weight 1', () => {
    expect(requestWeight('exchange', { action: { type: 'updateLeverage', asset: 0, isCross: true, leverage: 5 } })).toBe(1);
    expect(requestWeight('exchange', undefined)).toBe(1);
    expect(requestWeight('exchange', { action: 'nope' })).toBe(1);
  });
});

describe('requestWeight on /info', () => {
  it.each(['l2Book', 'allMids', 'clearinghouseState', 'orderStatus', 'spotClearinghouseState', 'exchangeStatus'])('given %s, then weight 2', (type) => {
    expect(requestWeight('info', { type })).toBe(2);
  });

  it('given userRole, then weight 60', () => {
    expect(requestWeight('info', { type: 'userRole', user: '0x0' })).toBe(60);
  });

  it.each(['meta', 'metaAndAssetCtxs', 'openOrders', 'frontendOpenOrders', 'userFills', 'userFillsByTime', 'userRateLimit', 'extraAgents'])(
    'given %s, then weight 20',
    (type) => {
      expect(requestWeight('info', { type })).toBe(20);
    },
  );

  it('given an unknown type, no type or an unreadable body, then weight 20', () => {
    expect(requestWeight('info', { type: 'explode' })).toBe(20);
    expect(requestWeight('info', { user: '0x0' })).toBe(20);
    expect(requestWeight('info', undefined)).toBe(20);
  });
});

describe('responseWeight: 1 more per 20 items returned by list-priced info types', () => {
  it.each([
    [0, 0],
    [19, 0],
    [20, 1],
    [39, 1],
    [45, 2],
  ])('given userFills returning %i items, then %i extra', (n, extra) => {
    expect(responseWeight('userFills', new Array(n).fill({}))).toBe(extra);
    expect(responseWeight('userFillsByTime', new Array(n).fill({}))).toBe(extra);
  });

  it('given a type without the surcharge or a non-list answer, then nothing extra', () => {
    expect(responseWeight('openOrders', new Array(100).fill({}))).toBe(0);
    expect(responseWeight('userFills', { not: 'a list' })).toBe(0);
    expect(responseWeight(undefined, new Array(100).fill({}))).toBe(0);
  });
});
