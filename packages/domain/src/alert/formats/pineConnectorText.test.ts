import { describe, expect, it } from 'vitest';
import { decodeAlertBody } from '../decodeAlertBody.js';
import { parseAlert } from '../parseAlert.js';

// Examples from PineConnector's syntax guide (docs.pineconnector.com; docs/research/alert-formats.md),
// with their forex symbols swapped for Hyperliquid coins.

function rejection(text: string): { code: string; field?: string; message: string } {
  const result = parseAlert(text, 'text/plain');
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.alert)}`);
  return result.rejection;
}

describe('PineConnector-style text alerts (issue 29, point 3)', () => {
  it('given the guide\'s "60123456789,closelong,GBPUSD" on ETH, when parsed, then a close; the license id is read past', () => {
    expect(parseAlert('60123456789,closelong,ETH', 'text/plain')).toEqual({
      ok: true,
      alert: { symbol: 'ETH', coin: 'ETH', action: 'close', orderType: 'market', format: 'pineConnector' },
      payload: { command: 'closelong', licenseId: '60123456789', symbol: 'ETH' },
    });
    expect(parseAlert('closeshort, BTCUSD', 'text/plain')).toMatchObject({ ok: true, alert: { coin: 'BTC', action: 'close' } });
  });

  it('given "buy,ETH" and "sell,ETH" with sl_price= and tp_price=, when parsed, then a buy and a sell sized from Settings, with those prices', () => {
    expect(parseAlert('buy,ETH,sl_price=2900,tp_price=3300', 'text/plain')).toMatchObject({
      ok: true,
      alert: { coin: 'ETH', action: 'buy', stopLoss: 2900, takeProfit: 3300, format: 'pineConnector' },
    });
    expect(parseAlert('60123456789,SELL,BTCUSD,comment="strategy 1"', 'text/plain')).toMatchObject({ ok: true, alert: { coin: 'BTC', action: 'sell' } });
  });

  it('given the guide\'s "60123456789,buy,AUDUSD,risk=0.1" and the issue\'s "buy,ETH,risk=1", when parsed, then refused on risk: its meaning is the EA\'s setting', () => {
    for (const text of ['60123456789,buy,ETH,risk=0.1', 'buy,ETH,risk=1']) {
      const refused = rejection(text);
      expect(refused).toMatchObject({ code: 'UNSUPPORTED_VALUE', field: 'risk' });
      expect(refused.message).toContain('Leave it out to size from your Settings');
    }
  });

  it.each([
    ['60123456789,sell,ETH,sl=50,risk=1', 'sl'],
    ['60123456789,buy,ETH,vol_lots=0.1', 'vol_lots'],
    ['60123456789,sell,ETH,vol_dollar=50,sl_pips=20', 'vol_dollar'],
    ['60123456789,buylimit,ETH,price=2900', 'command'],
    ['60123456789,closeall', 'command'],
    ['60123456789,eaoff', 'command'],
  ])("given the guide's kind of message %j, when parsed, then refused as UNSUPPORTED_VALUE on %s", (text, field) => {
    expect(rejection(text)).toMatchObject({ code: 'UNSUPPORTED_VALUE', field });
  });

  it('given "60123456789,buy" without a symbol, when parsed, then MISSING_SYMBOL', () => {
    expect(rejection('60123456789,buy')).toMatchObject({ code: 'MISSING_SYMBOL', field: 'symbol' });
  });

  it('given text that is neither JSON nor a PineConnector command, when decoded, then still INVALID_JSON', () => {
    for (const text of ['buy BTCUSDT now', 'hello,world', '1,2,3', 'buy,ETH,BTC']) {
      expect(decodeAlertBody(text, 'text/plain')).toMatchObject({ ok: false, rejection: { code: 'INVALID_JSON' } });
    }
  });

  it('given a "__proto__=" part, when decoded, then it is an own field and the prototype is untouched', () => {
    const decoded = decodeAlertBody('buy,ETH,__proto__=1');
    // "__proto__" does not start with a letter, so the text is not PineConnector's.
    expect(decoded.ok).toBe(false);
    const own = decodeAlertBody('buy,ETH,constructor=1');
    expect(own).toMatchObject({ ok: true, commaText: true });
    if (own.ok) expect(Object.getPrototypeOf(own.payload)).toBe(Object.prototype);
  });
});
