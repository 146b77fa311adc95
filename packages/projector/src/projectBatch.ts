import { projectEvent, toLiveMessage, toReadModelDoc, type Projection, type ReadModelDoc, type RecordedEvent as ProjectionRecord } from '@hyperhook/domain';
import type { JsonObject, JsonValue, PendingNotification, ReadModelChange, ReadStore, RecordedEvent } from '@hyperhook/store';
import { decodeRecordedEvent } from '@hyperhook/eventsourcing';
import { userChannel } from './userChannel.js';

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
 * Runs every projection over a batch, in log order. Documents are loaded from `readStore` once and
 * then kept in memory, so several events on one document within the batch build on each other and
 * the batch ends with one write per touched document (its final state). Non-domain events are
 * skipped: the log also holds intake's dedupe claims.
 */
export async function projectBatch(
  events: readonly RecordedEvent[],
  projections: readonly Projection<unknown>[],
  readStore: ReadStore,
  onSkip: SkipReporter,
): Promise<ProjectedBatch> {
  const docs = new Map<string, ReadModelDoc<unknown> | null>();
  const touched = new Map<string, { readonly collection: string; readonly id: string; readonly deletedAt?: number }>();
  const records: ProjectionRecord[] = [];
  for (const event of events) {
    const decoded = decodeRecordedEvent(event);
    if (decoded.kind === 'domain') records.push(decoded.record);
    else if (decoded.kind === 'unreadable') onSkip(event, decoded.reason);
  }

  // A document is read from the store the first time the batch touches it, then lives in `docs`.
  for (const { event, meta } of records) {
    for (const projection of projections) {
      const id = projection.idOf(event, meta);
      if (id === null) continue;
      const key = `${projection.collection}\u0000${id}`;
      if (!docs.has(key)) {
        const stored = await readStore.get(projection.collection, id);
        docs.set(key, stored === undefined ? null : toReadModelDoc(projection.collection, stored));
      }
      const change = projectEvent(projection, () => docs.get(key) ?? null, event, meta);
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
    changes.push({ kind: 'upsert', collection, doc: { id: doc.id, userId: doc.userId, version: doc.version, data: doc.data as JsonObject } });
    // The change clients see (internal collections have none); client views are JSON by construction.
    const change = toLiveMessage(doc);
    if (change !== undefined) notifications.push({ channel: userChannel(doc.userId), message: change as JsonValue });
  }
  return { changes, notifications, applied: records.length };
}
