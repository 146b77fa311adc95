import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLenientJson } from './parseLenientJson.js';

describe('parseLenientJson', () => {
  it('given strict JSON, when parsed, then it is the JSON.parse value', () => {
    expect(parseLenientJson('{"a":[1,2],"b":"x"}')).toEqual({ ok: true, value: { a: [1, 2], b: 'x' } });
  });

  it('given trailing commas, when parsed, then they are forgiven', () => {
    expect(parseLenientJson('{"symbol":"BTC","action":"buy",\n}')).toEqual({ ok: true, value: { symbol: 'BTC', action: 'buy' } });
    expect(parseLenientJson('{"list":[1,2,],}')).toEqual({ ok: true, value: { list: [1, 2] } });
  });

  it('given a comma-brace sequence inside a string, when repaired, then the string is left alone', () => {
    expect(parseLenientJson('{"note":"a,}","x":1,}')).toEqual({ ok: true, value: { note: 'a,}', x: 1 } });
  });

  it('given curly quotes from a phone keyboard, when parsed, then they read as straight quotes', () => {
    expect(parseLenientJson('{“symbol”: “BTCUSDT”, “action”: “sell”}')).toEqual({
      ok: true,
      value: { symbol: 'BTCUSDT', action: 'sell' },
    });
  });

  it('given text that no repair can save, when parsed, then the strict parser’s error is reported', () => {
    const result = parseLenientJson('{symbol: BTC}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/JSON|property|token/i);
  });

  it('given any JSON value, when serialised and parsed, then it matches JSON.parse exactly', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(parseLenientJson(text)).toEqual({ ok: true, value: JSON.parse(text) as unknown });
      }),
    );
  });

  it('given any string, when parsed, then it never throws', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(typeof parseLenientJson(text).ok).toBe('boolean');
      }),
    );
  });
});
