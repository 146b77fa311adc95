import type { WebhookLogView } from '@hyperhook/domain';
import { PaperBadge } from '../../components/PaperBadge';
import type { PayloadSummary } from '../../entities/signals/readPayload';
import { ActionBadge } from './LogBadges';

/** A log's signal: its symbol and action, "Paper" when it traded on paper, the strategy it came to (with several) and its id. */
export function LogSignalCell({
  log,
  symbol,
  action,
  showStrategy,
}: {
  log: WebhookLogView;
  symbol: PayloadSummary['symbol'];
  action: PayloadSummary['action'];
  showStrategy: boolean;
}) {
  return (
    <td data-label="Signal">
      <div>
        <span className="logs-signal">
          <strong>{symbol ?? 'UNKNOWN'}</strong>
          <ActionBadge action={action} />
          {log.venue === 'paper' && <PaperBadge />}
        </span>
        {showStrategy && (
          <span className="cell-sub log-strategy">
            <span className="visually-hidden">Strategy </span>
            {log.strategyName}
          </span>
        )}
        <span className="cell-sub mono">{log.webhookLogId}</span>
      </div>
    </td>
  );
}
