import { accountStreamId, backtestStreamId, paperStreamId, redactEventData, streamPrefix, userStreamId } from '@hyperhook/domain';
import type { EventStore, RecordedEvent } from '@hyperhook/store';
import type { Config } from './config.js';
import { openStore } from './openStore.js';
import { say } from './say.js';

/** Hashes looked up per query. */
const HASH_PAGE = 5000;

/**
 * One NDJSON line of an export: the stored event with its secrets redacted (issue 31, point 3) —
 * no password hash, sealed key, webhook secret's hash or channel secret leaves the store — and
 * its link in the log's hash chain.
 */
function exportLine(event: RecordedEvent, hash: string | null): string {
  return JSON.stringify({
    globalPosition: event.globalPosition,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    eventId: event.eventId,
    type: event.type,
    recordedAt: new Date(event.recordedAt).toISOString(),
    data: redactEventData(event.data),
    ...(event.metadata !== undefined ? { metadata: redactEventData(event.metadata) } : {}),
    hash,
  });
}

/**
 * Every event of one user in global order: `user-<uid>`, `account-<uid>`, `paper-<uid>`, `backtest-<uid>` and each `signal-<id>`
 * whose SignalReceived names the user. The signal streams are found by one filtered scan of the
 * log (SignalReceived events only), then read whole.
 */
export async function userHistory(eventStore: EventStore, uid: string): Promise<RecordedEvent[]> {
  const streams = new Set<string>([userStreamId(uid), accountStreamId(uid), paperStreamId(uid), backtestStreamId(uid)]);
  for (let from = 0; ;) {
    const page = await eventStore.readAll({ fromPosition: from, maxCount: 5000, filter: { streamPrefix: streamPrefix('signal'), types: ['SignalReceived'] } });
    if (page.length === 0) break;
    for (const event of page) if ((event.data as { userId?: unknown } | null)?.userId === uid) streams.add(event.streamId);
    from = page[page.length - 1]!.globalPosition;
  }
  const events: RecordedEvent[] = [];
  for (const stream of streams) events.push(...(await eventStore.readStream(stream)));
  return events.sort((a, b) => a.globalPosition - b.globalPosition);
}

/** `hyperhook export --user <uid>`: the user's event history as NDJSON on stdout, secrets redacted, for auditors. */
export async function runExport(config: Config, uid: string): Promise<void> {
  // Read-only: no change notices to send or receive, so no NATS connection even when NATS_URL is set.
  const store = await openStore(config, say, 'hyperhook-export', { notices: false });
  try {
    const events = await userHistory(store.eventStore, uid);
    for (let from = 0; from < events.length; from += HASH_PAGE) {
      const page = events.slice(from, from + HASH_PAGE);
      const hashes = (await store.chain?.hashesAt(page.map((event) => event.globalPosition))) ?? new Map<number, string>();
      for (const event of page) process.stdout.write(`${exportLine(event, hashes.get(event.globalPosition) ?? null)}\n`);
    }
    say(`exported ${events.length} events of user ${uid}`);
  } finally {
    await store.close();
  }
}
