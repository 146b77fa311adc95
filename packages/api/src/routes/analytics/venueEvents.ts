import { accountStreamId, paperStreamId, type AnalyticsQuery, type DomainEvent } from '@hyperhook/domain';
import { decodeRecordedEvent } from '@hyperhook/eventsourcing';
import type { StorePorts } from '@hyperhook/store';

/**
 * The venue's stream of the caller, and nothing else: the account stream for live, the paper
 * stream for paper, up to `asOf` when asked (what the log held then, as `GET /api/history/state`
 * folds it). An event this build cannot read is left out, as the read models leave it.
 */
export async function venueEvents(store: Pick<StorePorts, 'eventStore'>, uid: string, query: Pick<AnalyticsQuery, 'venue' | 'asOf'>): Promise<DomainEvent[]> {
  const recorded = await store.eventStore.readStream(query.venue === 'paper' ? paperStreamId(uid) : accountStreamId(uid));
  const until = query.asOf === undefined ? Number.POSITIVE_INFINITY : Date.parse(query.asOf);
  return recorded.flatMap((event) => {
    const decoded = event.recordedAt > until ? null : decodeRecordedEvent(event);
    return decoded?.kind === 'domain' ? [decoded.record.event] : [];
  });
}
