import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParsedAlertSchema, type ParsedAlert } from './alertSchema.js';
import { parseAlert, ParseAlertResultSchema } from './parseAlert.js';

function expectRejected(result: ReturnType<typeof parseAlert>, code: string, field?: string): string {
  expect(result.ok).toBe(false);
  if (result.ok) return '';
  expect(result.rejection.code).toBe(code);
  expect(result.rejection.field).toBe(field);
  return result.rejection.message;
}

describe('parseAlert', () => {
  it('ENT-10: given a full TradingView-style JSON alert, when parsed, then every field is normalised', () => {
    const body = JSON.stringify({
      symbol: 'BINANCE:BTCUSDT.P',
      action: 'buy',
      orderType: 'limit',
      size: 250,
      price: 97000.5,
      stopLoss: 95000,
      takeProfit: 101000,
      leverage: 3,
      id: 'strat-42',
    });
    expect(parseAlert(body, 'application/json')).toEqual({
      ok: true,
      alert: {
        symbol: 'BINANCE:BTCUSDT.P',
        coin: 'BTC',
        action: 'buy',
        orderType: 'limit',
        size: 250,
        price: 97000.5,
        stopLoss: 95000,
        takeProfit: 101000,
        leverage: 3,
        id: 'strat-42',
      },
      payload: JSON.parse(body) as unknown,
    });
  });

  it('CONST-07: given only symbol and action as text/plain, when parsed, then it is a market order with nothing else set', () => {
    const result = parseAlert('{"symbol":"ETHUSDT","action":"SELL"}', 'text/plain');
    expect(result).toEqual({
      ok: true,
      alert: { symbol: 'ETHUSDT', coin: 'ETH', action: 'sell', orderType: 'market' },
      payload: { symbol: 'ETHUSDT', action: 'SELL' },
    });
  });

  it('CONST-12: given numbers written as text, when parsed, then they are read as numbers', () => {
    const result = parseAlert({ symbol: 'SOL', action: 'buy', size: ' 100 ', stopLoss: '140.5', takeProfit: '200', leverage: '5x' });
    expect(result).toMatchObject({ ok: true, alert: { size: 100, stopLoss: 140.5, takeProfit: 200, leverage: 5 } });
  });

  it('given unknown extra fields, when parsed, then they are ignored by the alert but kept in the payload for the log', () => {
    const result = parseAlert({ symbol: 'BTC', action: 'close', strategy: 'EMA cross', qty: 3 });
    expect(result).toEqual({
      ok: true,
      alert: { symbol: 'BTC', coin: 'BTC', action: 'close', orderType: 'market' },
      payload: { symbol: 'BTC', action: 'close', strategy: 'EMA cross', qty: 3 },
    });
  });

  it('given blank or null optional fields (unresolved placeholders), when parsed, then they count as not given', () => {
    const result = parseAlert({ symbol: 'BTC', action: 'buy', size: '', stopLoss: null, leverage: ' ', id: '' });
    expect(result).toMatchObject({ ok: true, alert: { symbol: 'BTC', coin: 'BTC', action: 'buy', orderType: 'market' } });
    if (result.ok) expect(Object.keys(result.alert).sort()).toEqual(['action', 'coin', 'orderType', 'symbol']);
  });

  it('given a numeric id, when parsed, then it is kept as text for de-duplication', () => {
    expect(parseAlert({ symbol: 'BTC', action: 'buy', id: 1700000000 })).toMatchObject({ ok: true, alert: { id: '1700000000' } });
  });

  it('CONST-10: given a limit order without a price, when parsed, then it is refused on "price"', () => {
    const message = expectRejected(parseAlert({ symbol: 'BTC', action: 'buy', orderType: 'limit' }), 'LIMIT_WITHOUT_PRICE', 'price');
    expect(message).toBe('Field "price" is required when "orderType" is "limit": the limit price to buy or sell at.');
  });

  it('given a close marked limit without a price, when parsed, then it is accepted, since a close always trades at market', () => {
    expect(parseAlert({ symbol: 'BTC', action: 'close', orderType: 'limit' })).toMatchObject({ ok: true, alert: { action: 'close' } });
  });

  it('given a size that is not a number, when parsed, then the rejection says so in a sentence naming field and value', () => {
    const message = expectRejected(parseAlert({ symbol: 'BTC', action: 'buy', size: 'abc' }), 'INVALID_NUMBER', 'size');
    expect(message).toBe('Field "size" must be a positive number of USD; got "abc".');
  });

  it.each([
    [{ size: 0 }, 'size'],
    [{ size: -5 }, 'size'],
    [{ price: '-1' }, 'price'],
    [{ stopLoss: 'none' }, 'stopLoss'],
    [{ takeProfit: 0 }, 'takeProfit'],
  ])('given %j, when parsed, then it is INVALID_NUMBER on %s', (extra, field) => {
    expectRejected(parseAlert({ symbol: 'BTC', action: 'buy', ...extra }), 'INVALID_NUMBER', field);
  });

  it.each([
    [{ action: 'buy' }, 'MISSING_SYMBOL', 'symbol'],
    [{ symbol: '???', action: 'buy' }, 'INVALID_SYMBOL', 'symbol'],
    [{ symbol: 'BTC' }, 'MISSING_ACTION', 'action'],
    [{ symbol: 'BTC', action: 'hold' }, 'INVALID_ACTION', 'action'],
    [{ symbol: 'BTC', action: 'buy', orderType: 'stop' }, 'INVALID_ORDER_TYPE', 'orderType'],
    [{ symbol: 'BTC', action: 'buy', leverage: 75 }, 'INVALID_LEVERAGE', 'leverage'],
    [{ symbol: 'BTC', action: 'buy', id: { x: 1 } }, 'INVALID_ID', 'id'],
  ])('given %j, when parsed, then it is %s on %s', (body, code, field) => {
    expectRejected(parseAlert(body), code, field);
  });

  it('given several problems, when parsed, then the first in field order (symbol before action) is reported', () => {
    expectRejected(parseAlert({ action: 'hold', size: 'abc' }), 'MISSING_SYMBOL', 'symbol');
  });

  it('given a rejected object, when parsed, then the payload still carries what was sent', () => {
    expect(parseAlert({ symbol: 'BTC', action: 'hold', extra: 1 })).toMatchObject({
      ok: false,
      payload: { symbol: 'BTC', action: 'hold', extra: 1 },
    });
  });

  it.each([
    ['', 'EMPTY_BODY'],
    ['{"symbol": BTC}', 'INVALID_JSON'],
    ['[1]', 'NOT_AN_OBJECT'],
  ])('given the body %j, when parsed, then it is %s with no field', (body, code) => {
    expectRejected(parseAlert(body), code, undefined);
  });

  it('issue 29, point 3: given a body in no format (no "symbol" nor another format\'s ticker), when parsed, then MISSING_SYMBOL names the formats understood', () => {
    const message = expectRejected(parseAlert({ action: 'buy', coin: 'ETH' }), 'MISSING_SYMBOL', 'symbol');
    expect(message).toBe(
      'Field "symbol" is required: the ticker to trade, such as "BTCUSDT" or "BINANCE:BTCUSDT.P". ' +
        'hyperhook reads its own format (TradingView strategy alerts included) and alerts written for TradersPost ("ticker"), the 3Commas signal bot ("tv_instrument"), TVAC ("market"), ' +
        '"side" in place of "action", and PineConnector-style text ("buy,ETH").',
    );
  });

  it('issue 29, point 3: given an alert with "symbol" and another format\'s fields too, when parsed, then it is read as hyperhook\'s own', () => {
    const result = parseAlert({ symbol: 'ETH', action: 'buy', ticker: 'BTC', market: 'SOL', order: 'sell', tv_instrument: 'HYPE' });
    expect(result).toMatchObject({ ok: true, alert: { coin: 'ETH', action: 'buy' } });
    if (result.ok) expect(result.alert.format).toBeUndefined();
  });

  it('given field names in another case, when parsed, then they are not recognised (names are case-sensitive)', () => {
    expectRejected(parseAlert({ Symbol: 'BTC', action: 'buy' }), 'MISSING_SYMBOL', 'symbol');
  });
});

