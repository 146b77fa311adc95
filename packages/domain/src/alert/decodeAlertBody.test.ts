import { describe, expect, it } from 'vitest';
import { ALERT_MAX_BODY_BYTES, decodeAlertBody } from './decodeAlertBody.js';

const alertText = '{"symbol":"BTCUSDT","action":"buy","note":"extra"}';
const alertObject = { symbol: 'BTCUSDT', action: 'buy', note: 'extra' };

describe('decodeAlertBody', () => {
  it('given JSON text labelled text/plain (as TradingView sends it), when decoded, then the object comes out', () => {
    expect(decodeAlertBody(alertText, 'text/plain; charset=utf-8')).toEqual({ ok: true, payload: alertObject });
  });

  it('given JSON text with a BOM and surrounding whitespace, when decoded, then both are ignored', () => {
    expect(decodeAlertBody(`\uFEFF  \n${alertText}\n `)).toEqual({ ok: true, payload: alertObject });
  });

  it('given the body as bytes (a Buffer), when decoded, then it is read as UTF-8', () => {
    const bytes = new TextEncoder().encode(`\uFEFF${alertText}`);
    expect(decodeAlertBody(bytes)).toEqual({ ok: true, payload: alertObject });
    expect(decodeAlertBody(bytes.buffer)).toEqual({ ok: true, payload: alertObject });
  });

  it('given an already-parsed object, when decoded, then a copy is returned', () => {
    const result = decodeAlertBody(alertObject);
    expect(result).toEqual({ ok: true, payload: alertObject });
    if (result.ok) expect(result.payload).not.toBe(alertObject);
  });

  it('given a double-encoded JSON string, when decoded, then the inner object is unwrapped', () => {
    expect(decodeAlertBody(JSON.stringify(alertText))).toEqual({ ok: true, payload: alertObject });
  });

  it.each([undefined, null, '', '   ', '\uFEFF'])('given the empty body %j, when decoded, then it is EMPTY_BODY', (body) => {
    const result = decodeAlertBody(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.rejection.code).toBe('EMPTY_BODY');
  });

  it('given text that is not JSON, when decoded, then it is INVALID_JSON naming the content type, and the text is kept for the log', () => {
    const result = decodeAlertBody('buy BTCUSDT now', 'text/plain');
    expect(result).toMatchObject({ ok: false, rejection: { code: 'INVALID_JSON' }, payload: 'buy BTCUSDT now' });
    if (!result.ok) expect(result.rejection.message).toMatch(/^The request body \(sent as text\/plain\) is not valid JSON: /);
  });

  it.each([
    // Text keeps its original form in the log; parsed values are kept as they are.
    ['[1,2]', '[1,2]'],
    ['42', '42'],
    ['"hello"', '"hello"'],
    [[{ symbol: 'BTC' }], [{ symbol: 'BTC' }]],
    [7, 7],
  ])('given the non-object %j, when decoded, then it is NOT_AN_OBJECT', (body, payload) => {
    const result = decodeAlertBody(body);
    expect(result).toMatchObject({ ok: false, rejection: { code: 'NOT_AN_OBJECT' } });
    if (!result.ok) expect(result.payload).toEqual(payload);
  });

  it('given a class instance, when decoded, then it is NOT_AN_OBJECT and nothing unserialisable is logged', () => {
    expect(decodeAlertBody(new Date(0))).toMatchObject({ ok: false, rejection: { code: 'NOT_AN_OBJECT' }, payload: null });
  });

  it('given a body one byte over the limit, when decoded, then it is BODY_TOO_LARGE with only a preview kept', () => {
    const body = `{"symbol":"${'x'.repeat(ALERT_MAX_BODY_BYTES)}"}`;
    const result = decodeAlertBody(body);
    expect(result).toMatchObject({ ok: false, rejection: { code: 'BODY_TOO_LARGE' } });
    if (!result.ok) {
      expect(result.rejection.message).toContain(`${body.length} bytes`);
      expect(String(result.payload).length).toBe(1024);
    }
    expect(decodeAlertBody(new TextEncoder().encode(body))).toMatchObject({ ok: false, rejection: { code: 'BODY_TOO_LARGE' } });
  });

  it('given a body of exactly the limit counted in UTF-8 bytes, when decoded, then it is not too large', () => {
    const prefix = '{"symbol":"';
    const suffix = '"}';
    const exact = prefix + 'x'.repeat(ALERT_MAX_BODY_BYTES - prefix.length - suffix.length) + suffix;
    expect(decodeAlertBody(exact).ok).toBe(true);
    // Same character count, but "é" is 2 bytes: now over the limit.
    const multiByte = prefix + 'é' + 'x'.repeat(ALERT_MAX_BODY_BYTES - prefix.length - suffix.length - 1) + suffix;
    expect(decodeAlertBody(multiByte)).toMatchObject({ ok: false, rejection: { code: 'BODY_TOO_LARGE' } });
  });
});
