import type { ProtectiveOrderView } from '@hyperhook/domain';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { TimeAgo } from '../../components/TimeAgo';

/** "Trailing 2% · active", "Trailing $50 · from $3,030": the trail's distance and whether it follows the price yet. */
export function trailNote(trail: NonNullable<ProtectiveOrderView['trail']>): string {
  const distance = trail.percent !== undefined ? `${formatSize(trail.percent)}%` : formatUsdPrice(trail.amount ?? 0);
  const state = trail.active || trail.activationPrice === undefined ? 'active' : `from ${formatUsdPrice(trail.activationPrice)}`;
  return `Trailing ${distance} · ${state}`;
}

/**
 * What keeps a stop moving and when it last moved (issue 41 §2), each its own item beside the stop
 * so the list wraps between them on a phone: the trader must see that hyperhook, not the venue,
 * moves this stop, and whether it is still doing so.
 */
export function StopNotes({ stop, nowMs }: { stop: ProtectiveOrderView; nowMs: number }) {
  return (
    <>
      {stop.trail !== undefined && (
        <li className="trigger trigger--note">
          <span className="badge badge--accent">{trailNote(stop.trail)}</span>
        </li>
      )}
      {stop.breakEven !== undefined && (
        <li className="trigger trigger--note">
          <span className="trigger__kind">Break-even</span> to <span className="num">{formatUsdPrice(stop.breakEven.stopPrice)}</span>{' '}
          <span className="muted num">once {formatUsdPrice(stop.breakEven.activationPrice)}</span>
        </li>
      )}
      {stop.stopMovedAt !== undefined && (
        <li className="trigger trigger--note muted">
          stop moved <TimeAgo iso={stop.stopMovedAt} now={nowMs} />
        </li>
      )}
    </>
  );
}