// Generators for valid alerts and the ParsedAlert each should give back.
const ticker = fc.constantFrom(
  { symbol: 'BTCUSDT', coin: 'BTC' },
  { symbol: 'BINANCE:ETHUSDT.P', coin: 'ETH' },
  { symbol: 'kPEPE', coin: 'kPEPE' },
  { symbol: '1000PEPEUSDT', coin: 'kPEPE' },
  { symbol: 'SOL-PERP', coin: 'SOL' },
  { symbol: 'HYPE', coin: 'HYPE' },
);
const positive = fc.double({ min: 1e-8, max: 1e9, noNaN: true });
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const validAlert = fc
  .record({
    ticker,
    action: fc.constantFrom<ParsedAlert['action']>('buy', 'sell', 'close'),
    orderType: optional(fc.constantFrom<ParsedAlert['orderType']>('market', 'limit')),
    size: optional(positive),
    price: optional(positive),
    stopLoss: optional(positive),
    takeProfit: optional(positive),
    leverage: optional(fc.integer({ min: 1, max: 50 })),
    id: optional(
      fc.oneof(
        fc
          .string({ minLength: 1, maxLength: 40 })
          .map((s) => s.trim())
          .filter((s) => s !== ''),
        fc.integer({ min: 0 }),
      ),
    ),
  })
  .filter((a) => a.orderType !== 'limit' || a.price !== undefined || a.action === 'close');

