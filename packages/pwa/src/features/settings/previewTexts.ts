import { type Settings, type SizingPreview } from '@hyperhook/domain';
import { DASH } from '../../lib/format/latency';
import { formatUsd } from '../../lib/format/money';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';

/** A USD figure of a preview, "—" while it cannot be known (no balance yet). */
export function usdOrDash(value: number | null): string {
  return value === null ? DASH : formatUsd(value);
}

/** A Max Position Size of 0 (or less, or not a number yet) means no cap. */
export function hasNoSizeCap(settings: Settings): boolean {
  const max = settings.riskLimits.maxPositionSize;
  return !(Number.isFinite(max) && max > 0);
}

/** Which limit cut the requested amount down (the domain's cappedBy), in words. */
export function capText(preview: SizingPreview, settings: Settings): string {
  switch (preview.livePreview.cappedBy) {
    case 'maxPositionSize':
      return `Capped by Max Position Size (${formatUsd(settings.riskLimits.maxPositionSize)})`;
    case 'availableBalance':
      return 'Capped by your available balance';
    default:
      return hasNoSizeCap(settings) ? 'No size cap: Max Position Size is 0' : 'Within your limits: no cap applied';
  }
}

/** TAB-SET-15 decided: headroom is Max Position Size − current request; "∞" with no cap. */
export function headroomText(preview: SizingPreview): string {
  const snapshot = preview.riskSnapshot;
  if (snapshot === null) return DASH;
  return snapshot.headroom === null ? '∞' : formatUsd(snapshot.headroom);
}

/** TAB-SET-22, TAB-SET-25 decided: the tolerance around the mid ("±0.5% of mid"). */
export function slippageBandText(preview: SizingPreview): string {
  return `±${formatSize(preview.execution.slippageTolerancePct)}% of mid`;
}

/** The worst fills a market order may get on the reference market ("BTC buy ≤ $97,970, sell ≥ $96,030"), null without one. */
export function guardPricesText(preview: SizingPreview): string | null {
  const guard = preview.execution.slippageGuard;
  if (guard === null) return null;
  return `${guard.coin} buy ≤ ${formatUsdPrice(Number(guard.buy))}, sell ≥ ${formatUsdPrice(Number(guard.sell))}`;
}
