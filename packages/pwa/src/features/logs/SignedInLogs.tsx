import { WEBHOOK_LOGS_CAP } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../lib/api/apiError';
import { useSelectedStrategy } from '../../entities/strategies/useStrategies';
import { LogsContent } from './LogsContent';
import { ALL_STRATEGIES, useLogsFilterStore } from './logsFilterStore';
import { webhookLogsQueryOptions } from '../../entities/signals/webhookLogsQuery';
import { LogsStrategyScope } from './LogsStrategyScope';

/** The signed-in user's logs with their states. */
export function SignedInLogs() {
  const query = useQuery(webhookLogsQueryOptions);
  const { strategies, multiple } = useSelectedStrategy();
  const chosen = useLogsFilterStore((state) => state.strategy);
  // A strategy deleted since it was chosen (or from another account) narrows nothing.
  const strategy = multiple && strategies.some((s) => s.id === chosen) ? chosen : ALL_STRATEGIES;
  // Data already loaded (or persisted for offline use) stays on screen when a reload fails.
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <p className="notice notice--error" role="alert">
          Failed to load webhook logs: {messageOf(query.error, 'API request failed')}
        </p>
      );
    }
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  return (
    <>
      <div className="logs-scope">
        <p className="logs-head__badge">
          {/* The logs loaded out of the live cap. */}
          <span className="badge badge--accent num">{`${query.data.length} / ${WEBHOOK_LOGS_CAP} recent signals`}</span>
        </p>
        {multiple && <LogsStrategyScope strategies={strategies} value={strategy} />}
      </div>
      <LogsContent logs={query.data} strategy={strategy} showStrategy={multiple} logsUpdatedAt={query.dataUpdatedAt} />
    </>
  );
}