type ValidAlert = typeof validAlert extends fc.Arbitrary<infer T> ? T : never;

function expectedAlert(a: ValidAlert): ParsedAlert {
  const alert: ParsedAlert = { ...a.ticker, action: a.action, orderType: a.orderType ?? 'market' };
  if (a.size !== undefined) alert.size = a.size;
  if (a.price !== undefined) alert.price = a.price;
  if (a.stopLoss !== undefined) alert.stopLoss = a.stopLoss;
  if (a.takeProfit !== undefined) alert.takeProfit = a.takeProfit;
  if (a.leverage !== undefined) alert.leverage = a.leverage;
  if (a.id !== undefined) alert.id = String(a.id);
  return alert;
}

function wire(a: ValidAlert, stringify: (n: number) => number | string): Record<string, unknown> {
  const { ticker, ...rest } = a;
  const out: Record<string, unknown> = { symbol: ticker.symbol };
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    out[key] = typeof value === 'number' ? stringify(value) : value;
  }
  return out;
}

describe("parseAlert: a limit order's time in force (issue 41, point 1)", () => {
  it.each([
    ['GTC', 'GTC'],
    ['ioc', 'IOC'],
    ['ALO', 'ALO'],
    ['post_only', 'ALO'],
  ])('given a limit with "timeInForce": %j, when parsed, then it is %s', (timeInForce, expected) => {
    expect(parseAlert({ symbol: 'ETH', action: 'buy', orderType: 'limit', price: 3000, timeInForce })).toMatchObject({
      ok: true,
      alert: { timeInForce: expected },
    });
  });

  it('given a market order with GTC or ALO, when parsed, then it is refused: a market order fills at once', () => {
    expect(expectRejected(parseAlert({ symbol: 'ETH', action: 'buy', timeInForce: 'ALO' }), 'UNSUPPORTED_VALUE', 'timeInForce')).toContain(
      '"orderType": "limit"',
    );
  });

  it('given a market order or a close with IOC, when parsed, then it is accepted without a time in force: they are IOC already', () => {
    const parsed = parseAlert({ symbol: 'ETH', action: 'close', orderType: 'limit', timeInForce: 'IOC' });
    expect(parsed).toMatchObject({ ok: true, alert: { action: 'close' } });
    if (parsed.ok) expect(parsed.alert.timeInForce).toBeUndefined();
  });

  it('given an unknown time in force, when parsed, then it is refused naming the three', () => {
    expect(
      expectRejected(parseAlert({ symbol: 'ETH', action: 'buy', orderType: 'limit', price: 1, timeInForce: 'FOK' }), 'UNSUPPORTED_VALUE', 'timeInForce'),
    ).toContain('"ALO" (post-only)');
  });
});

describe('parseAlert: break-even (issue 41, point 1)', () => {
  it('given "breakEven" with activation and offset percents, when parsed, then both are kept; the offset defaults to 0', () => {
    expect(parseAlert({ symbol: 'ETH', action: 'buy', breakEven: { activationPercent: 1, offsetPercent: '0.1' } })).toMatchObject({
      ok: true,
      alert: { breakEven: { activationPercent: 1, offsetPercent: 0.1 } },
    });
    expect(parseAlert({ symbol: 'ETH', target: 'short', breakEven: { activationPercent: '2%' } })).toMatchObject({
      ok: true,
      alert: { breakEven: { activationPercent: 2, offsetPercent: 0 } },
    });
  });

  it.each([
    [{ activationPercent: 0 }, 'breakEven.activationPercent'],
    [{ offsetPercent: 0.1 }, 'breakEven.activationPercent'],
    [{ activationPercent: 1, offsetPercent: 1 }, 'breakEven.offsetPercent'],
    [{ activationPercent: 1, offsetPercent: -0.1 }, 'breakEven.offsetPercent'],
    ['1%', 'breakEven'],
  ])('given "breakEven": %j, when parsed, then it is refused on %s', (breakEven, field) => {
    const result = parseAlert({ symbol: 'ETH', action: 'buy', breakEven });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.rejection.field).toBe(field);
  });

  it('given "breakEven" on a close, when parsed, then it is refused: it belongs to an entry', () => {
    expectRejected(parseAlert({ symbol: 'ETH', action: 'close', breakEven: { activationPercent: 1 } }), 'UNSUPPORTED_VALUE', 'breakEven');
  });
});

