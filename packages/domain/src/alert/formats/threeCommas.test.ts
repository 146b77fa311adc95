import { describe, expect, it } from 'vitest';
import { parseAlert } from '../parseAlert.js';

// Examples from 3Commas's "Signal bot: JSON file for strategy type" and the custom signal
// messages quoted in docs/research/alert-formats.md, with TradingView's placeholders filled in.

function rejection(body: unknown): { code: string; field?: string; message: string } {
  const result = parseAlert(body);
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.alert)}`);
  return result.rejection;
}

const strategyType = (action: string, position: string, size: string) => ({
  secret: 'token',
  max_lag: '300',
  timestamp: '2026-11-28T12:00:00Z',
  trigger_price: '3000',
  tv_exchange: 'BINANCE',
  tv_instrument: 'ETHUSDT.P',
  action,
  bot_uuid: 'signal-bot-uuid',
  strategy_info: { market_position: position, market_position_size: size, prev_market_position: 'flat', prev_market_position_size: '0' },
  order: { amount: '0.05', currency_type: 'base' },
});

describe('3Commas signal bot alerts (issue 29, point 3)', () => {
  it('given the strategy-type example (a buy that leaves the strategy long), when parsed, then a buy of order.amount coins, sent at timestamp within max_lag (issue 42); secret and bot_uuid are not read', () => {
    const body = strategyType('buy', 'long', '0.05');
    expect(parseAlert(JSON.stringify(body), 'application/json')).toEqual({
      ok: true,
      alert: {
        symbol: 'ETHUSDT.P',
        coin: 'ETH',
        action: 'buy',
        orderType: 'market',
        price: 3000,
        quantity: 0.05,
        format: 'threeCommas',
        sentAt: '2026-11-28T12:00:00.000Z',
        sentAtField: 'timestamp',
        maxLag: 300,
      },
      payload: body,
    });
  });

  it('given the strategy-type example when the strategy goes flat, when parsed, then a flat target: the whole position closes', () => {
    expect(parseAlert(strategyType('sell', 'flat', '0'))).toMatchObject({
      ok: true,
      alert: { coin: 'ETH', action: 'close', target: 'flat', format: 'threeCommas' },
    });
  });

  it('given the strategy-type example when a sell leaves the strategy long (a partial exit), when parsed, then refused on strategy_info.market_position', () => {
    expect(rejection(strategyType('sell', 'long', '0.02'))).toMatchObject({ code: 'UNSUPPORTED_VALUE', field: 'strategy_info.market_position' });
  });

  it("given the custom signal's enter_long with a quote amount of 150 USDT, when parsed, then refused on order.currency_type: a quote amount is never guessed", () => {
    const body = {
      secret: 'YOUR-SECRET',
      bot_uuid: 'YOUR-UUID',
      action: 'enter_long',
      tv_exchange: 'BINANCE',
      tv_instrument: 'ETHUSDT.P',
      order: { amount: 150, currency_type: 'quote', order_type: 'market' },
      max_lag: 300,
      timestamp: '2026-11-28T12:00:00Z',
    };
    const refused = rejection(body);
    expect(refused).toMatchObject({ code: 'UNSUPPORTED_VALUE', field: 'order.currency_type' });
    expect(refused.message).toContain('Send "currency_type": "base"');
  });

  it('given enter_long and enter_short with a base amount or none, when parsed, then a buy and a sell', () => {
    expect(parseAlert({ action: 'enter_long', tv_instrument: 'ETHUSDT.P', order: { amount: '0.05', currency_type: 'base' } })).toMatchObject({
      ok: true,
      alert: { action: 'buy', quantity: 0.05 },
    });
    const short = parseAlert({ action: 'enter_short', tv_instrument: 'BTCUSDT.P' });
    expect(short).toMatchObject({ ok: true, alert: { coin: 'BTC', action: 'sell' } });
    if (short.ok) expect(short.alert.quantity).toBeUndefined();
  });

  it("given the custom signal's exit_long with 100 position_percent, when parsed, then a close of the whole position", () => {
    const body = {
      secret: 'YOUR-SECRET',
      bot_uuid: 'YOUR-UUID',
      action: 'exit_long',
      tv_exchange: 'BINANCE',
      tv_instrument: 'ETHUSDT.P',
      order: { amount: 100, currency_type: 'position_percent' },
      max_lag: 300,
      timestamp: '2026-11-28T12:00:00Z',
    };
    expect(parseAlert(body)).toMatchObject({ ok: true, alert: { coin: 'ETH', action: 'close', format: 'threeCommas' } });
    expect(parseAlert({ action: 'exit_short', tv_instrument: 'ETH' })).toMatchObject({ ok: true, alert: { action: 'close' } });
  });

  it("given the custom signal's exit_long with 50 position_percent, when parsed, then a close of half the position (issue 41, point 1)", () => {
    const body = {
      secret: 'YOUR-SECRET',
      bot_uuid: 'YOUR-UUID',
      action: 'exit_long',
      tv_exchange: 'BINANCE',
      tv_instrument: 'ETHUSDT.P',
      order: { amount: 50, currency_type: 'position_percent' },
      max_lag: 300,
      timestamp: '2026-11-28T12:00:00Z',
    };
    expect(parseAlert(body)).toMatchObject({ ok: true, alert: { coin: 'ETH', action: 'close', percent: 50, format: 'threeCommas' } });
  });

  it('given an exit_short with a base amount, when parsed, then a close of that many coins', () => {
    expect(parseAlert({ action: 'exit_short', tv_instrument: 'BTCUSDT.P', order: { amount: '0.01', currency_type: 'base' } })).toMatchObject({
      ok: true,
      alert: { coin: 'BTC', action: 'close', quantity: 0.01 },
    });
  });

  it.each([
    [{ action: 'exit_long', tv_instrument: 'ETH', order: { amount: 150, currency_type: 'position_percent' } }, 'INVALID_NUMBER', 'order.amount'],
    [{ action: 'exit_long', tv_instrument: 'ETH', order: { amount: 50, currency_type: 'quote' } }, 'UNSUPPORTED_VALUE', 'order.currency_type'],
    [{ action: 'enter_long', tv_instrument: 'ETH', order: { amount: 10, currency_type: 'margin_percent' } }, 'UNSUPPORTED_VALUE', 'order.currency_type'],
    [{ action: 'enter_long', tv_instrument: 'ETH', order: { amount: 1, currency_type: 'base', order_type: 'limit' } }, 'UNSUPPORTED_VALUE', 'order.order_type'],
    [{ action: 'disable', tv_instrument: 'ETH' }, 'UNSUPPORTED_VALUE', 'action'],
    [{ action: 'enter', tv_instrument: 'ETH' }, 'INVALID_ACTION', 'action'],
    [{ tv_instrument: 'ETH' }, 'MISSING_ACTION', 'action'],
    [{ action: 'enter_long', bot_uuid: 'x' }, 'MISSING_SYMBOL', 'tv_instrument'],
    [{ action: 'enter_long', tv_instrument: 'ETH', order: { amount: 'lots', currency_type: 'base' } }, 'INVALID_NUMBER', 'order.amount'],
    [{ ...strategyType('buy', '{{strategy.market_position}}', '1') }, 'UNFILLED_PLACEHOLDER', 'strategy_info.market_position'],
  ])('given %j, when parsed, then %s on %s', (body, code, field) => {
    expect(rejection(body)).toMatchObject({ code, field });
  });
});
