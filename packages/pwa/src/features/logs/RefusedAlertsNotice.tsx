import { AlertRefusalsSchema, plural, type AlertRefusals } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api/apiClient';
import { formatSince } from '../../lib/format/time';
import { queryKeys } from '../../lib/queryKeys';

/** How often the count is read again while the tab is open: it is not pushed live. */
const REFRESH_MS = 60_000;

/** The sentence of the notice: how many, why, since when, and the latest count. */
export function refusalsText(refusals: AlertRefusals, nowMs: number): string {
  const why = [
    refusals.rateLimited > 0 && `${plural(refusals.rateLimited, 'alert')} over a URL’s rate limit`,
    refusals.sourceNotAllowed > 0 && `${plural(refusals.sourceNotAllowed, 'alert')} from addresses outside its IP allowlist`,
  ].filter((part): part is string => typeof part === 'string');
  const latest =
    refusals.last === null
      ? ''
      : ` Latest: ${plural(refusals.last.count, 'alert')} from ${formatSince(refusals.last.from, nowMs)} to ${formatSince(refusals.last.to, nowMs)}.`;
  return `${plural(refusals.total, 'alert')} refused since ${formatSince(refusals.since, nowMs)} were counted, not logged one by one: past ten times a URL’s budget the server only counts them (${why.join('; ')}). No order was placed for them.${latest}`;
}

/**
 * Alerts refused past the ceiling up to which each refusal gets its own log row (issue 32, point
 * 2): nothing shows when there were none. Read again whenever the logs are newer than the count
 * (a flood's logged refusals come first) and every minute while the tab is open.
 */
export function RefusedAlertsNotice({ logsUpdatedAt, nowMs }: { logsUpdatedAt: number; nowMs: number }) {
  const query = useQuery({
    queryKey: queryKeys.alertRefusals,
    queryFn: () => api('/api/webhook-logs/refusals', { schema: AlertRefusalsSchema }),
    refetchInterval: REFRESH_MS,
  });
  const { refetch, dataUpdatedAt, errorUpdatedAt, isFetching } = query;
  useEffect(() => {
    // Logs newer than the count read it again (a flood's logged refusals come first). Compared, not
    // counted as changes: logs that changed before this mounted (the live socket can be ahead of the
    // tab) still bring a fresh count. A failed read counts as a read, so a failing api is not asked again at once.
    const readAt = Math.max(dataUpdatedAt, errorUpdatedAt);
    if (readAt > 0 && logsUpdatedAt > readAt && !isFetching) void refetch();
  }, [logsUpdatedAt, dataUpdatedAt, errorUpdatedAt, isFetching, refetch]);
  if (query.data === undefined || query.data.total === 0) return null;
  return (
    <p className="notice notice--warning" role="status" data-testid="refused-alerts">
      {refusalsText(query.data, nowMs)}
    </p>
  );
}
