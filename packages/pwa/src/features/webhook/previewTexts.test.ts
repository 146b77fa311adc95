import { describe, expect, it } from 'vitest';
import { amountText, legLabel, orderKindLabel, priceMeaning, sideLabel, STAGE_LABELS, tifLabel } from './previewTexts';

describe('order preview texts', () => {
  it('given each refusal stage, then the words a trader reads', () => {
    expect(STAGE_LABELS).toEqual({
      parse: 'The alert did not parse',
      keys: 'No API keys',
      market: 'Hyperliquid could not be reached',
      plan: 'A trading rule refused it',
    });
  });

  it('given a plan, then its side, kind, time in force and the meaning of its price', () => {
    expect([sideLabel(true), sideLabel(false)]).toEqual(['BUY', 'SELL']);
    expect([
      orderKindLabel({ reduceOnly: true, tif: 'Ioc' }),
      orderKindLabel({ reduceOnly: false, tif: 'Gtc' }),
      orderKindLabel({ reduceOnly: false, tif: 'Ioc' }),
    ]).toEqual(['Reduce-only close', 'Limit order', 'Market order']);
    expect([tifLabel('Ioc'), tifLabel('Gtc')]).toEqual(['IOC — immediate or cancel', 'GTC — good till cancelled']);
    expect(priceMeaning({ tif: 'Ioc', reduceOnly: false })).toMatch(/^Slippage guard/);
    expect(priceMeaning({ tif: 'Ioc', reduceOnly: true, orderType: 'market' })).toMatch(/^Slippage guard/);
    expect(priceMeaning({ tif: 'Gtc', reduceOnly: false })).toMatch(/^The limit price/);
    expect([legLabel('tp'), legLabel('sl')]).toEqual(['Take-profit', 'Stop-loss']);
  });

  it('issue 41: given a post-only or an IOC limit, then its kind, time in force and price say so', () => {
    expect(orderKindLabel({ reduceOnly: false, tif: 'Alo', orderType: 'limit' })).toBe('Post-only limit order');
    expect(orderKindLabel({ reduceOnly: false, tif: 'Ioc', orderType: 'limit' })).toBe('Limit order');
    expect(tifLabel('Alo')).toMatch(/^ALO — post-only/);
    expect(priceMeaning({ tif: 'Ioc', reduceOnly: false, orderType: 'limit' })).toMatch(/^The limit price/);
  });

  it('given an entry, then requested → after limits in dollars; a close takes the whole position', () => {
    expect(amountText({ requestedUsd: 150, amountUsd: 100 })).toBe('$150.00 → $100.00');
    expect(amountText({ requestedUsd: null, amountUsd: null })).toBe('Whole position');
  });
});
