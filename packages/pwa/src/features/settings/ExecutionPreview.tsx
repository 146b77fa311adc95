import { formatLeverage } from '../../lib/format/numbers';
import { PreviewPanel } from './PreviewPanel';
import { guardPricesText, slippageBandText, usdOrDash } from './previewTexts';
import type { SettingsPreviewState } from './useSettingsPreview';

/**
 * The Execution Preview: effective exposure, the
 * slippage guard around the BTC mid, and whether a stop-loss is required.
 */
export function ExecutionPreview({ state }: { state: SettingsPreviewState }) {
  const { preview, balance } = state;
  const execution = preview.execution;
  const guard = guardPricesText(preview);
  return (
    <PreviewPanel
      title="Execution Preview"
      failure={balance.error !== null && !balance.keysMissing ? `Execution preview unavailable: ${balance.error}` : null}
      figures={[
        {
          label: 'Effective exposure',
          value: usdOrDash(execution.effectiveExposure),
          detail: `${usdOrDash(preview.livePreview.amountAfterLimits)} after limits × ${formatLeverage(execution.leverage)}`,
        },
        { label: 'Slippage guard', value: slippageBandText(preview), detail: guard ?? 'Worst fill allowed for a market order' },
        // TAB-SET-23: the spec's words, spelled out here rather than passed through from the domain.
        { label: 'Stop-loss enforcement', value: execution.stopLoss === 'Required' ? 'Required' : 'Optional' },
      ]}
    />
  );
}
