import { WEBHOOK_LOGS_CAP, type WebhookLogView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/Card';
import { messageOf } from '../../lib/api/apiError';
import { useNow } from '../../lib/useNow';
import { useAuth } from '../../lib/auth/useAuth';
import { LogsFilters } from './LogsFilters';
import { RefusedAlertsNotice } from './RefusedAlertsNotice';
import { LogsSummaryCards } from './LogsSummaryCards';
import { LogsTable } from './LogsTable';
import { StatusChips } from './StatusChips';
import { ALL_STRATEGIES, useLogsFilterStore } from './logsFilterStore';
import { LogsStrategyScope } from './LogsStrategyScope';
import { useSelectedStrategy } from '../../lib/strategies/useStrategies';
import { webhookLogsQueryOptions } from './logsQuery';
import { filterLogs, logsInTimeframe, logsOfStrategy } from './model/filterLogs';
import { summarizeLogs } from './model/summarizeLogs';
import { TIMEFRAMES } from './model/timeframes';
import { useLogDeepLink } from './useLogDeepLink';
import './logs.css';

/** Cards, chips, filters and the table over the loaded logs, narrowed to one strategy when one is chosen. */
function LogsContent({ logs, strategy, showStrategy, logsUpdatedAt }: { logs: readonly WebhookLogView[]; strategy: string; showStrategy: boolean; logsUpdatedAt: number }) {
  const now = useNow();
  const { missing } = useLogDeepLink(logs, now);
  const { search, status, timeframe, setFilters } = useLogsFilterStore();
  const scoped = logsOfStrategy(logs, strategy);
  const summary = summarizeLogs(logsInTimeframe(scoped, timeframe, now));
  const timeframeLabel = TIMEFRAMES.find((t) => t.value === timeframe)?.label ?? '';
  return (
    <>
      {missing !== null && (
        <p className="notice notice--warning" role="status">
          Log <span className="mono">{missing}</span> is not among your {WEBHOOK_LOGS_CAP} most recent signals.
        </p>
      )}
      <RefusedAlertsNotice logsUpdatedAt={logsUpdatedAt} nowMs={now} />
      <LogsSummaryCards summary={summary} timeframeLabel={timeframeLabel} now={now} />
      <StatusChips counts={summary.counts} status={status} onChoose={(next) => setFilters({ status: next })} />
      <Card>
        <div className="stack">
          <LogsFilters />
          <LogsTable rows={filterLogs(scoped, { search, status, timeframe }, now)} now={now} showStrategy={showStrategy} />
        </div>
      </Card>
    </>
  );
}

/** The signed-in user's logs with their states. */
function SignedInLogs() {
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

/** The WEBHOOK LOGS tab, "Webhook Performance" (spec §2): every signal, live, with where its time went. */
export default function LogsTab() {
  const { status } = useAuth();
  return (
    <section className="stack logs" aria-labelledby="logs-title">
      <header className="logs-head">
        <h2 id="logs-title">Webhook Performance</h2>
        <p className="muted logs-head__subtitle">Monitor signal throughput, errors, and processing latency in real time</p>
      </header>
      {status === 'signedIn' ? (
        <SignedInLogs />
      ) : status === 'loading' ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : (
        <p className="empty">Please sign in to view webhook logs.</p>
      )}
    </section>
  );
}
