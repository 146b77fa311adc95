import { DASH } from '../../lib/format/latency';
import { PreviewPanel } from './PreviewPanel';
import { hasNoSizeCap, headroomText, usdOrDash } from './previewTexts';
import type { SettingsPreviewState } from './useSettingsPreview';

/**
 * The Risk Snapshot: the current request after limits, headroom
 * under Max Position Size ("∞" with no cap) and free position slots.
 */
export function RiskSnapshotPanel({ state }: { state: SettingsPreviewState }) {
  const { preview, settings, balance, openPositions } = state;
  const snapshot = preview.riskSnapshot;
  const maxOpen = settings.riskLimits.maxOpenPositions;
  return (
    <PreviewPanel
      title="Risk Snapshot"
      failure={balance.error !== null && !balance.keysMissing ? `Unable to load risk preview: ${balance.error}` : null}
      figures={[
        { label: 'Current request', value: usdOrDash(snapshot?.currentRequest ?? null), detail: 'After Max Position Size and balance caps' },
        { label: 'Headroom', value: headroomText(preview), detail: hasNoSizeCap(settings) ? 'No cap: Max Position Size is 0' : 'Left under Max Position Size' },
        {
          label: 'Position slots',
          value: snapshot === null || openPositions === null ? DASH : snapshot.slots,
          detail: openPositions === null ? undefined : `${openPositions} open of ${Number.isFinite(maxOpen) ? maxOpen : DASH} allowed`,
        },
      ]}
    />
  );
}
