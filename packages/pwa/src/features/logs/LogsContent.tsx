import { WEBHOOK_LOGS_CAP, type WebhookLogView } from '@hyperhook/domain';
import { Card } from '../../components/Card';
import { useNow } from '../../lib/useNow';
import { LogsFilters } from './LogsFilters';
import { useLogsFilterStore } from './logsFilterStore';
import { LogsSummaryCards } from './LogsSummaryCards';
import { LogsTable } from './LogsTable';
import { filterLogs, logsInTimeframe, logsOfStrategy } from './model/filterLogs';
import { summarizeLogs } from './model/summarizeLogs';
import { TIMEFRAMES } from './model/timeframes';
import { RefusedAlertsNotice } from './RefusedAlertsNotice';
import { StatusChips } from './StatusChips';
import { useLogDeepLink } from './useLogDeepLink';

/** Cards, chips, filters and the table over the loaded logs, narrowed to one strategy when one is chosen. */
export function LogsContent({
  logs,
  strategy,
  showStrategy,
  logsUpdatedAt,
}: {
  logs: readonly WebhookLogView[];
  strategy: string;
  showStrategy: boolean;
  logsUpdatedAt: number;
}) {
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
