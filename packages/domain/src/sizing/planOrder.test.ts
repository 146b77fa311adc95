import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedAlert } from '../alert/alertSchema.js';
import { isValidPerpPrice } from '../exchange/isValidPerpPrice.js';
import type { Settings } from '../settings/settingsSchema.js';
import { OrderPlanSchema } from './orderPlanSchema.js';
import { planOrder } from './planOrder.js';
import type { PlanOrderInput } from './planOrderInputSchema.js';
import { PlanOrderResultSchema } from './planRejection.js';
import { CLOID, planInput } from './testing/planFixtures.js';

function planned(input: PlanOrderInput) {
  const result = planOrder(input);
  if (!result.ok) throw new Error(`expected a plan, got ${result.code}: ${result.message}`);
  expect(OrderPlanSchema.safeParse(result.plan).success).toBe(true);
  return result.plan;
}

describe('planOrder: entries', () => {
  it('CONST-13/16/18: given a market buy on default settings, when planned, then $100 × 1x is sized at mid and guarded by slippage', () => {
    expect(planned(planInput())).toEqual({
      coin: 'BTC',
      assetId: 0,
      szDecimals: 5,
      isBuy: true,
      price: '97970', // mid × 1.01
      size: '0.00103', // 100 / 97000 = 0.0010309… truncated
      reduceOnly: false,
      tif: 'Ioc',
      orderType: 'market',
      cloid: CLOID,
      leverage: 1,
      leverageClamped: false,
      grouping: 'na',
      children: [],
      requestedUsd: 100,
      amountUsd: 100,
      notionalUsd: 100,
      orderNotionalUsd: 99.91,
      referencePrice: '97000',
    });
  });

  it('CONST-12: given a payload size and leverage, when planned, then they override Settings', () => {
    const plan = planned(planInput({ alert: { size: 300, leverage: 5 }, settings: { trading: { leverage: 2 } } }));
    expect(plan).toMatchObject({ requestedUsd: 300, amountUsd: 300, leverage: 5, notionalUsd: 1500, size: '0.01546' });
  });

  it('CONST-16: given a payload size above Max Position Size, when planned, then the cap still applies', () => {
    const plan = planned(planInput({ alert: { size: 5000 }, settings: { riskLimits: { maxPositionSize: 400 } } }));
    expect(plan).toMatchObject({ requestedUsd: 5000, amountUsd: 400 });
  });

  it('issue 29, point 5: given an open 3x BTC position and an alert without leverage, when planned, then the order keeps 3x, not the default', () => {
    const positions = [{ coin: 'BTC', szi: 0.01, leverage: 3 }];
    expect(planned(planInput({ positions, settings: { trading: { leverage: 1 } } }))).toMatchObject({ leverage: 3, notionalUsd: 300 });
    expect(planned(planInput({ alert: { action: 'sell' }, positions, settings: { trading: { leverage: 1 } } }))).toMatchObject({ leverage: 3 });
  });

  it('issue 29, point 5: given an open 3x BTC position, when an alert names 5x, then 5x: only an alert that names leverage changes it', () => {
    expect(planned(planInput({ alert: { leverage: 5 }, positions: [{ coin: 'BTC', szi: 0.01, leverage: 3 }] }))).toMatchObject({ leverage: 5 });
  });

  it("issue 29, point 5: given an open position in another coin only, when an alert without leverage opens BTC, then Settings' leverage", () => {
    expect(planned(planInput({ positions: [{ coin: 'ETH', szi: 1, leverage: 7 }], settings: { trading: { leverage: 2 } } }))).toMatchObject({ leverage: 2 });
  });

  it('given leverage above the coin maximum, when planned, then it is clamped to maxLeverage and recorded', () => {
    const plan = planned(planInput({ alert: { leverage: 50 } }));
    expect(plan).toMatchObject({ leverage: 40, leverageClamped: true, notionalUsd: 4000 });
  });

  it('given a market sell, when planned, then the guard is below mid, rounded up', () => {
    const plan = planned(planInput({ alert: { action: 'sell' }, mid: 97123.456 }));
    expect(plan).toMatchObject({ isBuy: false, price: '96153', referencePrice: '97123.456', tif: 'Ioc' });
  });

  it('given a limit buy, when planned, then it is a Gtc at the limit rounded down, sized at that price', () => {
    const plan = planned(planInput({ alert: { orderType: 'limit', price: 96123.6 } }));
    expect(plan).toMatchObject({ tif: 'Gtc', price: '96123', referencePrice: '96123', size: '0.00104' });
  });

  it('given a limit sell, when planned, then the limit rounds up so it never sells cheaper than asked', () => {
    expect(planned(planInput({ alert: { action: 'sell', orderType: 'limit', price: 97123.456 } })).price).toBe('97124');
  });

  it('given a limit order and no market price, when planned, then the limit price is enough', () => {
    expect(planned(planInput({ alert: { orderType: 'limit', price: 96000 }, mid: NaN })).referencePrice).toBe('96000');
  });

  it('given a kPEPE-like coin (szDecimals 0, tiny price), when planned, then size is whole coins and the price keeps 6 decimals', () => {
    const plan = planned(
      planInput({ alert: { symbol: 'kPEPE', coin: 'kPEPE' }, asset: { coin: 'kPEPE', assetId: 7, szDecimals: 0, maxLeverage: 10 }, mid: 0.0123456 }),
    );
    expect(plan).toMatchObject({ size: '8100', price: '0.012469', assetId: 7 });
  });

  it('issue 39.3: given a market entry with a stop-loss and take-profit, when planned, then they are its reduce-only children of the same size, placed after the fill (grouping na)', () => {
    const plan = planned(planInput({ alert: { stopLoss: 95000, takeProfit: 101000 } }));
    expect(plan.grouping).toBe('na');
    expect(plan.children).toEqual([
      { kind: 'tp', triggerPx: '101000', price: '90900', isBuy: false, size: '0.00103' },
      { kind: 'sl', triggerPx: '95000', price: '85500', isBuy: false, size: '0.00103' },
    ]);
  });

  it('given a limit entry with a stop-loss, when planned, then it rides on the entry as a normalTpsl child: the venue places it when the limit fills', () => {
    const plan = planned(planInput({ alert: { orderType: 'limit', price: 97000, stopLoss: 95000 } }));
    expect(plan.grouping).toBe('normalTpsl');
    expect(plan.children).toMatchObject([{ kind: 'sl', triggerPx: '95000', isBuy: false }]);
  });

  it('VAL-20: given require-stop-loss and an entry without stopLoss, when planned, then it is refused', () => {
    const result = planOrder(planInput({ settings: { trading: { requireStopLoss: true } } }));
    expect(result).toEqual({
      ok: false,
      code: 'STOP_LOSS_REQUIRED',
      message: '"Require stop-loss for all trades" is on, and this buy alert for BTC has no stopLoss.',
    });
    expect(planOrder(planInput({ settings: { trading: { requireStopLoss: true } }, alert: { stopLoss: 95000 } })).ok).toBe(true);
  });

  it('given a stop-loss on the wrong side of the entry, when planned, then it is INVALID_STOP_LOSS', () => {
    expect(planOrder(planInput({ alert: { stopLoss: 99000 } }))).toMatchObject({ ok: false, code: 'INVALID_STOP_LOSS' });
    expect(planOrder(planInput({ alert: { action: 'sell', takeProfit: 99000 } }))).toMatchObject({ ok: false, code: 'INVALID_TAKE_PROFIT' });
  });

  it('given Max Open Positions reached on other coins, when a new coin is bought, then it is refused', () => {
    const positions = [
      { coin: 'ETH', szi: 1, leverage: 3 },
      { coin: 'SOL', szi: -10, leverage: 3 },
      { coin: 'HYPE', szi: 5, leverage: 3 },
    ];
    expect(planOrder(planInput({ positions }))).toEqual({
      ok: false,
      code: 'MAX_OPEN_POSITIONS',
      message: 'Opening a BTC position would exceed Max Open Positions (3); 3 positions are already open.',
    });
  });

  it('given Max Open Positions reached including this coin, when it is added to, then that is not a new position', () => {
    const positions = [
      { coin: 'ETH', szi: 1, leverage: 3 },
      { coin: 'SOL', szi: -10, leverage: 3 },
      { coin: 'BTC', szi: 0.01, leverage: 1 },
    ];
    expect(planOrder(planInput({ positions })).ok).toBe(true);
  });

  it('given flat (szi 0) entries in the positions list, when counting open positions, then they do not count', () => {
    const positions = [
      { coin: 'ETH', szi: 0, leverage: 3 },
      { coin: 'SOL', szi: 0, leverage: 3 },
      { coin: 'HYPE', szi: 0, leverage: 3 },
    ];
    expect(planOrder(planInput({ positions })).ok).toBe(true);
  });

  it('given no available balance, when planned, then it is NO_BALANCE', () => {
    expect(planOrder(planInput({ balance: { availableBalance: 0, totalEquity: 50 } }))).toMatchObject({ ok: false, code: 'NO_BALANCE' });
  });

  it('VAL-14: given a sizing value of 0, when planned, then it is ZERO_AMOUNT', () => {
    expect(planOrder(planInput({ settings: { positionSizing: { value: 0 } } }))).toMatchObject({ ok: false, code: 'ZERO_AMOUNT' });
  });

  it('given an amount below one size step, when planned, then it is ZERO_SIZE', () => {
    const result = planOrder(planInput({ alert: { size: 0.5 } }));
    expect(result).toMatchObject({ ok: false, code: 'ZERO_SIZE' });
    if (!result.ok) expect(result.message).toContain('smallest BTC size step of 0.00001');
  });

  it('given $10 requested that truncates below $10, when planned, then it is refused before signing', () => {
    const result = planOrder(planInput({ alert: { size: 10 } }));
    expect(result).toEqual({
      ok: false,
      code: 'BELOW_MINIMUM_NOTIONAL',
      message: "The order is worth $9.70 (0.0001 BTC at 97000), below Hyperliquid's $10.00 minimum.",
    });
  });

  it('given an amount capped by the available balance below $10, when refused, then the message says why it was so small', () => {
    const result = planOrder(planInput({ balance: { availableBalance: 8, totalEquity: 8 } }));
    expect(result).toMatchObject({ ok: false, code: 'BELOW_MINIMUM_NOTIONAL' });
    if (!result.ok) expect(result.message).toContain('The requested $100.00 was capped at the available balance of $8.00.');
  });

  it('given no market price, when a market order is planned, then it is NO_MARKET_PRICE', () => {
    expect(planOrder(planInput({ mid: 0 }))).toMatchObject({ ok: false, code: 'NO_MARKET_PRICE' });
    expect(planOrder(planInput({ mid: NaN }))).toMatchObject({ ok: false, code: 'NO_MARKET_PRICE' });
  });
});

