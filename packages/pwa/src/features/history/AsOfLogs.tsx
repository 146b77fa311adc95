import { plural, type HistoryState } from '@hyperhook/domain';
import { formatDateTime } from '../../lib/format/time';
import { readPayload } from '../../entities/signals/readPayload';
import { STATUS_LABEL } from '../../entities/signals/statuses';

/** How many of the moment's log rows are listed: the newest; the count says how many there were. */
const LOG_ROWS_SHOWN = 5;

/** The moment's webhook log rows: how many, and the newest few with their signal and status. */
export function AsOfLogs({ logs: rows }: { logs: HistoryState['webhookLogs'] }) {
  const logs = [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (logs.length === 0) return 'None';
  return (
    <>
      {plural(logs.length, 'row')}
      {logs.length > LOG_ROWS_SHOWN ? `, the newest ${LOG_ROWS_SHOWN}:` : ':'}
      <ul className="history-asof__list">
        {logs.slice(0, LOG_ROWS_SHOWN).map((log) => {
          const { symbol, action } = readPayload(log.payload);
          return (
            <li key={log.webhookLogId}>
              {formatDateTime(log.createdAt)} · {symbol ?? 'N/A'} {action ?? ''} · {STATUS_LABEL[log.status]}
            </li>
          );
        })}
      </ul>
    </>
  );
}