describe('parseAlert: cancel (issue 41, point 1)', () => {
  it('given {"symbol":"ETH","action":"cancel"}, when parsed, then a cancel of the strategy\'s resting ETH orders, needing no price', () => {
    expect(parseAlert('{"symbol":"ETH","action":"cancel"}')).toMatchObject({ ok: true, alert: { coin: 'ETH', action: 'cancel' } });
    expect(parseAlert({ symbol: 'ETH', action: 'CANCEL', orderType: 'limit' })).toMatchObject({ ok: true, alert: { action: 'cancel' } });
  });

  it('given an unknown action, when parsed, then the refusal names cancel and update among the five', () => {
    expect(expectRejected(parseAlert({ symbol: 'ETH', action: 'hold' }), 'INVALID_ACTION', 'action')).toContain('"buy", "sell", "close", "cancel" or "update"');
  });
});

describe('parseAlert: partial closes (issue 41, point 1)', () => {
  it('given a close with "percent": 50, when parsed, then the alert closes half the position', () => {
    expect(parseAlert('{"symbol":"ETH","action":"close","percent":50}')).toMatchObject({ ok: true, alert: { coin: 'ETH', action: 'close', percent: 50 } });
  });

  it('given a close with "percent" as text with a percent sign, when parsed, then it is read as a number', () => {
    expect(parseAlert({ symbol: 'ETH', action: 'close', percent: ' 12.5% ' })).toMatchObject({ ok: true, alert: { percent: 12.5 } });
  });

  it('given a close with "quantity": 0.1, when parsed, then the alert closes 0.1 coins', () => {
    expect(parseAlert('{"symbol":"ETH","action":"close","quantity":0.1}')).toMatchObject({ ok: true, alert: { action: 'close', quantity: 0.1 } });
  });

  it.each([0, -5, 100.01, 'half'])('given "percent": %j, when parsed, then it is refused on "percent" as not a percent', (percent) => {
    expect(expectRejected(parseAlert({ symbol: 'ETH', action: 'close', percent }), 'INVALID_NUMBER', 'percent')).toContain('above 0 and at most 100');
  });

  it('given "percent" on a buy or a target alert, when parsed, then it is refused: it belongs to a close', () => {
    expect(expectRejected(parseAlert({ symbol: 'ETH', action: 'buy', percent: 50 }), 'UNSUPPORTED_VALUE', 'percent')).toContain('"action": "close"');
    expectRejected(parseAlert({ symbol: 'ETH', target: 'flat', percent: 50 }), 'UNSUPPORTED_VALUE', 'percent');
  });

  it('given both "percent" and "quantity", when parsed, then it is refused: one says how much to close', () => {
    expectRejected(parseAlert({ symbol: 'ETH', action: 'close', percent: 50, quantity: 1 }), 'UNSUPPORTED_VALUE', 'percent');
  });
});

