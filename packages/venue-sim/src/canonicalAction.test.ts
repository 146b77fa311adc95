import { createL1ActionHash } from '@nktkas/hyperliquid/signing';
import { describe, expect, it } from 'vitest';
import { ActionSchema } from './actionSchemas.js';
import { canonicalL1Action, type L1Action } from './canonicalAction.js';
import { l1ActionHash } from './l1ActionHash.js';

const parse = (a: unknown): L1Action => ActionSchema.parse(a) as L1Action;
const CANONICAL_HASH = '0x884f2c32bb6dbdd65f6033e32fb28c0cb6f5b345db0f6471fd3366d85c9252c1';

describe('canonical re-serialisation', () => {
  it('given reordered keys and "100.0", when parsed and re-serialised, then the canonical hash results', () => {
    const posted = { grouping: 'na', orders: [{ t: { limit: { tif: 'Gtc' } }, r: false, s: '100.0', p: '0100', b: true, a: 1 }], type: 'order' };
    expect(l1ActionHash(canonicalL1Action(parse(posted)), 0)).toBe(CANONICAL_HASH);
  });

  it('given an uppercase cloid, when re-serialised, then it is lowercased', () => {
    const a = canonicalL1Action(parse({ type: 'cancelByCloid', cancels: [{ asset: 1, cloid: '0x0000000000000000000000000000000A' }] })) as {
      cancels: { cloid: string }[];
    };
    expect(a.cancels[0]?.cloid).toBe('0x0000000000000000000000000000000a');
  });

  it('given f:false or null optional keys, when re-serialised, then they are omitted', () => {
    expect(canonicalL1Action(parse({ type: 'cancel', cancels: [{ a: 0, o: 5 }], f: false }))).toEqual({ type: 'cancel', cancels: [{ a: 0, o: 5 }] });
    expect(Object.keys(canonicalL1Action(parse({ type: 'cancel', cancels: [], f: true })))).toEqual(['type', 'cancels', 'f']);
    expect(canonicalL1Action(parse({ type: 'scheduleCancel', time: null }))).toEqual({ type: 'scheduleCancel' });
    const order = canonicalL1Action(
      parse({ type: 'order', orders: [{ a: 0, b: true, p: '1', s: '1', r: false, t: { limit: { tif: 'Gtc' } }, c: null }], grouping: 'na', builder: null }),
    ) as { orders: Record<string, unknown>[] };
    expect(Object.keys(order)).toEqual(['type', 'orders', 'grouping']);
    expect(Object.keys(order.orders[0] ?? {})).toEqual(['a', 'b', 'p', 's', 'r', 't']);
  });

  it('given trigger and builder fields, when re-serialised, then the python key order is used', () => {
    const a = canonicalL1Action(
      parse({
        type: 'order',
        builder: { f: 10, b: '0xABCDEF0123456789ABCDEF0123456789ABCDEF01' },
        grouping: 'positionTpsl',
        orders: [{ a: 3, b: false, p: '2500.50', s: '0.0100', r: true, t: { trigger: { tpsl: 'sl', triggerPx: '2400.0', isMarket: true } } }],
      }),
    );
    expect(JSON.stringify(a)).toBe(
      '{"type":"order","orders":[{"a":3,"b":false,"p":"2500.5","s":"0.01","r":true,"t":{"trigger":{"isMarket":true,"triggerPx":"2400","tpsl":"sl"}}}],"grouping":"positionTpsl","builder":{"b":"0xabcdef0123456789abcdef0123456789abcdef01","f":10}}',
    );
  });

  it('given updateLeverage with keys shuffled, when re-serialised, then type,asset,isCross,leverage', () => {
    expect(JSON.stringify(canonicalL1Action(parse({ leverage: 5, isCross: true, asset: 0, type: 'updateLeverage' })))).toBe(
      '{"type":"updateLeverage","asset":0,"isCross":true,"leverage":5}',
    );
  });
});

