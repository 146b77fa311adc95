import { describe, expect, it } from 'vitest';
import { readTime } from './alertTime.js';
import { parseAlert } from './parseAlert.js';

const NOON = Date.parse('2026-11-28T12:00:00.000Z');

describe("the alert's own time (issue 42, point 1)", () => {
  it('given the formats TradingView and the peers send, when read, then each is the same instant', () => {
    for (const written of [
      '2026-11-28T12:00:00Z',
      '2026-11-28T12:00:00.000Z',
      '2026-11-28 12:00:00',
      '2026-11-28T13:00:00+01:00',
      '2026-11-28T07:00:00-0500',
      '2026-11-28T12:00Z',
      1_795_867_200,
      '1795867200',
      1_795_867_200_000,
      '1795867200000',
      '1795867200.000',
    ])
      expect([written, readTime(written)]).toEqual([written, NOON]);
  });

  it('given text that is no time, a small number or an impossible date, when read, then none', () => {
    for (const written of ['yesterday', '12:00', '2026-02-31T12:00:00Z', '2026-11-28T25:00:00Z', 5, '15', true, null, {}]) expect(readTime(written)).toBeNull();
  });

  it('given a native alert with timenow and time, when parsed, then timenow (when it fired) is taken over time (the bar)', () => {
    const result = parseAlert({ symbol: 'ETH', action: 'buy', timenow: '2026-11-28T12:00:05Z', time: '2026-11-28T11:00:00Z' });
    expect(result).toMatchObject({ ok: true, alert: { sentAt: '2026-11-28T12:00:05.000Z', sentAtField: 'timenow' } });
  });

  it("given a 3Commas alert's timestamp and max_lag, when parsed, then both are read; TradersPost's time too", () => {
    const threeCommas = parseAlert({
      tv_instrument: 'BTCUSDT',
      action: 'enter_long',
      timestamp: '2026-11-28T12:00:00Z',
      max_lag: '30',
      order: { amount: '0.1', currency_type: 'base' },
    });
    expect(threeCommas).toMatchObject({ ok: true, alert: { sentAt: '2026-11-28T12:00:00.000Z', sentAtField: 'timestamp', maxLag: 30 } });
    const tradersPost = parseAlert({ ticker: 'ETHUSD', action: 'buy', time: '2026-11-28T12:00:00Z' });
    expect(tradersPost).toMatchObject({ ok: true, alert: { sentAt: '2026-11-28T12:00:00.000Z', sentAtField: 'time' } });
  });

  it('given an alert without a time, when parsed, then it carries none', () => {
    const result = parseAlert({ symbol: 'ETH', action: 'buy' });
    expect(result.ok && 'sentAt' in result.alert).toBe(false);
  });

  it('given an unreadable timestamp or max_lag, when parsed, then the alert is refused naming the field', () => {
    expect(parseAlert({ symbol: 'ETH', action: 'buy', timestamp: 'soon' })).toMatchObject({
      ok: false,
      rejection: { code: 'INVALID_TIME', field: 'timestamp', message: expect.stringContaining('{{timenow}}') },
    });
    expect(parseAlert({ symbol: 'ETH', action: 'buy', max_lag: 'ten' })).toMatchObject({ ok: false, rejection: { code: 'INVALID_NUMBER', field: 'max_lag' } });
  });
});
