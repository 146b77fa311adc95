import type { WebhookLogView } from '@hyperhook/domain';
import { approvedText, heldOrderText } from '../../entities/signals/approvals';
import { formatDateTime } from '../../lib/format/time';

/**
 * An entry held for the trader's approval (issue 42): what was planned when the alert came, until
 * when it waited, and once answered, where and when it was approved. A rejected or expired one
 * tells why in the Error box beside it.
 */
export function ApprovalBox({ log }: { log: WebhookLogView }) {
  const { approval } = log;
  if (approval === undefined) return null;
  const approved = approvedText(approval);
  return (
    <div className="notice logs-box" role="group" aria-label="Approval">
      <p className="logs-box__title">Approval</p>
      <p className="num">
        Held <time dateTime={approval.heldAt}>{formatDateTime(approval.heldAt)}</time>: {heldOrderText(approval)}
      </p>
      {approved !== null && <p>{approved}</p>}
      {log.status === 'awaiting_approval' && (
        <p>
          Waits for your approval until <time dateTime={approval.expiresAt}>{formatDateTime(approval.expiresAt)}</time>
        </p>
      )}
    </div>
  );
}
