import type { SignalStatus } from '@hyperhook/domain';
import { STATUS_CHIP_ORDER, STATUS_LABEL, STATUS_TONE, type StatusFilter } from '../../entities/signals/statuses';

/**
 * A count chip for every status, in spec §4's order. A chip also
 * filters by its status (pressed again, back to All): the quickest way from "3 failed" to the three.
 * "Awaiting approval" (issue 42) shows only while an entry waits or it is the filter: most traders
 * never approve by hand, and spec §4's five chips stay as they were for them.
 */
export function StatusChips({
  counts,
  status,
  onChoose,
}: {
  counts: Readonly<Record<SignalStatus, number>>;
  status: StatusFilter;
  onChoose: (status: StatusFilter) => void;
}) {
  return (
    <ul className="chips logs-chips" aria-label="Signals by status">
      {STATUS_CHIP_ORDER.filter((s) => s !== 'awaiting_approval' || counts[s] > 0 || status === s).map((s) => (
        <li key={s}>
          <button
            type="button"
            className={`badge badge--${STATUS_TONE[s]} logs-chip`}
            aria-pressed={status === s}
            onClick={() => onChoose(status === s ? 'all' : s)}
          >
            {STATUS_LABEL[s]} <span className="num">{counts[s]}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
