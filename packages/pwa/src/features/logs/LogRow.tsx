import type { WebhookLogView } from '@hyperhook/domain';
import { TimeAgo } from '../../components/TimeAgo';
import { formatLatency } from '../../lib/format/latency';
import { LogDetails } from './LogDetails';
import { LogOrderCell } from './LogOrderCell';
import { LogSignalCell } from './LogSignalCell';
import { LogSizeCell } from './LogSizeCell';
import { LogStatusCell } from './LogStatusCell';
import { latencyOf } from './model/latency';
import { useLogReveal } from './useLogReveal';
import { readPayload } from '../../entities/signals/readPayload';

/**
 * One log and, when open, its details row; with several strategies, the one it came to; "Paper" when
 * it traded on paper (issue 30). `data-label` names each cell
 * on phones. `reveal` brings the row into view and focus once (a deep link).
 */
export function LogRow({
  log,
  now,
  open,
  reveal,
  onToggle,
  onRevealed,
  showStrategy = false,
}: {
  log: WebhookLogView;
  now: number;
  open: boolean;
  reveal: boolean;
  onToggle: () => void;
  onRevealed: () => void;
  showStrategy?: boolean;
}) {
  const { symbol, action, orderType, price, leverage } = readPayload(log.payload);
  const { rowRef, buttonRef } = useLogReveal(reveal, onRevealed);
  const detailsId = `log-details-${log.webhookLogId}`;

  return (
    <>
      <tr ref={rowRef} id={`log-${log.webhookLogId}`} className={open ? 'log-row log-row--open' : 'log-row'}>
        <LogSignalCell log={log} symbol={symbol} action={action} showStrategy={showStrategy} />
        <LogOrderCell orderType={orderType} leverage={leverage} />
        <LogSizeCell log={log} price={price} />
        <LogStatusCell log={log} />
        <td data-label="Latency" className="num">
          {formatLatency(latencyOf(log))}
        </td>
        <td data-label="Received">
          <TimeAgo iso={log.createdAt} now={now} />
        </td>
        <td data-label="Details">
          <button ref={buttonRef} type="button" className="btn btn--small" aria-expanded={open} aria-controls={open ? detailsId : undefined} onClick={onToggle}>
            Details<span className="visually-hidden"> of log {log.webhookLogId}</span>
          </button>
        </td>
      </tr>
      {open && (
        <tr className="log-details-row">
          <td colSpan={7} className="table__full" id={detailsId}>
            <LogDetails log={log} />
          </td>
        </tr>
      )}
    </>
  );
}
