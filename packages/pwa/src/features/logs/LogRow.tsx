import type { WebhookLogView } from '@hyperhook/domain';
import { useEffect, useRef } from 'react';
import { TimeAgo } from '../../components/TimeAgo';
import { formatLatency } from '../../lib/format/latency';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { LogDetails } from './LogDetails';
import { LogSignalCell } from './LogSignalCell';
import { LogStatusCell } from './LogStatusCell';
import { latencyOf } from './model/latency';
import { logSizeText } from './model/logSize';
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
  const rowRef = useRef<HTMLTableRowElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const detailsId = `log-details-${log.webhookLogId}`;

  useEffect(() => {
    if (!reveal) return;
    rowRef.current?.scrollIntoView?.({ block: 'center' });
    buttonRef.current?.focus({ preventScroll: true });
    onRevealed();
  }, [reveal, onRevealed]);

  return (
    <>
      <tr ref={rowRef} id={`log-${log.webhookLogId}`} className={open ? 'log-row log-row--open' : 'log-row'}>
        <LogSignalCell log={log} symbol={symbol} action={action} showStrategy={showStrategy} />
        <td data-label="Order">
          <div>
            {orderType?.toUpperCase() ?? 'MARKET'}
            {leverage !== null && <span className="cell-sub num">{`${typeof leverage === 'number' ? formatSize(leverage) : leverage}x leverage`}</span>}
          </div>
        </td>
        <td data-label="Size" className="num">
          <div>
            {logSizeText(log)}
            {price !== null && (
              <span className="cell-sub">
                <span className="visually-hidden">Price </span>
                {formatUsdPrice(price)}
              </span>
            )}
          </div>
        </td>
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