describe('planOrder: closes', () => {
  const long = { coin: 'BTC', szi: 0.5, leverage: 10 };

  it('given a long position, when closed, then a reduce-only IOC sells the whole size at the slippage guard', () => {
    expect(planned(planInput({ alert: { action: 'close' }, positions: [{ coin: 'ETH', szi: 2, leverage: 3 }, long] }))).toEqual({
      coin: 'BTC',
      assetId: 0,
      szDecimals: 5,
      isBuy: false,
      price: '96030',
      size: '0.5',
      reduceOnly: true,
      tif: 'Ioc',
      cloid: CLOID,
      leverage: 10,
      leverageClamped: false,
      grouping: 'na',
      children: [],
      requestedUsd: null,
      amountUsd: null,
      notionalUsd: 48500,
      orderNotionalUsd: 48500,
      referencePrice: '97000',
    });
  });

  it('given a short position, when closed, then it buys back |szi| at the buy guard', () => {
    expect(planned(planInput({ alert: { action: 'close' }, positions: [{ coin: 'BTC', szi: -0.2, leverage: 5 }] }))).toMatchObject({
      isBuy: true,
      size: '0.2',
      price: '97970',
    });
  });

  it('given a position worth under $10, when closed, then the $10 minimum does not apply', () => {
    expect(planned(planInput({ alert: { action: 'close' }, positions: [{ coin: 'BTC', szi: 0.00005, leverage: 1 }] })).size).toBe('0.00005');
  });

  it('given a close with require-stop-loss on and all position slots taken, when planned, then neither rule blocks it', () => {
    const positions = [long, { coin: 'ETH', szi: 1, leverage: 1 }];
    const result = planOrder(
      planInput({ alert: { action: 'close' }, positions, settings: { trading: { requireStopLoss: true }, riskLimits: { maxOpenPositions: 1 } } }),
    );
    expect(result.ok).toBe(true);
  });

  it.each([[[]], [[{ coin: 'ETH', szi: 1, leverage: 1 }]], [[{ coin: 'BTC', szi: 0, leverage: 1 }]]])(
    'given positions %j, when BTC is closed, then it is NO_POSITION_TO_CLOSE',
    (positions) => {
      expect(planOrder(planInput({ alert: { action: 'close' }, positions }))).toEqual({
        ok: false,
        code: 'NO_POSITION_TO_CLOSE',
        message: 'There is no open BTC position to close.',
      });
    },
  );

  it('given an open position but no market price, when closed, then it is NO_MARKET_PRICE', () => {
    expect(planOrder(planInput({ alert: { action: 'close' }, positions: [long], mid: NaN }))).toMatchObject({ ok: false, code: 'NO_MARKET_PRICE' });
  });
});

