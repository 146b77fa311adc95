import { formatDateTime, formatRelative } from '../lib/format/time';

/** A relative time ("2 min. ago") with the absolute time on hover. */
export function TimeAgo({ iso, now }: { iso: string | null | undefined; now: number }) {
  if (iso === null || iso === undefined || iso === '') return <span>—</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelative(iso, now)}
    </time>
  );
}
