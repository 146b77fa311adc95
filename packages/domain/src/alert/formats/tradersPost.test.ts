import { describe, expect, it } from 'vitest';
import { parseAlert } from '../parseAlert.js';

// Examples from TradersPost's "Signal Message Reference" (docs/research/alert-formats.md), with
// their stock tickers swapped for Hyperliquid coins where noted.

function rejection(body: unknown): { code: string; field?: string; message: string } {
  const result = parseAlert(body);
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.alert)}`);
  return result.rejection;
}

describe('TradersPost alerts (issue 29, point 3)', () => {
  it("given the docs' first example (buy 1, take-profit 10 %, stop 5 % from 143.12), when parsed, then a buy of 1 coin with both prices worked out", () => {
    const body = { ticker: 'AMD', action: 'buy', signalPrice: 143.12, quantity: 1, takeProfit: { percent: 10 }, stopLoss: { type: 'stop', percent: 5 } };
    expect(parseAlert(JSON.stringify(body), 'application/json')).toEqual({
      ok: true,
      alert: {
        symbol: 'AMD',
        coin: 'AMD',
        action: 'buy',
        orderType: 'market',
        price: 143.12,
        quantity: 1,
        takeProfit: 157.432,
        stopLoss: 135.964,
        format: 'tradersPost',
      },
      payload: body,
    });
  });

  it("given the docs' TradingView strategy template filled in, when parsed, then the strategy's order as a buy of its contracts", () => {
    const body = { ticker: 'ETHUSDT.P', action: 'buy', sentiment: 'long', quantity: '0.5', price: '3000', time: '2026-11-28T12:00:00Z', interval: '15' };
    expect(parseAlert(body)).toMatchObject({ ok: true, alert: { coin: 'ETH', action: 'buy', quantity: 0.5, price: 3000, format: 'tradersPost' } });
  });

  it("given the docs' indicator template, when parsed, then a buy sized from Settings", () => {
    const result = parseAlert({ ticker: 'BTCUSD', action: 'buy', price: '65000', time: '2026-11-28T12:00:00Z', interval: '15' });
    expect(result).toMatchObject({ ok: true, alert: { coin: 'BTC', action: 'buy', price: 65000 } });
    if (result.ok) expect(result.alert.quantity).toBeUndefined();
  });

  it('given the docs\' { "ticker": "SQ", "action": "sell", "sentiment": "flat" } on ETH, when parsed, then a flat target: the whole position closes', () => {
    expect(parseAlert({ ticker: 'ETH', action: 'sell', sentiment: 'flat' })).toMatchObject({
      ok: true,
      alert: { coin: 'ETH', action: 'close', target: 'flat', format: 'tradersPost' },
    });
    expect(parseAlert({ ticker: 'ETH', action: 'buy', sentiment: 'flat', quantity: 3 })).toMatchObject({
      ok: true,
      alert: { action: 'close', target: 'flat' },
    });
  });

  it('given "action": "exit" without a quantity, when parsed, then a close of the whole position', () => {
    expect(parseAlert({ ticker: 'ETH', action: 'exit' })).toMatchObject({ ok: true, alert: { coin: 'ETH', action: 'close', format: 'tradersPost' } });
  });

  it('given the docs\' { "action": "exit", "quantity": 2 } (a partial exit), when parsed, then a close of 2 coins (issue 41, point 1)', () => {
    expect(parseAlert({ ticker: 'SQ', action: 'exit', quantity: 2 })).toMatchObject({ ok: true, alert: { coin: 'SQ', action: 'close', quantity: 2 } });
  });

  it('given the docs\' "cancel" (it cancels open orders and does not flatten), when parsed, then hyperhook\'s cancel (issue 41, point 1)', () => {
    expect(parseAlert({ ticker: 'ETHUSDT.P', action: 'cancel' })).toMatchObject({ ok: true, alert: { coin: 'ETH', action: 'cancel', format: 'tradersPost' } });
  });

  it('given an exit with quantityType percent_of_position, when parsed, then a close of that percent of the position (issue 41, point 1)', () => {
    const parsed = parseAlert({ ticker: 'ETHUSDT.P', action: 'exit', quantity: '25', quantityType: 'percent_of_position' });
    expect(parsed).toMatchObject({ ok: true, alert: { coin: 'ETH', action: 'close', percent: 25, format: 'tradersPost' } });
    if (parsed.ok) expect(parsed.alert.quantity).toBeUndefined();
  });

  it('given an exit with a dollar_amount quantity and a signal price, when parsed, then a close of the coins it buys at that price', () => {
    expect(parseAlert({ ticker: 'ETH', action: 'exit', quantity: 500, quantityType: 'dollar_amount', signalPrice: 2500 })).toMatchObject({
      ok: true,
      alert: { action: 'close', quantity: 0.2 },
    });
  });

  it.each([
    [{ ticker: 'ETH', action: 'exit', quantity: 150, quantityType: 'percent_of_position' }, 'INVALID_NUMBER', 'quantity'],
    [{ ticker: 'ETH', action: 'exit', quantity: 500, quantityType: 'dollar_amount' }, 'UNSUPPORTED_VALUE', 'quantity'],
    [{ ticker: 'ETH', action: 'exit', quantity: 5, quantityType: 'percent_of_equity' }, 'UNSUPPORTED_VALUE', 'quantityType'],
    [{ ticker: 'ETH', action: 'exit', quantity: -1 }, 'INVALID_NUMBER', 'quantity'],
  ])('given the partial exit %j, when parsed, then %s on %s', (body, code, field) => {
    expect(rejection(body)).toMatchObject({ code, field });
  });

  it("given the docs' absolute limitPrice take-profit and stopPrice stop-loss, when parsed, then both prices as given", () => {
    const body = { ticker: 'ETH', action: 'buy', takeProfit: { limitPrice: 19.99 }, stopLoss: { type: 'stop', stopPrice: 10.71 } };
    expect(parseAlert(body)).toMatchObject({ ok: true, alert: { action: 'buy', takeProfit: 19.99, stopLoss: 10.71 } });
  });

  it("given the docs' extras example, when parsed, then the extras are ignored and stay in the payload", () => {
    const body = { ticker: 'ETH', action: 'buy', extras: { message: 'RSI Below 30', rsi: 23 } };
    expect(parseAlert(body)).toMatchObject({ ok: true, alert: { action: 'buy' }, payload: body });
  });

  it('given a sell with amount-based take-profit and stop-loss, when parsed, then they lie below and above the signal price', () => {
    const body = { ticker: 'ETH', action: 'sell', signalPrice: 3000, takeProfit: { amount: 300 }, stopLoss: { type: 'stop', amount: 150 } };
    expect(parseAlert(body)).toMatchObject({ ok: true, alert: { action: 'sell', takeProfit: 2700, stopLoss: 3150 } });
  });

  it('given "quantityType": "dollar_amount", when parsed, then the dollars are turned into coins at the signal price, as TradersPost does', () => {
    expect(parseAlert({ ticker: 'ETH', action: 'buy', signalPrice: 3000, quantity: 150, quantityType: 'dollar_amount' })).toMatchObject({
      ok: true,
      alert: { quantity: 0.05 },
    });
    expect(rejection({ ticker: 'ETH', action: 'buy', quantity: 150, quantityType: 'dollar_amount' })).toMatchObject({
      code: 'UNSUPPORTED_VALUE',
      field: 'quantity',
    });
  });

  it('given the docs\' "risk_dollar_amount" example and a percent of equity, when parsed, then refused on quantityType: a size is never guessed', () => {
    const body = {
      ticker: 'ETH',
      action: 'buy',
      signalPrice: 100,
      quantityType: 'risk_dollar_amount',
      quantity: 100,
      stopLoss: { type: 'stop', stopPrice: 90 },
    };
    const refused = rejection(body);
    expect(refused).toMatchObject({ code: 'UNSUPPORTED_VALUE', field: 'quantityType' });
    expect(refused.message).toContain('Send "fixed_quantity" (coins) or "dollar_amount" (USD)');
    expect(rejection({ ticker: 'ETH', action: 'buy', quantityType: 'percent_of_equity', quantity: 10 })).toMatchObject({ field: 'quantityType' });
  });

  it('given a sell whose sentiment stays long (a partial exit), when parsed, then refused on sentiment, pointing at flat', () => {
    const refused = rejection({ ticker: 'ETH', action: 'sell', sentiment: 'long', quantity: 1 });
    expect(refused).toMatchObject({ code: 'UNSUPPORTED_VALUE', field: 'sentiment' });
    expect(refused.message).toContain('Send "sentiment": "flat" to close the whole position');
    expect(rejection({ ticker: 'ETH', action: 'buy', sentiment: 'bearish' })).toMatchObject({ field: 'sentiment' });
  });

  it.each([
    [{ ticker: 'ETH', action: 'add' }, 'UNSUPPORTED_VALUE', 'sentiment'],
    [{ ticker: 'ETH', action: 'exit', sentiment: 'flat' }, 'UNSUPPORTED_VALUE', 'sentiment'],
    [{ ticker: 'ETH', action: 'hold' }, 'INVALID_ACTION', 'action'],
    [{ ticker: 'ETH' }, 'MISSING_ACTION', 'action'],
    [{ ticker: 'ETH', action: 'buy', sentiment: 'up' }, 'INVALID_TARGET', 'sentiment'],
    [{ ticker: 'ETH', action: 'buy', stopLoss: { type: 'stop_limit', percent: 5 } }, 'UNSUPPORTED_VALUE', 'stopLoss.type'],
    [{ ticker: 'ETH', action: 'buy', stopLoss: { type: 'trailing_stop' } }, 'UNSUPPORTED_VALUE', 'stopLoss'],
    [{ ticker: 'ETH', action: 'buy', takeProfit: { percent: 10 } }, 'UNSUPPORTED_VALUE', 'takeProfit.percent'],
    [{ ticker: 'ETH', action: 'buy', orderType: 'limit' }, 'LIMIT_WITHOUT_PRICE', 'limitPrice'],
    [{ ticker: '', action: 'buy' }, 'MISSING_SYMBOL', 'ticker'],
    [{ ticker: 'ETH', action: '{{strategy.order.action}}' }, 'UNFILLED_PLACEHOLDER', 'action'],
  ])('given %j, when parsed, then %s on %s', (body, code, field) => {
    expect(rejection(body)).toMatchObject({ code, field });
  });

  it('given a limit order with its limitPrice, when parsed, then a limit at that price', () => {
    expect(parseAlert({ ticker: 'ETH', action: 'buy', orderType: 'limit', limitPrice: 2950, signalPrice: 3000 })).toMatchObject({
      ok: true,
      alert: { orderType: 'limit', price: 2950 },
    });
  });
});

describe('TradersPost exits and adds (issue 41, point 1)', () => {
  it('given the docs\' trailing stop-loss leg {"type": "trailing_stop", "trailPercent": 5} on a buy, when parsed, then a buy with a 5% trailing stop', () => {
    expect(parseAlert({ ticker: 'ETHUSDT.P', action: 'buy', quantity: 0.1, stopLoss: { type: 'trailing_stop', trailPercent: '5' } })).toMatchObject({
      ok: true,
      alert: { action: 'buy', quantity: 0.1, trailingStop: { percent: 5 }, format: 'tradersPost' },
    });
    expect(parseAlert({ ticker: 'ETH', action: 'sell', stopLoss: { type: 'trailing_stop', trailAmount: 50 } })).toMatchObject({
      ok: true,
      alert: { action: 'sell', trailingStop: { amount: 50 } },
    });
  });

  it('given "add" with a long or a short sentiment, when parsed, then a buy or a sell adding to the position in its direction', () => {
    expect(parseAlert({ ticker: 'ETH', action: 'add', sentiment: 'long', quantity: 0.05 })).toMatchObject({
      ok: true,
      alert: { action: 'buy', quantity: 0.05 },
    });
    expect(parseAlert({ ticker: 'ETH', action: 'add', sentiment: 'bearish' })).toMatchObject({ ok: true, alert: { action: 'sell' } });
  });
});