describe('action schema (venue deserialisation)', () => {
  it.each([
    ['a float price', { type: 'order', orders: [{ a: 0, b: true, p: 100.5, s: '1', r: false, t: { limit: { tif: 'Gtc' } } }], grouping: 'na' }],
    [
      'a 31-hex cloid',
      { type: 'order', orders: [{ a: 0, b: true, p: '1', s: '1', r: false, t: { limit: { tif: 'Gtc' } }, c: '0x' + '1'.repeat(31) }], grouping: 'na' },
    ],
    ['an unknown tif', { type: 'order', orders: [{ a: 0, b: true, p: '1', s: '1', r: false, t: { limit: { tif: 'Day' } } }], grouping: 'na' }],
    ['an unknown action type', { type: 'withdrawEverything' }],
    ['a missing grouping', { type: 'order', orders: [] }],
    ['a fractional leverage', { type: 'updateLeverage', asset: 0, isCross: true, leverage: 2.5 }],
  ])('given %s, when parsed, then it is refused', (_label, action) => {
    expect(ActionSchema.safeParse(action).success).toBe(false);
  });
});

describe('modify and batchModify (docs/research/hyperliquid-modify.md)', () => {
  const NONCE = 1_790_000_000_000;
  const CANONICAL_BATCH = {
    type: 'batchModify',
    modifies: [
      { oid: 77_738_308_123, order: { a: 0, b: true, p: '100', s: '0.1', r: false, t: { limit: { tif: 'Gtc' } }, c: '0x0000000000000000000000000000000a' } },
      {
        oid: '0x0000000000000000000000000000000b',
        order: { a: 1, b: false, p: '2970', s: '0.01', r: true, t: { trigger: { isMarket: true, triggerPx: '3300', tpsl: 'sl' } } },
      },
    ],
  };

  it('given a batchModify posted with keys shuffled, "100.0" and uppercase cloids, when re-serialised, then the SDKs\' form, hashing as nk hashes it', () => {
    const posted = {
      modifies: [
        {
          order: { c: '0x0000000000000000000000000000000A', t: { limit: { tif: 'Gtc' } }, r: false, s: '0.10', p: '100.0', b: true, a: 0 },
          oid: 77_738_308_123,
        },
        {
          order: { t: { trigger: { tpsl: 'sl', triggerPx: '3300.0', isMarket: true } }, r: true, s: '0.01', p: '2970', b: false, a: 1 },
          oid: '0x0000000000000000000000000000000B',
        },
      ],
      type: 'batchModify',
    };

    const canonical = canonicalL1Action(parse(posted));

    expect(JSON.stringify(canonical)).toBe(JSON.stringify(CANONICAL_BATCH));
    expect(l1ActionHash(canonical, NONCE)).toBe(createL1ActionHash({ action: CANONICAL_BATCH, nonce: NONCE }));
  });

  it('given a:true, then it is hashed last (type,oid,order,a; type,modifies,a); a:false and a:null are left out', () => {
    const order = { a: 0, b: true, p: '100', s: '0.1', r: false, t: { limit: { tif: 'Alo' } } };
    expect(Object.keys(canonicalL1Action(parse({ a: true, order, oid: 5, type: 'modify' })))).toEqual(['type', 'oid', 'order', 'a']);
    expect(Object.keys(canonicalL1Action(parse({ a: true, ...CANONICAL_BATCH })))).toEqual(['type', 'modifies', 'a']);
    expect(canonicalL1Action(parse({ type: 'modify', oid: 5, order, a: false }))).toEqual({ type: 'modify', oid: 5, order });
    expect(canonicalL1Action(parse({ ...CANONICAL_BATCH, a: null }))).toEqual(CANONICAL_BATCH);
  });

  it.each([
    ['a 31-hex cloid as oid', { type: 'modify', oid: `0x${'1'.repeat(31)}`, order: CANONICAL_BATCH.modifies[0]?.order }],
    ['a negative oid', { type: 'modify', oid: -1, order: CANONICAL_BATCH.modifies[0]?.order }],
    ['a modify without its order', { type: 'batchModify', modifies: [{ oid: 1 }] }],
    ['a float size in the new order', { type: 'modify', oid: 1, order: { ...CANONICAL_BATCH.modifies[0]?.order, s: 0.1 } }],
  ])('given %s, when parsed, then it is refused', (_label, action) => {
    expect(ActionSchema.safeParse(action).success).toBe(false);
  });
});
