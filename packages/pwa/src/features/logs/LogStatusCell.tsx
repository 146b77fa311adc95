import type { WebhookLogView } from '@hyperhook/domain';
import { StatusBadge } from './LogBadges';

/**
 * A log's status and, when it failed, why: a page of red rows then tells its story without a click.
 * An entry a strategy's guard held back (issue 42) says so beside its status.
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
        {log.status === 'failed' && log.error !== undefined && (
          <span className="cell-sub log-reason" title={log.error}>
            {log.error}
          </span>
        )}
      </div>
    </td>
  );
}
