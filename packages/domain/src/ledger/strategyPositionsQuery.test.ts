import { describe, expect, it } from 'vitest';
import { EMPTY_LEDGER, type LedgerState, type StrategyProtection } from './strategyLedger.js';
import { protectiveOrdersOf } from './strategyPositionsQuery.js';

const cloid = (n: number) => `0x${String(n).padStart(32, '0')}`;

function ledgerWith(protection: StrategyProtection): LedgerState {
  return { ...EMPTY_LEDGER, protection: { ETH: { st_trend: protection } } };
}

describe('protectiveOrdersOf (issue 41 §2)', () => {
  it('issue 41 §2: given a trailing stop, a break-even and a moved stop, when the live triggers are listed, then the stop carries them and the take-profit does not', () => {
    const ledger = ledgerWith({
      stopLoss: '3038',
      trailingStop: { percent: '2', activationPx: '3030', active: true, movedAt: '2026-12-03T08:00:00.000Z' },
      breakEven: { activationPx: '3100', stopPx: '3003' },
      stopMovedAt: '2026-12-03T08:00:00.000Z',
      live: [
        { kind: 'sl', cloid: cloid(1), oid: 7, triggerPx: '3038', size: '0.1', isBuy: false },
        { kind: 'tp', cloid: cloid(2), oid: 8, triggerPx: '3120', size: '0.05', isBuy: false },
      ],
    });
    const [stop, target] = protectiveOrdersOf(ledger, 'st_trend');
    expect(stop).toMatchObject({
      kind: 'stopLoss',
      triggerPrice: 3038,
      trail: { percent: 2, activationPrice: 3030, active: true },
      breakEven: { activationPrice: 3100, stopPrice: 3003 },
      stopMovedAt: '2026-12-03T08:00:00.000Z',
    });
    expect(target).not.toHaveProperty('trail');
    expect(target).not.toHaveProperty('stopMovedAt');
  });

  it('issue 41 §2: given a plain stop, when listed, then the view is as before: no trail, break-even or move', () => {
    const [stop] = protectiveOrdersOf(ledgerWith({ stopLoss: '2900', live: [{ kind: 'sl', cloid: cloid(1), triggerPx: '2900', size: '0.1', isBuy: false }] }));
    expect(Object.keys(stop!).sort()).toEqual(['cloid', 'kind', 'oid', 'side', 'size', 'strategyId', 'symbol', 'triggerPrice']);
  });
});