describe('parseAlert properties', () => {
  it('ENT-12: given any valid alert sent as JSON, when parsed, then the same values come back', () => {
    fc.assert(
      fc.property(validAlert, (a) => {
        const result = parseAlert(JSON.stringify(wire(a, (n) => n)), 'application/json');
        expect(result).toMatchObject({ ok: true, alert: expectedAlert(a) });
        if (result.ok) expect(ParsedAlertSchema.parse(result.alert)).toEqual(result.alert);
      }),
    );
  });

  it('CONST-12: given any valid alert with its numbers written as text, when parsed, then the same values come back', () => {
    fc.assert(
      fc.property(validAlert, fc.boolean(), (a, pad) => {
        const body = wire(a, (n) => (pad ? ` ${String(n)} ` : String(n)));
        expect(parseAlert(JSON.stringify(body), 'text/plain')).toMatchObject({ ok: true, alert: expectedAlert(a) });
      }),
    );
  });

  it('given any string, when parsed, then it never throws and answers a well-formed result', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json()), (body) => {
        expect(ParseAlertResultSchema.safeParse(parseAlert(body, 'text/plain')).success).toBe(true);
      }),
    );
  });

  it('given any value at all, when parsed, then it never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        expect(typeof parseAlert(body).ok).toBe('boolean');
      }),
    );
  });

  it('given any object of JSON values under the alert field names, when parsed, then it never throws and an accepted alert fits the schema', () => {
    const fieldValue = fc.oneof(fc.jsonValue(), fc.string(), fc.double(), fc.constantFrom('buy', 'SELL', 'close', 'limit', '3x', 'BTCUSDT'));
    const body = fc.record(
      {
        symbol: fieldValue,
        action: fieldValue,
        orderType: fieldValue,
        size: fieldValue,
        price: fieldValue,
        stopLoss: fieldValue,
        takeProfit: fieldValue,
        leverage: fieldValue,
        id: fieldValue,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (b) => {
        const result = parseAlert(b);
        if (result.ok) expect(ParsedAlertSchema.safeParse(result.alert).success).toBe(true);
        else expect(result.rejection.message.length).toBeGreaterThan(0);
      }),
    );
  });

  describe('target-position alerts (issue 29, point 2)', () => {
    it('given {"symbol":"ETH","target":"long"}, when parsed, then a target alert whose action reads buy; no action needed', () => {
      expect(parseAlert('{"symbol":"ETH","target":"long"}')).toMatchObject({
        ok: true,
        alert: { coin: 'ETH', target: 'long', action: 'buy', orderType: 'market' },
      });
      expect(parseAlert('{"symbol":"ETH","target":"FLAT","quantity":"0.5"}')).toMatchObject({ ok: true, alert: { target: 'flat', action: 'close' } });
      expect(
        parseAlert('{"symbol":"ETH","target":"flat","quantity":"0.5"}').ok &&
          'quantity' in (parseAlert('{"symbol":"ETH","target":"flat","quantity":"0.5"}') as { alert: object }).alert,
      ).toBe(false);
    });

    it("given TradingView's strategy placeholders filled in, when parsed, then target and size come from them", () => {
      const body = { symbol: 'BINANCE:ETHUSDT.P', action: 'sell', target: 'short', quantity: '0.52' };
      expect(parseAlert(body)).toMatchObject({ ok: true, alert: { coin: 'ETH', target: 'short', action: 'sell', quantity: 0.52 } });
      expect(parseAlert({ symbol: 'ETH', positionSize: '-1.5' })).toMatchObject({ ok: true, alert: { target: 'short', quantity: 1.5 } });
      expect(parseAlert({ symbol: 'ETH', positionSize: 0 })).toMatchObject({ ok: true, alert: { target: 'flat', action: 'close' } });
    });

    it('given a flat target with "action":"buy" (closing a short) and orderType limit without a price, when parsed, then a close, which needs no price', () => {
      expect(parseAlert({ symbol: 'ETH', target: 'flat', action: 'buy', orderType: 'limit' })).toMatchObject({
        ok: true,
        alert: { target: 'flat', action: 'close', orderType: 'limit' },
      });
    });

    it('given a target that is not a position, when parsed, then INVALID_TARGET names it', () => {
      expect(expectRejected(parseAlert({ symbol: 'ETH', target: 'up' }), 'INVALID_TARGET', 'target')).toBe(
        'Field "target" must be "long", "short" or "flat": the position the alert wants; got "up".',
      );
    });

    it('given a placeholder TradingView never filled in, when parsed, then UNFILLED_PLACEHOLDER names the field and why', () => {
      const message = expectRejected(parseAlert({ symbol: 'ETH', target: '{{strategy.market_position}}' }), 'UNFILLED_PLACEHOLDER', 'target');
      expect(message).toContain('{{strategy.market_position}}');
      expect(message).toContain('only in alerts created on a strategy');
      // a field the parser does not read is the sender's own business
      expect(parseAlert({ symbol: 'ETH', action: 'buy', comment: '{{strategy.order.comment}}' }).ok).toBe(true);
    });
  });
});