describe("planOrder: a limit order's time in force (issue 41, point 1)", () => {
  const limit = (timeInForce?: 'GTC' | 'IOC' | 'ALO') =>
    planned(planInput({ alert: { orderType: 'limit', price: 96000, stopLoss: 90000, ...(timeInForce ? { timeInForce } : {}) } }));

  it('given a limit without a time in force, when planned, then it rests as GTC with its stop grouped on it', () => {
    expect(limit()).toMatchObject({ tif: 'Gtc', orderType: 'limit', grouping: 'normalTpsl', price: '96000' });
  });

  it('given ALO, when planned, then a post-only limit with its stop grouped on it', () => {
    expect(limit('ALO')).toMatchObject({ tif: 'Alo', orderType: 'limit', grouping: 'normalTpsl' });
  });

  it('given IOC, when planned, then an IOC limit whose stop the executor places after the fill, as for a market entry', () => {
    expect(limit('IOC')).toMatchObject({ tif: 'Ioc', orderType: 'limit', grouping: 'na', children: [{ kind: 'sl', triggerPx: '90000' }] });
  });
});

describe('planOrder: a cancel (issue 41, point 1)', () => {
  it('given a cancel alert, when planned, then there is no order: CANCEL_ONLY says what a cancel does instead', () => {
    expect(planOrder(planInput({ alert: { action: 'cancel' }, positions: [{ coin: 'BTC', szi: 0.5, leverage: 2 }] }))).toEqual({
      ok: false,
      code: 'CANCEL_ONLY',
      message: "A cancel sends no new order: it cancels this strategy's resting BTC orders and keeps its stop-loss and take-profit.",
    });
  });
});

