import type { WebhookLogView } from '@hyperhook/domain';
import { formatDateTime } from '../../lib/format/time';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { ApprovalBox } from './ApprovalBox';
import { LatencyWaterfall } from './LatencyWaterfall';
import { LaterList } from './LaterList';
import { payloadJson, readPayload } from '../../entities/signals/readPayload';

/** When executed, and what the exchange filled; "Execution pending" until then. */
function ExecutionBox({ log }: { log: WebhookLogView }) {
  const { fill } = log;
  return (
    <div className="notice notice--success logs-box">
      <p className="logs-box__title">Execution</p>
      {log.executedAt === undefined ? (
        <p>Execution pending</p>
      ) : (
        <p>
          Executed <time dateTime={log.executedAt}>{formatDateTime(log.executedAt)}</time>
        </p>
      )}
      {fill !== undefined && (
        <p className="num">
          {fill.status === 'resting' ? 'Resting on the book' : 'Filled'}
          {fill.totalSz !== undefined && ` ${formatSize(fill.totalSz)}`}
          {fill.avgPx !== undefined && ` at ${formatUsdPrice(fill.avgPx)}`}
        </p>
      )}
    </div>
  );
}

/** TAB-LOGS-38..TAB-LOGS-40: the payload, the error or the execution, and where the time went. */
export function LogDetails({ log }: { log: WebhookLogView }) {
  const { alertTime } = readPayload(log.payload);
  return (
    <div className="logs-details">
      <div className="logs-details__payload" role="group" aria-label="Payload">
        <p className="logs-box__title">Payload</p>
        {/* Focusable: a long payload scrolls, and keyboard users must be able to scroll it too. */}
        <pre className="code" tabIndex={0}>
          {payloadJson(log.payload)}
        </pre>
      </div>
      <div className="stack">
        {log.error !== undefined && log.error !== '' ? (
          <div className="notice notice--error logs-box" role="note" aria-label="Error">
            <p className="logs-box__title">Error</p>
            <p>{log.error}</p>
          </div>
        ) : (
          <ExecutionBox log={log} />
        )}
        <ApprovalBox log={log} />
        {log.note !== undefined && log.note !== '' && (
          // A target alert that found its target held: done, nothing sent, and why.
          <div className="notice logs-box" role="note" aria-label="Nothing sent">
            <p className="logs-box__title">Nothing sent</p>
            <p>{log.note}</p>
          </div>
        )}
        <LaterList later={log.later} />
        {log.duplicates > 0 && (
          <p className="muted">
            Re-delivered <span className="num">{log.duplicates}</span> {log.duplicates === 1 ? 'time' : 'times'}: logged, never traded twice.
          </p>
        )}
        <LatencyWaterfall stages={log.stages} alertTime={alertTime} />
      </div>
    </div>
  );
}
