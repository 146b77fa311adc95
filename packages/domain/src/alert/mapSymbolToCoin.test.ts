import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { K_PREFIXED_COINS, mapSymbolToCoin } from './mapSymbolToCoin.js';

describe('mapSymbolToCoin', () => {
  it.each([
    'BINANCE:BTCUSDT.P',
    'BYBIT:BTCUSDT.P',
    'BINANCE:BTCUSDTPERP',
    'BTCUSDT',
    'BTCUSD',
    'BTCUSDC',
    'BTC-PERP',
    'BTC-USD',
    'BTC/USDC:USDC',
    'BTC/USDT',
    'BTCPERP',
    'OKX:BTC-USDT-SWAP',
    'btc',
    'BTC',
    '  btcusdt.p  ',
  ])('ENT-10: given the ticker %j, when mapped, then it is BTC', (symbol) => {
    expect(mapSymbolToCoin(symbol)).toBe('BTC');
  });

  it.each([
    ['BYBIT:ETHUSDT.P', 'ETH'],
    ['solusdt', 'SOL'],
    ['HYPE', 'HYPE'],
    ['HYPEUSDC', 'HYPE'],
    ['ARBUSD', 'ARB'], // ARB + USD, never AR + BUSD
    ['ARBUSDT.P', 'ARB'],
    ['KAITOUSDT', 'KAITO'], // starts with K but is not a k-coin
    ['1000SATSUSDT', '1000SATS'], // 1000-prefix kept when Hyperliquid has no k-coin for it
    ['USDT', 'USDT'], // nothing left to strip: kept, and refused later by meta
  ])('given %j, when mapped, then other coins are upper-cased to %s', (symbol, coin) => {
    expect(mapSymbolToCoin(symbol)).toBe(coin);
  });

  it.each(['kPEPE', 'KPEPEUSDT', '1000PEPEUSDT', 'BINANCE:1000PEPEUSDT.P', 'kpepe', '1000PEPE', 'kPEPE-PERP'])(
    'given the 1000-unit ticker %j, when mapped, then it is kPEPE with its lower-case k',
    (symbol) => {
      expect(mapSymbolToCoin(symbol)).toBe('kPEPE');
    },
  );

  it.each(K_PREFIXED_COINS.map((base) => [base]))('given 1000%sUSDT or K%sUSDT, when mapped, then it is the k-coin', (base) => {
    expect(mapSymbolToCoin(`1000${base}USDT`)).toBe(`k${base}`);
    expect(mapSymbolToCoin(`K${base}USDT`)).toBe(`k${base}`);
  });

  it.each(['', '   ', 'BINANCE:', '/USDT', 'BTC USDT', '$$$', 'BTC!', 'A'.repeat(65), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'])(
    'given the garbage %j, when mapped, then it is null',
    (symbol) => {
      expect(mapSymbolToCoin(symbol)).toBeNull();
    },
  );

  it('given a non-string smuggled in from JSON, when mapped, then it is null rather than a crash', () => {
    expect(mapSymbolToCoin(42 as unknown as string)).toBeNull();
  });

  it('given any string, when mapped, then it never throws and yields null or a plain coin name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (symbol) => {
        const coin = mapSymbolToCoin(symbol);
        expect(coin === null || /^(k[A-Z]+|[A-Z0-9]{1,20})$/.test(coin)).toBe(true);
      }),
    );
  });

  it('given any coin name written in any supported ticker format, when mapped, then it is that coin', () => {
    const formats = [
      (c: string) => c,
      (c: string) => c.toLowerCase(),
      (c: string) => `BINANCE:${c}USDT.P`,
      (c: string) => `BYBIT:${c}USDT.P`,
      (c: string) => `${c}USDT`,
      (c: string) => `${c}USDC`,
      (c: string) => `${c}USD`,
      (c: string) => `${c}-PERP`,
      (c: string) => `${c}PERP`,
      (c: string) => `${c}-USD`,
      (c: string) => `${c}/USDC:USDC`,
      (c: string) => `${c}/USDT`,
    ];
    const coin = fc.stringMatching(/^[A-Z][A-Z0-9]{1,8}$/).filter((c) => !/(PERP|USD|USDT|USDC)$/.test(c) && mapSymbolToCoin(c) === c);
    fc.assert(
      fc.property(coin, fc.constantFrom(...formats), (c, format) => {
        expect(mapSymbolToCoin(format(c))).toBe(c);
      }),
    );
  });
});
