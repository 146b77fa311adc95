import { projectEvent, toLiveMessage, toReadModelDoc, type Projection, type ReadModelDoc, type RecordedEvent as ProjectionRecord } from '@hyperhook/domain';
import {
  userChannel,
  type JsonObject,
  type JsonValue,
  type PendingNotification,
  type ReadModelChange,
  type ReadStore,
  type RecordedEvent,
} from '@hyperhook/store';
import { decodeRecordedEvent } from '@hyperhook/eventsourcing';

/** What one batch of events does to the read models: the writes, and the notices to publish after commit. */
export type ProjectedBatch = {
  readonly changes: ReadModelChange[];
  readonly notifications: PendingNotification[];
  /** Domain events applied (non-domain events such as dedupe claims are skipped). */
  readonly applied: number;
};

/** Reports events that cannot be projected; the default warns once per event and moves on. */
export type SkipReporter = (event: RecordedEvent, reason: string) => void;

/**
 * Runs `work`, or reports `event` as skipped for `collection` when it throws. Only in-memory work
 * goes through it (a projection's evolve, a document's serialisation): the same event would throw
 * again on every retry and stall every user's read models behind it, whereas a failing read or
 * write of the store still fails the batch, which is retried.
 */
function applyOrSkip<T>(work: () => T, event: RecordedEvent | undefined, collection: string, onSkip: SkipReporter): T | null {
  try {
    return work();
  } catch (error) {
    if (event !== undefined) onSkip(event, `${collection}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * Runs every projection over a batch, in log order. Documents are loaded from `readStore` once and
 * then kept in memory, so several events on one document within the batch build on each other and
 * the batch ends with one write per touched document (its final state). Non-domain events are
 * skipped: the log also holds intake's dedupe claims. An event a projection cannot apply is
 * skipped for that projection and reported (onSkip), never retried forever.
 */
export async function projectBatch(
  events: readonly RecordedEvent[],
  projections: readonly Projection<unknown>[],
  readStore: ReadStore,
  onSkip: SkipReporter,
): Promise<ProjectedBatch> {
  const docs = new Map<string, ReadModelDoc<unknown> | null>();
  const touched = new Map<string, { readonly collection: string; readonly id: string; readonly deletedAt?: number }>();
  const lastEventOf = new Map<string, RecordedEvent>();
  const records: { readonly record: ProjectionRecord; readonly stored: RecordedEvent }[] = [];
  for (const event of events) {
    const decoded = decodeRecordedEvent(event);
    if (decoded.kind === 'domain') records.push({ record: decoded.record, stored: event });
    else if (decoded.kind === 'unreadable') onSkip(event, decoded.reason);
  }

  // A document is read from the store the first time the batch touches it, then lives in `docs`.
  for (const { record, stored: storedEvent } of records) {
    const { event, meta } = record;
    for (const projection of projections) {
      const id = projection.idOf(event, meta);
      if (id === null) continue;
      const key = `${projection.collection}\u0000${id}`;
      if (!docs.has(key)) {
        const stored = await readStore.get(projection.collection, id);
        docs.set(key, stored === undefined ? null : toReadModelDoc(projection.collection, stored));
      }
      const change = applyOrSkip(() => projectEvent(projection, () => docs.get(key) ?? null, event, meta), storedEvent, projection.collection, onSkip);
      if (change === null) continue;
      lastEventOf.set(key, storedEvent);
      if (change.kind === 'upsert') {
        docs.set(key, change.doc);
        touched.set(key, { collection: projection.collection, id });
      } else if (change.kind === 'delete') {
        docs.set(key, null);
        touched.set(key, { collection: projection.collection, id, deletedAt: meta.globalPosition });
      }
    }
  }

  const changes: ReadModelChange[] = [];
  const notifications: PendingNotification[] = [];
  for (const [key, { collection, id, deletedAt }] of touched) {
    const doc = docs.get(key) ?? null;
    if (doc === null) {
      changes.push({ kind: 'delete', collection, id, ...(deletedAt !== undefined ? { version: deletedAt } : {}) });
      continue;
    }
    // A document the store could not write (JSON.stringify overflowing on hostile data) would fail
    // the batch again on every retry: its event is skipped and reported instead.
    const change = applyOrSkip(
      () => {
        JSON.stringify(doc.data);
        return toLiveMessage(doc);
      },
      lastEventOf.get(key),
      collection,
      onSkip,
    );
    if (change === null) continue;
    changes.push({ kind: 'upsert', collection, doc: { id: doc.id, userId: doc.userId, version: doc.version, data: doc.data as JsonObject } });
    // The change clients see (internal collections have none); client views are JSON by construction.
    if (change !== undefined) notifications.push({ channel: userChannel(doc.userId), message: change as JsonValue });
  }
  return { changes, notifications, applied: records.length };
}
