import { describe, expect, it } from 'vitest';
import { isAbsent, readAction, readId, readLeverage, readOrderType, readPositiveNumber, readSymbol, toFiniteNumber } from './alertFields.js';

describe('alert field readers', () => {
  it.each([undefined, null, '', '  '])('given %j, when checked, then it counts as not given', (value) => {
    expect(isAbsent(value)).toBe(true);
  });

  it.each([0, false, 'x'])('given %j, when checked, then it counts as given', (value) => {
    expect(isAbsent(value)).toBe(false);
  });

  it.each([
    [100, 100],
    ['100', 100],
    [' 2.5 ', 2.5],
    ['+3', 3],
    ['1e3', 1000],
    ['.5', 0.5],
    ['abc', undefined],
    ['0x10', undefined],
    ['1,000', undefined],
    ['Infinity', undefined],
    ['1e400', undefined],
    [NaN, undefined],
    [true, undefined],
  ])('given %j, when read as a number, then it is %s', (value, expected) => {
    expect(toFiniteNumber(value)).toBe(expected);
  });

  it('given a ticker, when read as symbol, then it is trimmed and mapped to its coin', () => {
    expect(readSymbol(' BINANCE:BTCUSDT.P ')).toEqual({ ok: true, value: { symbol: 'BINANCE:BTCUSDT.P', coin: 'BTC' } });
  });

  it.each([
    [undefined, 'MISSING_SYMBOL'],
    ['', 'MISSING_SYMBOL'],
    [42, 'INVALID_SYMBOL'],
    ['BTC USDT', 'INVALID_SYMBOL'],
  ])('given symbol %j, when read, then it is refused with %s', (value, code) => {
    expect(readSymbol(value)).toMatchObject({ ok: false, rejection: { code, field: 'symbol' } });
  });

  it.each([
    ['buy', 'buy'],
    ['BUY', 'buy'],
    [' Sell ', 'sell'],
    ['Close', 'close'],
    ['long', 'buy'],
    ['SHORT', 'sell'],
    ['flat', 'close'],
  ])('ENT-11: given action %j, when read, then it is %s', (value, expected) => {
    expect(readAction(value)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['hold', 'INVALID_ACTION'],
    ['constructor', 'INVALID_ACTION'],
    [1, 'INVALID_ACTION'],
    [undefined, 'MISSING_ACTION'],
  ])('given action %j, when read, then it is refused with %s', (value, code) => {
    expect(readAction(value)).toMatchObject({ ok: false, rejection: { code, field: 'action' } });
  });

  it('CONST-07: given no orderType, when read, then it defaults to market; LIMIT reads as limit', () => {
    expect(readOrderType(undefined)).toEqual({ ok: true, value: 'market' });
    expect(readOrderType(' LIMIT ')).toEqual({ ok: true, value: 'limit' });
    expect(readOrderType('stop')).toMatchObject({ ok: false, rejection: { code: 'INVALID_ORDER_TYPE', field: 'orderType' } });
  });

  it('given a non-positive number, when read as size, then the message names the field, the rule and the value', () => {
    expect(readPositiveNumber('abc', 'size', 'number of USD')).toEqual({
      ok: false,
      rejection: { code: 'INVALID_NUMBER', field: 'size', message: 'Field "size" must be a positive number of USD; got "abc".' },
    });
    expect(readPositiveNumber(0, 'price', 'price')).toMatchObject({ ok: false, rejection: { message: 'Field "price" must be a positive price; got 0.' } });
    expect(readPositiveNumber(' 2.5 ', 'size', 'number of USD')).toEqual({ ok: true, value: 2.5 });
    expect(readPositiveNumber(null, 'size', 'number of USD')).toEqual({ ok: true, value: undefined });
  });

  it.each([
    [3, 3],
    ['3', 3],
    ['3x', 3],
    [' 10 X ', 10],
    ['3.0', 3],
    [1, 1],
    [50, 50],
  ])('CONST-08: given leverage %j, when read, then it is %i', (value, expected) => {
    expect(readLeverage(value)).toEqual({ ok: true, value: expected });
  });

  it.each([0, 51, 2.5, '2.5x', 'x', 'x3', 'three', true])('VAL-17: given leverage %j, when read, then it is refused', (value) => {
    expect(readLeverage(value)).toMatchObject({
      ok: false,
      rejection: { code: 'INVALID_LEVERAGE', field: 'leverage', message: expect.stringContaining('whole number from 1 to 50') as unknown },
    });
  });

  it('given an id as text or number, when read, then it is text; other kinds and over-long ids are refused', () => {
    expect(readId(' abc-1 ')).toEqual({ ok: true, value: 'abc-1' });
    expect(readId(12345)).toEqual({ ok: true, value: '12345' });
    expect(readId('x'.repeat(200))).toEqual({ ok: true, value: 'x'.repeat(200) });
    expect(readId('x'.repeat(201))).toMatchObject({ ok: false, rejection: { code: 'INVALID_ID', field: 'id' } });
    expect(readId({ n: 1 })).toMatchObject({ ok: false, rejection: { code: 'INVALID_ID' } });
    expect(readId(true)).toMatchObject({ ok: false, rejection: { code: 'INVALID_ID' } });
  });
});
