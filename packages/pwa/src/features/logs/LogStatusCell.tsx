import type { WebhookLogView } from '@hyperhook/domain';
import { approvedText, waitingText } from '../../entities/signals/approvals';
import { formatDateTime } from '../../lib/format/time';
import { StatusBadge } from './LogBadges';

/** The line under the badge: why it failed, what waits for approval and until when, or where it was approved. */
function StatusLine({ log }: { log: WebhookLogView }) {
  if (log.status === 'failed') {
    return log.error === undefined ? null : (
      <span className="cell-sub log-reason" title={log.error}>
        {log.error}
      </span>
    );
  }
  const { approval } = log;
  if (approval === undefined) return null;
  if (log.status === 'awaiting_approval') {
    return (
      <span className="cell-sub log-reason log-reason--whole" title={`Until ${formatDateTime(approval.expiresAt)}`}>
        {waitingText(approval)}
      </span>
    );
  }
  const approved = approvedText(approval);
  return approved === null ? null : <span className="cell-sub log-reason log-reason--whole">{approved}</span>;
}

/**
 * A log's status and, when it failed, why: a page of red rows then tells its story without a click.
 * An entry a strategy's guard held back (issue 42) says so beside its status; one held for the
 * trader's approval says what waits and until when, and once approved, where and when.
 */
export function LogStatusCell({ log }: { log: WebhookLogView }) {
  return (
    <td data-label="Status">
      <div>
        {log.guard === undefined ? (
          <StatusBadge status={log.status} />
        ) : (
          <span className="log-badges">
            <StatusBadge status={log.status} />
            <span className="badge badge--warning">Guard</span>
          </span>
        )}
        <StatusLine log={log} />
      </div>
    </td>
  );
}
