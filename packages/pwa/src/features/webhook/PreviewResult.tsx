import type { OrderPreview } from '@hyperhook/domain';
import { failureMessage } from '../../lib/api/apiError';
import { PreviewPlan } from './PreviewPlan';
import { PreviewRefusal } from './PreviewRefusal';

/** The preview's answer, read out as it comes: the plan, the refusal, or why there is none. */
export function PreviewResult({ preview, error }: { preview: OrderPreview | undefined; error: Error | null }) {
  return (
    <div className="preview-result" aria-live="polite">
      {preview?.ok === true && <PreviewPlan preview={preview} />}
      {preview?.ok === false && <PreviewRefusal refusal={preview} />}
      {error !== null && (
        <p className="notice notice--error" role="alert">
          Preview unavailable: {failureMessage(error, 'Failed to preview the order')}
        </p>
      )}
      {preview !== undefined && <p className="muted">Preview only: nothing was sent to Hyperliquid.</p>}
    </div>
  );
}
