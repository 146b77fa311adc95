import type { WebhookLogView } from '@hyperhook/domain';
import { LogRow } from './LogRow';
import { LogsPagination } from './LogsPagination';
import { useLogsFilterStore } from './logsFilterStore';
import { paginate } from './model/paginate';
import { TableHead } from '../../components/TableHead';

/** The columns, in order. */
export const LOG_COLUMNS = ['Signal', 'Order', 'Size', 'Status', 'Latency', 'Received', 'Details'] as const;

const NUMERIC = new Set<string>(['Size', 'Latency']);

/** Nothing matches. */
function EmptyLogs() {
  return (
    <div className="empty" role="status">
      <p className="empty__title">No webhook logs match your filters</p>
      <p>Try clearing the search query or expanding the timeframe window.</p>
    </div>
  );
}

/** The logs table, 20 a page: a table on wide screens, cards on phones. Each signal names its strategy when there are several. */
export function LogsTable({ rows, now, showStrategy = false }: { rows: readonly WebhookLogView[]; now: number; showStrategy?: boolean }) {
  const { page, expanded, revealId, setPage, toggle, revealed } = useLogsFilterStore();
  if (rows.length === 0) return <EmptyLogs />;
  const current = paginate(rows, page);
  return (
    <div>
      <div className="table-wrap">
        <table className="table table--cards table--grid-cards logs-table">
          <caption className="visually-hidden">Webhook logs, newest first</caption>
          <TableHead columns={LOG_COLUMNS} numeric={NUMERIC} />
          <tbody>
            {current.rows.map((log) => (
              <LogRow
                key={log.webhookLogId}
                log={log}
                now={now}
                showStrategy={showStrategy}
                open={expanded.includes(log.webhookLogId)}
                reveal={revealId === log.webhookLogId}
                onToggle={() => toggle(log.webhookLogId)}
                onRevealed={revealed}
              />
            ))}
          </tbody>
        </table>
      </div>
      <LogsPagination page={current.page} pages={current.pages} onPage={setPage} />
    </div>
  );
}