describe('planOrder: partial closes (issue 41, point 1)', () => {
  const long = { coin: 'BTC', szi: 0.5, leverage: 10 };

  it('given a long of 0.5 BTC, when 50 percent is closed, then a reduce-only IOC sells 0.25 at the slippage guard', () => {
    expect(planned(planInput({ alert: { action: 'close', percent: 50 }, positions: [long] }))).toMatchObject({
      isBuy: false,
      size: '0.25',
      reduceOnly: true,
      tif: 'Ioc',
      price: '96030',
      leverage: 10,
    });
  });

  it("given a short of 0.33333 BTC, when 50 percent is closed, then the size is rounded down to the asset's size decimals", () => {
    expect(planned(planInput({ alert: { action: 'close', percent: 50 }, positions: [{ coin: 'BTC', szi: -0.33333, leverage: 3 }] }))).toMatchObject({
      isBuy: true,
      size: '0.16666',
    });
  });

  it('given a long of 0.5 BTC, when a quantity of 0.123456 is closed, then 0.12345 is sold; a quantity above the position closes only the position', () => {
    expect(planned(planInput({ alert: { action: 'close', quantity: 0.123456 }, positions: [long] })).size).toBe('0.12345');
    expect(planned(planInput({ alert: { action: 'close', quantity: 3 }, positions: [long] })).size).toBe('0.5');
  });

  it('given 100 percent, when closed, then the whole position is closed', () => {
    expect(planned(planInput({ alert: { action: 'close', percent: 100 }, positions: [long] })).size).toBe('0.5');
  });

  it('given a part that rounds down to nothing, when closed, then it is ZERO_SIZE and says the position is left as it is', () => {
    const result = planOrder(planInput({ alert: { action: 'close', percent: 1 }, positions: [{ coin: 'BTC', szi: 0.00005, leverage: 1 }] }));
    expect(result).toEqual({
      ok: false,
      code: 'ZERO_SIZE',
      message: "1% of 0.00005 BTC rounds down to 0 at BTC's 5 size decimals: nothing to close. The position of 0.00005 BTC is left as it is.",
    });
  });

  it('given no position, when a part is closed, then it is NO_POSITION_TO_CLOSE', () => {
    expect(planOrder(planInput({ alert: { action: 'close', percent: 50 }, positions: [] }))).toMatchObject({ ok: false, code: 'NO_POSITION_TO_CLOSE' });
  });

  it('given any position and percent, when a part is closed, then the size is the part rounded down, never above the position, on the opposite side', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.boolean(), fc.double({ min: 0.01, max: 100, noNaN: true }), (lots, isLong, percent) => {
        const held = new Decimal(lots).div(1e5);
        const szi = (isLong ? held : held.neg()).toNumber();
        const result = planOrder(planInput({ alert: { action: 'close', percent }, positions: [{ coin: 'BTC', szi, leverage: 2 }] }));
        const expected = held.mul(percent).div(100).toDecimalPlaces(5, Decimal.ROUND_DOWN);
        if (expected.isZero()) {
          expect(result).toMatchObject({ ok: false, code: 'ZERO_SIZE' });
          return;
        }
        if (!result.ok) throw new Error(result.message);
        expect(result.plan.size).toBe(expected.toString());
        expect(new Decimal(result.plan.size).lte(held)).toBe(true);
        expect(result.plan.isBuy).toBe(!isLong);
        expect(result.plan.reduceOnly).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('planOrder: caller bugs', () => {
  it('given an asset for another coin, when planned, then it throws', () => {
    expect(() => planOrder(planInput({ alert: { coin: 'ETH' } }))).toThrow(/asset BTC for an alert on ETH/);
  });

  it('given a malformed cloid, when planned, then it throws', () => {
    expect(() => planOrder(planInput({ cloid: '0xABC' }))).toThrow();
  });
});

// ---- properties -------------------------------------------------------------------------

const settingsArb: fc.Arbitrary<Settings> = fc.record({
  positionSizing: fc.record({
    mode: fc.constantFrom('fixed', 'percentage_balance', 'percentage_equity'),
    value: fc.oneof(
      fc.integer({ min: 0, max: 5000 }),
      fc.integer({ min: 0, max: 1000 }).map((n) => n / 10),
    ),
  }),
  riskLimits: fc.record({
    maxPositionSize: fc.integer({ min: 0, max: 100 }).map((n) => n * 100),
    maxOpenPositions: fc.integer({ min: 1, max: 5 }),
  }),
  trading: fc.record({
    leverage: fc.integer({ min: 1, max: 50 }),
    slippageTolerance: fc.integer({ min: 0, max: 1000 }).map((n) => n / 10),
    requireStopLoss: fc.boolean(),
  }),
});

/** A fraction in [0, 1) with 1/10000 resolution: uniform, unlike fc.double's edge-biased draws. */
const unit = fc.integer({ min: 0, max: 9999 }).map((n) => n / 10_000);

/** A TP/SL distance from the entry, on the correct side four times out of five. */
const protectiveArb = fc.option(fc.record({ distance: unit.map((u) => 0.001 + u * 0.4), wrongSide: fc.integer({ min: 0, max: 4 }).map((n) => n === 0) }), {
  nil: undefined,
});

const inputArb: fc.Arbitrary<PlanOrderInput> = fc
  .record({
    settings: settingsArb,
    szDecimals: fc.integer({ min: 0, max: 5 }),
    maxLeverage: fc.integer({ min: 1, max: 50 }),
    // One size step is worth $0.0001..$10, as on Hyperliquid: mid = 10^(szDecimals − 4 + 5u).
    midExponent: unit.map((u) => u * 5),
    available: fc.integer({ min: -100, max: 100_000 }),
    equity: fc.integer({ min: 0, max: 200_000 }),
    action: fc.constantFrom<ParsedAlert['action']>('buy', 'sell', 'close'),
    orderType: fc.constantFrom<ParsedAlert['orderType']>('market', 'limit'),
    priceFactor: unit.map((u) => 0.5 + u),
    size: fc.option(
      fc.integer({ min: 1, max: 5_000_000 }).map((n) => n / 100),
      { nil: undefined },
    ),
    leverage: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
    stopLoss: protectiveArb,
    takeProfit: protectiveArb,
    positions: fc.array(
      fc.record({
        coin: fc.constantFrom('BTC', 'ETH', 'SOL', 'HYPE', 'DOGE'),
        szi: fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 1000),
        leverage: fc.integer({ min: 1, max: 50 }),
      }),
      { maxLength: 5 },
    ),
  })
  .map((r) => {
    const mid = 10 ** (r.szDecimals - 4 + r.midExponent);
    const alert: ParsedAlert = { symbol: 'BTCUSDT', coin: 'BTC', action: r.action, orderType: r.orderType, price: mid * r.priceFactor };
    const entry = r.orderType === 'limit' ? mid * r.priceFactor : mid;
    const isBuy = r.action === 'buy';
    // A long's stop-loss sits below the entry and its take-profit above; a short's the other way round.
    const place = (p: { distance: number; wrongSide: boolean } | undefined, below: boolean) =>
      p === undefined ? undefined : entry * (below !== p.wrongSide ? 1 - p.distance : 1 + p.distance);
    const stopLoss = place(r.stopLoss, isBuy);
    const takeProfit = place(r.takeProfit, !isBuy);
    if (r.size !== undefined) alert.size = r.size;
    if (r.leverage !== undefined) alert.leverage = r.leverage;
    if (stopLoss !== undefined) alert.stopLoss = stopLoss;
    if (takeProfit !== undefined) alert.takeProfit = takeProfit;
    return {
      alert,
      settings: r.settings,
      balance: { availableBalance: r.available, totalEquity: r.equity },
      positions: r.positions,
      asset: { coin: 'BTC', assetId: 0, szDecimals: r.szDecimals, maxLeverage: r.maxLeverage },
      mid,
      cloid: CLOID,
    };
  });

describe('planOrder properties', () => {
  it('given any input, when planned, then it never throws and the answer is well-formed (every plan price a valid perp price)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = planOrder(input);
        expect(PlanOrderResultSchema.safeParse(result).success).toBe(true);
        if (result.ok) {
          const { plan } = result;
          for (const px of [plan.price, ...plan.children.flatMap((c) => [c.triggerPx, c.price])]) {
            expect(isValidPerpPrice(px, plan.szDecimals)).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('CONST-16/17: given any accepted entry, when planned, then the amount stays within Max Position Size (unless 0) and the available balance', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = planOrder(input);
        if (!result.ok || result.plan.reduceOnly) return;
        const amount = result.plan.amountUsd ?? Infinity;
        const { maxPositionSize } = input.settings.riskLimits;
        if (maxPositionSize > 0) expect(amount).toBeLessThanOrEqual(maxPositionSize);
        expect(amount).toBeLessThanOrEqual(input.balance.availableBalance);
        expect(result.plan.leverage).toBeLessThanOrEqual(Math.min(input.asset.maxLeverage, 50));
      }),
      { numRuns: 500 },
    );
  });

  it('given any accepted opening plan, when checked, then it is worth at least $10 at its price and at the reference', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = planOrder(input);
        if (!result.ok || result.plan.reduceOnly) return;
        const size = new Decimal(result.plan.size);
        expect(size.mul(result.plan.price).gte(10)).toBe(true);
        expect(size.mul(result.plan.referencePrice).gte(10)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('given any accepted opening plan, when checked, then the size never rounds up: size × reference ≤ notional', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = planOrder(input);
        if (!result.ok || result.plan.reduceOnly) return;
        expect(new Decimal(result.plan.size).mul(result.plan.referencePrice).lte(result.plan.notionalUsd)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('given any accepted plan with TP/SL, when checked, then each trigger is on its correct side of the entry', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = planOrder(input);
        if (!result.ok) return;
        const ref = new Decimal(result.plan.referencePrice);
        for (const child of result.plan.children) {
          const above = (child.kind === 'tp') === result.plan.isBuy;
          expect(above ? new Decimal(child.triggerPx).gt(ref) : new Decimal(child.triggerPx).lt(ref)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('given any accepted close, when checked, then it reduces the whole position on the opposite side', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = planOrder(input);
        if (!result.ok || input.alert.action !== 'close') return;
        const position = input.positions.find((p) => p.coin === 'BTC' && p.szi !== 0);
        expect(position).toBeDefined();
        expect(result.plan.reduceOnly).toBe(true);
        expect(result.plan.isBuy).toBe((position?.szi ?? 0) < 0);
        const lot = new Decimal(10).pow(-input.asset.szDecimals);
        expect(new Decimal(Math.abs(position?.szi ?? 0)).minus(result.plan.size).lt(lot)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
