import { describe, expect, it } from 'vitest';
import { parseAlert } from '../parseAlert.js';

// Examples from the tradingview-alert-connector README and its validateAlert tests
// (docs/research/alert-formats.md), with {{close}} filled in.

function rejection(body: unknown): { code: string; field?: string; message: string } {
  const result = parseAlert(body);
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.alert)}`);
  return result.rejection;
}

describe('TVAC alerts (issue 29, point 3)', () => {
  it("given the README's example (its unquoted {{close}} filled in), when parsed, then a buy of 0.01 BTC", () => {
    const text =
      '{"exchange": "hyperliquid", "strategy": "MyStrategy", "market": "BTC", "size": 0.01, "order": "buy", "price": 65000, "position": "long", "reverse": false}';
    expect(parseAlert(text, 'text/plain')).toEqual({
      ok: true,
      alert: { symbol: 'BTC', coin: 'BTC', action: 'buy', orderType: 'market', price: 65000, quantity: 0.01, format: 'tvac' },
      payload: JSON.parse(text) as unknown,
    });
  });

  it('given the validateAlert test fixture (dYdX\'s "BTC-USD"), when parsed, then a buy of 0.1 BTC', () => {
    const body = { exchange: 'dydx', strategy: 'TestStrategy', market: 'BTC-USD', size: 0.1, order: 'buy', price: 50000, position: 'long', reverse: false };
    expect(parseAlert(body)).toMatchObject({ ok: true, alert: { coin: 'BTC', action: 'buy', quantity: 0.1, format: 'tvac' } });
  });

  it('given "sizeUsd", when parsed, then coins = sizeUsd ÷ price, TVAC\'s own formula; without a price it is refused', () => {
    expect(parseAlert({ exchange: 'hyperliquid', market: 'ETH', order: 'sell', sizeUsd: 300, price: '3000', position: 'short' })).toMatchObject({
      ok: true,
      alert: { action: 'sell', quantity: 0.1 },
    });
    expect(rejection({ exchange: 'hyperliquid', market: 'ETH', order: 'sell', sizeUsd: 300 })).toMatchObject({ code: 'UNSUPPORTED_VALUE', field: 'sizeUsd' });
  });

  it('given "position": "flat", when parsed, then a flat target: the whole position closes whatever the size', () => {
    expect(parseAlert({ market: 'ETH', order: 'sell', size: 0.5, position: 'flat' })).toMatchObject({ ok: true, alert: { action: 'close', target: 'flat' } });
  });

  it('given "reverse": true, when parsed, then a target of the order\'s side with the size as the position wanted (TVAC doubles the order to flip)', () => {
    expect(parseAlert({ market: 'ETH', order: 'buy', size: 0.5, position: 'long', reverse: true })).toMatchObject({
      ok: true,
      alert: { action: 'buy', target: 'long', quantity: 0.5 },
    });
  });

  it('given "sizeByLeverage", when parsed, then refused by name: a multiple of equity is not a size hyperhook reads', () => {
    const refused = rejection({ market: 'ETH', order: 'buy', sizeByLeverage: 2, size: 0.1, price: 3000 });
    expect(refused).toMatchObject({ code: 'UNSUPPORTED_VALUE', field: 'sizeByLeverage' });
    expect(refused.message).toContain('Send "size" (coins) or "sizeUsd"');
  });

  it.each([
    [{ market: 'xyz:TSLA', order: 'buy' }, 'UNSUPPORTED_VALUE', 'market'],
    [{ market: 'ETH', order: 'sell', position: 'long' }, 'UNSUPPORTED_VALUE', 'position'],
    [{ market: 'ETH', order: 'hold' }, 'INVALID_ACTION', 'order'],
    [{ market: 'ETH', exchange: 'hyperliquid' }, 'MISSING_ACTION', 'order'],
    [{ market: 'ETH', order: 'buy', reverse: 'yes' }, 'UNSUPPORTED_VALUE', 'reverse'],
    [{ market: 'ETH', order: 'buy', size: -1 }, 'INVALID_NUMBER', 'size'],
    [{ market: '', order: 'buy' }, 'MISSING_SYMBOL', 'market'],
  ])('given %j, when parsed, then %s on %s', (body, code, field) => {
    expect(rejection(body)).toMatchObject({ code, field });
  });
});
