import type { AlertAction, SignalStatus } from '@hyperhook/domain';
import { STATUS_LABEL, STATUS_TONE } from '../../entities/signals/statuses';

const ACTION_BADGE: Record<AlertAction, { text: string; tone: string }> = {
  buy: { text: 'BUY', tone: 'green' },
  sell: { text: 'SELL', tone: 'red' },
  close: { text: 'CLOSE', tone: 'grey' },
  cancel: { text: 'CANCEL', tone: 'grey' },
  update: { text: 'UPDATE', tone: 'grey' },
};

/** BUY green, SELL red, CLOSE, CANCEL and UPDATE (issue 41: it changes a position's protection) neutral, anything else "N/A". */
export function ActionBadge({ action }: { action: AlertAction | null }) {
  const badge = action === null ? { text: 'N/A', tone: 'grey' } : ACTION_BADGE[action];
  return <span className={`badge badge--${badge.tone}`}>{badge.text}</span>;
}

/** TAB-LOGS-34, STATE-03: the status in its colour (and in words, never colour alone). */
export function StatusBadge({ status }: { status: SignalStatus }) {
  return <span className={`badge badge--${STATUS_TONE[status]}`}>{STATUS_LABEL[status]}</span>;
}
