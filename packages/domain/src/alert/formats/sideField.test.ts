import { describe, expect, it } from 'vitest';
import { parseAlert } from '../parseAlert.js';

describe('"side" alerts (issue 29, point 3)', () => {
  it('given "side": "long" or "short" in place of "action", when parsed, then a buy or a sell, every other field read as hyperhook\'s own', () => {
    expect(parseAlert({ symbol: 'ETHUSDT', side: 'long', size: 100 })).toEqual({
      ok: true,
      alert: { symbol: 'ETHUSDT', coin: 'ETH', action: 'buy', orderType: 'market', size: 100, format: 'side' },
      payload: { symbol: 'ETHUSDT', side: 'long', size: 100 },
    });
    expect(parseAlert({ symbol: 'BTC', side: 'SHORT', stopLoss: 70000 })).toMatchObject({
      ok: true,
      alert: { action: 'sell', stopLoss: 70000, format: 'side' },
    });
    expect(parseAlert({ symbol: 'BTC', side: 'sell' })).toMatchObject({ ok: true, alert: { action: 'sell' } });
  });

  it('given "side" beside an "action", when parsed, then hyperhook\'s own alert: the action decides and side is not read', () => {
    const result = parseAlert({ symbol: 'BTC', action: 'close', side: 'long' });
    expect(result).toMatchObject({ ok: true, alert: { action: 'close' } });
    if (result.ok) expect(result.alert.format).toBeUndefined();
  });

  it('given a side that is not long or short, when parsed, then INVALID_ACTION on side, saying how to close', () => {
    const result = parseAlert({ symbol: 'BTC', side: 'flat' });
    expect(result).toMatchObject({ ok: false, rejection: { code: 'INVALID_ACTION', field: 'side' } });
    if (!result.ok)
      expect(result.rejection.message).toBe(
        'Field "side" must be "long" or "short" ("buy" or "sell" too); got "flat". To close a position send "action": "close".',
      );
  });
});
