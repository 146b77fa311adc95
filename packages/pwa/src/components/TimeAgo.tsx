import { formatDateTime, formatRelative } from '../lib/format/time';

/**
 * A relative time ("2 min. ago") of something that happened, with the absolute time on hover.
 * `now` ticks coarsely (useNow), so a row that arrived since the last tick, or a server clock a
 * little ahead of the device's, is "just now", never "in 8 sec.".
 */
export function TimeAgo({ iso, now }: { iso: string | null | undefined; now: number }) {
  if (iso === null || iso === undefined || iso === '') return <span>—</span>;
  const at = Date.parse(iso);
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelative(iso, Number.isNaN(at) ? now : Math.max(now, at))}
    </time>
  );
}
