import { sizingPreview, type Settings } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../test/fixtures';
import { capText, guardPricesText, hasNoSizeCap, headroomText, slippageBandText, usdOrDash } from './previewTexts';

const balance = { availableBalance: 800, totalEquity: 1200 };
const withSettings = (patch: { value?: number; max?: number; slippage?: number }): Settings => ({
  positionSizing: { mode: 'fixed', value: patch.value ?? 100 },
  riskLimits: { maxPositionSize: patch.max ?? 1000, maxOpenPositions: 3 },
  trading: { leverage: 2, slippageTolerance: patch.slippage ?? 1, requireStopLoss: false },
});

describe('preview texts', () => {
  it('given no balance, then figures read "—"', () => {
    expect(usdOrDash(null)).toBe('—');
    expect(usdOrDash(1234.5)).toBe('$1,234.50');
    expect(headroomText(sizingPreview(defaultSettings, null, 0))).toBe('—');
  });

  it('given each binding cap, then it is named in words', () => {
    const bySize = withSettings({ value: 700, max: 500 });
    expect(capText(sizingPreview(bySize, balance, 0), bySize)).toBe('Capped by Max Position Size ($500.00)');
    const byBalance = withSettings({ value: 950 });
    expect(capText(sizingPreview(byBalance, balance, 0), byBalance)).toBe('Capped by your available balance');
    const within = withSettings({ value: 100 });
    expect(capText(sizingPreview(within, balance, 0), within)).toBe('Within your limits: no cap applied');
  });

  it('CONST-17: given Max Position Size 0, then the previews say there is no cap and headroom is ∞', () => {
    const noCap = withSettings({ value: 300, max: 0 });
    expect(hasNoSizeCap(noCap)).toBe(true);
    expect(capText(sizingPreview(noCap, balance, 0), noCap)).toBe('No size cap: Max Position Size is 0');
    expect(headroomText(sizingPreview(noCap, balance, 0))).toBe('∞');
    expect(headroomText(sizingPreview(withSettings({ value: 300, max: 1000 }), balance, 0))).toBe('$700.00');
  });

  it('TAB-SET-22, TAB-SET-25: the slippage band, and the guard prices on the reference market', () => {
    const settings = withSettings({ slippage: 0.5 });
    expect(slippageBandText(sizingPreview(settings, balance, 0))).toBe('±0.5% of mid');
    expect(guardPricesText(sizingPreview(settings, balance, 0))).toBeNull();
    const onBtc = sizingPreview(withSettings({ slippage: 1 }), balance, 0, { coin: 'BTC', mid: 97000, szDecimals: 5 });
    expect(guardPricesText(onBtc)).toBe('BTC buy ≤ $97,970, sell ≥ $96,030');
  });
});
