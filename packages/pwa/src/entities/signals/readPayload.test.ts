import { describe, expect, it } from 'vitest';
import { payloadJson, readPayload } from './readPayload';

describe('readPayload (spec §3 webhook payload, all parts optional)', () => {
  it('given a normalised alert, then its fields', () => {
    expect(readPayload({ symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'limit', size: 250, price: 65_000, leverage: 3 })).toEqual({
      symbol: 'BTCUSDT',
      coin: 'BTC',
      action: 'buy',
      orderType: 'limit',
      size: 250,
      price: 65_000,
      leverage: 3,
      alertTime: null,
    });
  });

  it('TAB-LOGS-26, TAB-LOGS-30, TAB-LOGS-28 decided: given nothing usable (text, an array, blanks, an unknown action), then nulls', () => {
    const empty = { symbol: null, coin: null, action: null, orderType: null, size: null, price: null, leverage: null, alertTime: null };
    expect(readPayload('not json at all')).toEqual(empty);
    expect(readPayload([1, 2])).toEqual(empty);
    expect(readPayload({ symbol: '  ', action: 'hodl', orderType: '', size: null })).toEqual(empty);
  });

  it('TAB-LOGS-28 decided: an action in any case is read; numbers sent as text are read as numbers, "3x" leverage as 3; text that is no number is kept as sent', () => {
    expect(readPayload({ action: ' SELL ', size: '150.5', price: '3000', leverage: '3x' })).toMatchObject({
      action: 'sell',
      size: 150.5,
      price: 3000,
      leverage: 3,
    });
    expect(readPayload({ action: 'Close', size: 'all', price: 'market', leverage: 'max' })).toMatchObject({
      action: 'close',
      size: 'all',
      price: null,
      leverage: 'max',
    });
  });

  it("given TradingView's alert time (timenow preferred over the bar time, ISO or epoch ms), then it as ISO", () => {
    expect(readPayload({ time: '2026-11-24T11:00:00Z', timenow: '2026-11-24T11:59:58Z' }).alertTime).toBe('2026-11-24T11:59:58.000Z');
    expect(readPayload({ time: 1_795_000_000_000 }).alertTime).toBe(new Date(1_795_000_000_000).toISOString());
    expect(readPayload({ time: '{{time}}' }).alertTime).toBeNull();
  });

  it('TAB-LOGS-38: the payload reads as indented JSON; a text payload as the text received', () => {
    expect(payloadJson({ symbol: 'BTC', size: 1 })).toBe('{\n  "symbol": "BTC",\n  "size": 1\n}');
    expect(payloadJson('symbol=BTC')).toBe('symbol=BTC');
    expect(payloadJson(undefined)).toBe('null');
  });
});
