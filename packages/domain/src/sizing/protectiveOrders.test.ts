import { describe, expect, it } from 'vitest';
import type { ParsedAlert } from '../alert/alertSchema.js';
import { protectiveOrders } from './protectiveOrders.js';

const alert = (extra: Partial<ParsedAlert>): ParsedAlert => ({ symbol: 'BTC', coin: 'BTC', action: 'buy', orderType: 'market', ...extra });

describe('protectiveOrders', () => {
  it('given a long with TP above and SL below the entry, when built, then TP then SL are sells 10 % beyond their triggers', () => {
    expect(protectiveOrders(alert({ takeProfit: 101000, stopLoss: 95000 }), true, '97000', 5)).toEqual({
      ok: true,
      children: [
        { kind: 'tp', triggerPx: '101000', price: '90900', isBuy: false },
        { kind: 'sl', triggerPx: '95000', price: '85500', isBuy: false },
      ],
    });
  });

  it('given a short with TP below and SL above the entry, when built, then the children are buys 10 % above their triggers', () => {
    expect(protectiveOrders(alert({ action: 'sell', takeProfit: 90000, stopLoss: 99000 }), false, '97000', 5)).toEqual({
      ok: true,
      children: [
        { kind: 'tp', triggerPx: '90000', price: '99000', isBuy: true },
        { kind: 'sl', triggerPx: '99000', price: '108900', isBuy: true },
      ],
    });
  });

  it('given triggers between valid prices, when built, then they are rounded to valid prices', () => {
    const result = protectiveOrders(alert({ stopLoss: 95000.4 }), true, '97000', 5);
    expect(result).toMatchObject({ ok: true, children: [{ kind: 'sl', triggerPx: '95000' }] });
  });

  it.each([
    [{ stopLoss: 98000 }, true, 'INVALID_STOP_LOSS', 'Stop-loss 98000 must be below the entry price 97000 for a long (buy) entry on BTC.'],
    [{ takeProfit: 96000 }, true, 'INVALID_TAKE_PROFIT', 'Take-profit 96000 must be above the entry price 97000 for a long (buy) entry on BTC.'],
    [{ stopLoss: 96000 }, false, 'INVALID_STOP_LOSS', 'Stop-loss 96000 must be above the entry price 97000 for a short (sell) entry on BTC.'],
    [{ takeProfit: 97000 }, true, 'INVALID_TAKE_PROFIT', 'Take-profit 97000 must be above the entry price 97000 for a long (buy) entry on BTC.'],
  ])('given %j on a %s entry at 97000, when built, then it is refused as %s', (extra, isBuy, code, message) => {
    expect(protectiveOrders(alert(extra), isBuy, '97000', 5)).toEqual({ ok: false, code, message });
  });

  it('given a trigger that rounds onto the entry price, when built, then it is refused', () => {
    expect(protectiveOrders(alert({ stopLoss: 96999.7 }), true, '97000', 5)).toMatchObject({ ok: false, code: 'INVALID_STOP_LOSS' });
  });

  it('given no TP or SL, when built, then there are no children', () => {
    expect(protectiveOrders(alert({}), true, '97000', 5)).toEqual({ ok: true, children: [] });
  });
});
