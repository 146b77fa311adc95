import type { WebhookLogView } from '@hyperhook/domain';
import { StatusBadge } from './LogBadges';

/** A log's status and, when it failed, why: a page of red rows then tells its story without a click. */
export function LogStatusCell({ log }: { log: WebhookLogView }) {
  return (
    <td data-label="Status">
      <div>
        <StatusBadge status={log.status} />
        {log.status === 'failed' && log.error !== undefined && (
          <span className="cell-sub log-reason" title={log.error}>
            {log.error}
          </span>
        )}
      </div>
    </td>
  );
}
