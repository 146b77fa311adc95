import { describe, expect, it } from 'vitest';
import { sizingPreview, SizingPreviewSchema } from './sizingPreview.js';
import { settingsWith } from './testing/planFixtures.js';

const balance = { availableBalance: 800, totalEquity: 1200 };

describe('sizingPreview', () => {
  it('TAB-SET-06/07/13/21: given settings and a balance, when previewed, then every panel is filled in', () => {
    const settings = settingsWith({
      positionSizing: { mode: 'percentage_equity', value: 50 },
      riskLimits: { maxPositionSize: 1000, maxOpenPositions: 3 },
      trading: { leverage: 3, slippageTolerance: 1, requireStopLoss: false },
    });
    const preview = sizingPreview(settings, balance, 1);
    expect(preview).toEqual({
      livePreview: { requestedAmount: 600, amountAfterLimits: 600, availableBalance: 800, totalEquity: 1200, cappedBy: null },
      riskSnapshot: { currentRequest: 600, headroom: 400, slots: 2 },
      execution: { leverage: 3, effectiveExposure: 1800, slippageTolerancePct: 1, slippageGuard: null, stopLoss: 'Optional' },
    });
    expect(SizingPreviewSchema.safeParse(preview).success).toBe(true);
  });

  it('CONST-16: given a request above the available balance, when previewed, then the balance cap is named', () => {
    const preview = sizingPreview(settingsWith({ positionSizing: { mode: 'fixed', value: 950 } }), balance, 0);
    expect(preview.livePreview).toMatchObject({ requestedAmount: 950, amountAfterLimits: 800, cappedBy: 'availableBalance' });
  });

  it('TAB-SET-23: given require-stop-loss ticked, when previewed, then enforcement reads Required', () => {
    expect(sizingPreview(settingsWith({ trading: { requireStopLoss: true } }), balance, 0).execution.stopLoss).toBe('Required');
  });

  it('TAB-SET-09: given no balance yet, when previewed, then balance-based figures are null so the screen can ask to connect keys', () => {
    const preview = sizingPreview(settingsWith(), null, 0);
    expect(preview.livePreview).toEqual({ requestedAmount: null, amountAfterLimits: null, availableBalance: null, totalEquity: null, cappedBy: null });
    expect(preview.riskSnapshot).toBeNull();
    expect(preview.execution.effectiveExposure).toBeNull();
    expect(preview.execution.stopLoss).toBe('Optional');
  });

  it('TAB-SET-22/25: given a market, when previewed, then the slippage guard shows real buy and sell limits', () => {
    const preview = sizingPreview(settingsWith({ trading: { slippageTolerance: 1 } }), balance, 0, { coin: 'BTC', mid: 97000, szDecimals: 5 });
    expect(preview.execution.slippageGuard).toEqual({ coin: 'BTC', mid: '97000', buy: '97970', sell: '96030' });
  });

  it('VAL-14: given half-typed values (NaN sizing value, out-of-range slippage), when previewed, then it never throws and counts them as 0 or unknown', () => {
    const settings = settingsWith({ positionSizing: { mode: 'fixed', value: NaN }, trading: { slippageTolerance: 150 } });
    const preview = sizingPreview(settings, balance, 0, { coin: 'BTC', mid: 97000, szDecimals: 5 });
    expect(preview.livePreview.requestedAmount).toBe(0);
    expect(preview.execution.slippageGuard).toBeNull();
  });
});
