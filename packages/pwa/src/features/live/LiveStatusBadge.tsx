import { useLiveStore } from './liveStore';

const TEXT = { live: 'Live', connecting: 'Connecting' } as const;
const TONE = { live: 'badge--green', connecting: 'badge--yellow' } as const;

/** The live socket's state in the header: "Live" when logs and positions update by themselves. */
export function LiveStatusBadge() {
  const status = useLiveStore((state) => state.status);
  return (
    <span
      className={`badge ${TONE[status]}`}
      role="status"
      aria-live="polite"
      title={status === 'live' ? 'Updates arrive as they happen' : 'Reconnecting to live updates'}
    >
      <span aria-hidden="true">●</span> {TEXT[status]}
    </span>
  );
}
