import type { OrderPreview } from '@hyperhook/domain';
import { STAGE_LABELS } from './previewTexts';

/** Why the alert would be rejected now: the stage, the sentence the log would show, and the field at fault. */
export function PreviewRefusal({ refusal }: { refusal: Extract<OrderPreview, { ok: false }> }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>
        <strong>Would be rejected: {STAGE_LABELS[refusal.stage]}</strong>
      </p>
      <p>{refusal.message}</p>
      <p className="muted">
        {refusal.field !== undefined && (
          <>
            Field: <code>{refusal.field}</code> ·{' '}
          </>
        )}
        Code: <code>{refusal.code}</code>
      </p>
    </div>
  );
}
