import { accountStreamId, type AccountEvent, type AlertRefusalReason } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';

/** How often counted refusals are written to their owners' logs: a flood costs the log one event per URL in that time. */
export const REFUSAL_TALLY_FLUSH_MS = 10_000;

type Tally = { readonly userId: string; readonly strategyId: string | undefined; readonly reason: AlertRefusalReason; count: number; from: string; to: string };

/**
 * Alerts refused past the ceiling up to which refusals are logged one by one (issue 32, point 2):
 * counted in memory per URL and reason, and written as one AlertsRefused event per tally on each
 * flush, so a flood costs the log one event per URL every few seconds while its owner still sees
 * every refusal.
 * A tally not yet flushed when the process dies is lost: the count is a notice, not a record of
 * alerts (none of them was acknowledged).
 */
export function refusalTally(eventStore: Pick<EventStore, 'append'>, clock: () => Date) {
  const tallies = new Map<string, Tally>();
  return {
    /** Counts one refused alert. */
    count(userId: string, strategyId: string | undefined, reason: AlertRefusalReason): void {
      const key = `${userId}\u0000${strategyId ?? ''}\u0000${reason}`;
      const now = clock().toISOString();
      const tally = tallies.get(key);
      if (tally === undefined) tallies.set(key, { userId, strategyId, reason, count: 1, from: now, to: now });
      else {
        tally.count += 1;
        tally.to = now;
      }
    },
    /** Writes every tally to its owner's account stream and starts counting afresh. */
    async flush(): Promise<void> {
      const due = [...tallies.values()];
      tallies.clear();
      for (const { userId, strategyId, reason, count, from, to } of due) {
        const event: AccountEvent = { type: 'AlertsRefused', v: 1, data: { reason, count, from, to, ...(strategyId === undefined ? {} : { strategyId }) } };
        await eventStore.append(accountStreamId(userId), [toNewEvent(event, { userId })]);
      }
    },
    /** How many refusals wait for the next flush. */
    get pending(): number {
      let total = 0;
      for (const tally of tallies.values()) total += tally.count;
      return total;
    },
  };
}
