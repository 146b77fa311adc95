import type { WebhookLogView } from '@hyperhook/domain';
import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { ALL_STRATEGIES, useLogsFilterStore } from './logsFilterStore';
import { filterLogs, filtersShowing, logsOfStrategy } from './model/filterLogs';
import { pageOfIndex } from './model/paginate';

/** The URL query naming a log to open: push notifications link to `/dashboard?tab=logs&log=<id>`. */
export const LOG_PARAM = 'log';

/**
 * Opens the log a link names: filters that include it (All Time when it is older than the
 * timeframe), its page, its details, scrolled into view. The query is then dropped from the URL
 * so later live updates or page changes do not pull the user back to it. A log not (yet) among
 * the loaded ones is reported as missing and opened if a live update brings it.
 */
export function useLogDeepLink(logs: readonly WebhookLogView[], nowMs: number): { readonly missing: string | null } {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(LOG_PARAM);
  const log = wanted === null ? undefined : logs.find((l) => l.webhookLogId === wanted);

  useEffect(() => {
    if (log === undefined) return;
    const store = useLogsFilterStore.getState();
    const filters = filtersShowing(log, store, nowMs);
    // A strategy the log is not of would hide it too: then all strategies.
    const strategy = store.strategy === ALL_STRATEGIES || store.strategy === log.strategyId ? store.strategy : ALL_STRATEGIES;
    const index = filterLogs(logsOfStrategy(logs, strategy), filters, nowMs).findIndex((l) => l.webhookLogId === log.webhookLogId);
    store.reveal(log.webhookLogId, { ...filters, strategy }, pageOfIndex(index));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LOG_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [log, logs, nowMs, setParams]);

  return { missing: wanted !== null && log === undefined ? wanted : null };
}