describe('parseAlert: take-profits, trailing stop and update (issue 41, point 1)', () => {
  it('given takeProfits by price and by offset, when parsed, then both are kept as asked, with their percents', () => {
    const parsed = parseAlert({
      symbol: 'ETH',
      action: 'buy',
      takeProfits: [
        { price: '3600', percent: '50%' },
        { offsetPercent: 4, percent: 50 },
      ],
    });
    expect(parsed).toMatchObject({
      ok: true,
      alert: {
        takeProfits: [
          { price: 3600, percent: 50 },
          { offsetPercent: 4, percent: 50 },
        ],
      },
    });
  });

  it('given take-profits adding up to more than 100%, six of them, one with both a price and an offset, or with takeProfit too, then each is refused by name', () => {
    expect(
      expectRejected(
        parseAlert({
          symbol: 'ETH',
          action: 'buy',
          takeProfits: [
            { price: 3600, percent: 60 },
            { price: 3700, percent: 50 },
          ],
        }),
        'INVALID_NUMBER',
        'takeProfits',
      ),
    ).toContain('add up to 110');
    const six = Array.from({ length: 6 }, (_, i) => ({ price: 3600 + i, percent: 10 }));
    expect(expectRejected(parseAlert({ symbol: 'ETH', action: 'buy', takeProfits: six }), 'UNSUPPORTED_VALUE', 'takeProfits')).toContain('1 to 5');
    expect(
      expectRejected(
        parseAlert({ symbol: 'ETH', action: 'buy', takeProfits: [{ price: 3600, offsetPercent: 2, percent: 50 }] }),
        'UNSUPPORTED_VALUE',
        'takeProfits[0]',
      ),
    ).toContain('exactly one');
    expect(
      expectRejected(
        parseAlert({ symbol: 'ETH', action: 'buy', takeProfit: 3600, takeProfits: [{ price: 3700, percent: 50 }] }),
        'UNSUPPORTED_VALUE',
        'takeProfits',
      ),
    ).toContain('not both');
  });

  it('given a trailing stop by percent with an activation percent, or by amount, when parsed, then it is kept; with both percent and amount, then refused', () => {
    expect(parseAlert({ symbol: 'ETH', action: 'sell', trailingStop: { percent: 2, activationPercent: 1 } })).toMatchObject({
      ok: true,
      alert: { trailingStop: { percent: 2, activationPercent: 1 } },
    });
    expect(parseAlert({ symbol: 'ETH', action: 'buy', trailingStop: { amount: '50' } })).toMatchObject({ ok: true, alert: { trailingStop: { amount: 50 } } });
    expect(
      expectRejected(parseAlert({ symbol: 'ETH', action: 'buy', trailingStop: { percent: 2, amount: 50 } }), 'UNSUPPORTED_VALUE', 'trailingStop'),
    ).toContain('exactly one');
  });

  it('given takeProfits or a trailing stop on a close or on a resting limit entry, then refused with what to send instead', () => {
    expect(expectRejected(parseAlert({ symbol: 'ETH', action: 'close', trailingStop: { percent: 2 } }), 'UNSUPPORTED_VALUE', 'trailingStop')).toContain(
      '"update"',
    );
    expect(
      expectRejected(
        parseAlert({ symbol: 'ETH', action: 'buy', orderType: 'limit', price: 3000, takeProfits: [{ price: 3600, percent: 50 }] }),
        'UNSUPPORTED_VALUE',
        'takeProfits',
      ),
    ).toContain('send an "update" once it has filled');
    expect(parseAlert({ symbol: 'ETH', action: 'buy', orderType: 'limit', price: 3000, timeInForce: 'IOC', trailingStop: { percent: 1 } })).toMatchObject({
      ok: true,
    });
  });

  it('given {"action":"update"} with a stop and take-profits, when parsed, then an update; with nothing to update or with a size, then refused', () => {
    expect(parseAlert({ symbol: 'ETH', action: 'update', stopLoss: 2900, takeProfits: [{ offsetPercent: 3, percent: 100 }] })).toMatchObject({
      ok: true,
      alert: { action: 'update', stopLoss: 2900, takeProfits: [{ offsetPercent: 3, percent: 100 }] },
    });
    expect(expectRejected(parseAlert({ symbol: 'ETH', action: 'update' }), 'UNSUPPORTED_VALUE', 'action')).toContain('at least one of');
    expect(expectRejected(parseAlert({ symbol: 'ETH', action: 'update', stopLoss: 2900, size: 100 }), 'UNSUPPORTED_VALUE', 'size')).toContain('sends no order');
  });
});
