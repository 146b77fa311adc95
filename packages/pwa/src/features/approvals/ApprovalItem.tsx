import type { ApprovalView } from '@hyperhook/domain';
import { useId } from 'react';
import { PaperBadge } from '../../components/PaperBadge';
import { heldOrderText } from '../../entities/signals/approvals';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { formatDateTime, formatTimeLeft } from '../../lib/format/time';
import { useOnline } from '../../lib/offline/useOnline';
import { useAnswerApproval } from './useAnswerApproval';

/**
 * One alert waiting for approval: its strategy, the entry as planned when it came (side, size,
 * coin, price at the hold), the time left, and Reject and Approve. Both wait while either answer
 * is on its way, and offline.
 */
export function ApprovalItem({ held, now }: { held: ApprovalView; now: number }) {
  const online = useOnline();
  const answer = useAnswerApproval(held);
  const nameId = useId();
  const left = Date.parse(held.expiresAt) - now;
  const pending = answer.isPending ? answer.variables : null;
  const disabled = answer.isPending || !online;
  const hidden = <span className="visually-hidden"> {`${heldOrderText(held)} for ${held.strategyName}`}</span>;
  return (
    <li className="approval" aria-labelledby={nameId} aria-busy={answer.isPending}>
      <div className="approval__head">
        <p id={nameId} className="approval__strategy">
          <span className="approval__name">{held.strategyName}</span>
          {held.venue === 'paper' && <PaperBadge />}
        </p>
        <time className="approval__left num" dateTime={held.expiresAt} title={`Until ${formatDateTime(held.expiresAt)}`}>
          {left > 0 ? `${formatTimeLeft(left)} left` : 'Time is up'}
        </time>
      </div>
      <p className="approval__order num">
        <span className={`badge badge--${held.side === 'buy' ? 'green' : 'red'}`}>{held.side.toUpperCase()}</span>
        <span>
          {formatSize(Number(held.size))} {held.coin}
        </span>
        <span className="muted">at</span>
        <span>{formatUsdPrice(Number(held.price))}</span>
      </p>
      <div className="approval__actions">
        <button type="button" className="btn btn--small" disabled={disabled} onClick={() => answer.mutate('reject')}>
          {pending === 'reject' ? 'Rejecting...' : 'Reject'}
          {hidden}
        </button>
        <button type="button" className="btn btn--small btn--primary" disabled={disabled} onClick={() => answer.mutate('approve')}>
          {pending === 'approve' ? 'Approving...' : 'Approve'}
          {hidden}
        </button>
      </div>
    </li>
  );
}
