import type { DomainEvent } from '../eventModel/domainEvent.js';
import { parseStreamId, type StreamCategory } from '../eventModel/streams.js';

/** Where an event sits in the store: what projections need besides the event itself. */
export interface ProjectionMeta {
  /** Position in the store's global order (the `$all` commit position, or the SQLite row id). */
  readonly globalPosition: number;
  /** The stream the event was appended to, e.g. `user-<uid>`. */
  readonly streamId: string;
  /** When the store recorded the event (ISO-8601). */
  readonly recordedAt: string;
}

/**
 * One read-model document. `version` is the global position of the last event applied: the
 * projector upserts only when the new version is higher (version-guarded, idempotent writes), and
 * a global position — unlike a stream revision — also orders events from several streams
 * (the key summary hears both `user-` and `signal-` streams).
 */
export interface ReadModelDoc<TData> {
  readonly collection: string;
  readonly id: string;
  /** Owner: every read is scoped by it. */
  readonly userId: string;
  readonly version: number;
  readonly data: TData;
}

/**
 * A pure event → read-model change. `idOf` names the document an event touches (null: not this
 * projection's business); `apply` returns the next document, the same `current` when nothing
 * changes (including an event already applied), or null to delete. The projections here never
 * delete — a deleted document would lose its version, and a replayed old event could recreate it —
 * so they keep flags instead (e.g. `configured: false`).
 */
export interface Projection<TData> {
  readonly collection: string;
  idOf(event: DomainEvent, meta: ProjectionMeta): string | null;
  apply(current: ReadModelDoc<TData> | null, event: DomainEvent, meta: ProjectionMeta): ReadModelDoc<TData> | null;
}

/** The parts a projection writes; {@link defineProjection} adds the document envelope and the version guard. */
export interface ProjectionDefinition<TData> {
  readonly collection: string;
  idOf(event: DomainEvent, meta: ProjectionMeta): string | null;
  /** The owner of a document this event creates (documents that exist keep theirs). */
  userIdOf(event: DomainEvent, meta: ProjectionMeta): string | null;
  /** Next data; return `current` itself for "no change", null to delete. */
  evolve(current: TData | null, event: DomainEvent, meta: ProjectionMeta): TData | null;
}

/**
 * Builds a {@link Projection}: skips events at or below the document's version (re-delivery after
 * a crash, a rebuild over existing documents), wraps data in the envelope, stamps the version.
 * Pure, and marked so for bundlers: a client that reads only a projection's collection name does
 * not carry the projection.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineProjection<TData>(definition: ProjectionDefinition<TData>): Projection<TData> {
  return {
    collection: definition.collection,
    idOf: definition.idOf,
    apply(current, event, meta) {
      if (current !== null && meta.globalPosition <= current.version) return current;
      const id = definition.idOf(event, meta);
      if (id === null) return current;
      const next = definition.evolve(current?.data ?? null, event, meta);
      if (current !== null && next === current.data) return current;
      if (next === null) return null;
      const userId = current?.userId ?? definition.userIdOf(event, meta);
      // Without an owner a document could never be read back; an event that cannot say whose
      // document it is (a signal event whose SignalReceived was never seen) changes nothing.
      if (userId === null) return current;
      return { collection: definition.collection, id, userId, version: meta.globalPosition, data: next };
    },
  };
}

/** What the projector must do for one event and one projection. */
export type ProjectionChange<TData> =
  | { readonly kind: 'none' }
  | { readonly kind: 'upsert'; readonly doc: ReadModelDoc<TData> }
  | { readonly kind: 'delete'; readonly collection: string; readonly id: string };

/** Applies one event to one projection and says what to write, given the document `load` finds by id. */
export function projectEvent<TData>(
  projection: Projection<TData>,
  load: (id: string) => ReadModelDoc<TData> | null,
  event: DomainEvent,
  meta: ProjectionMeta,
): ProjectionChange<TData> {
  const id = projection.idOf(event, meta);
  if (id === null) return { kind: 'none' };
  const current = load(id);
  const next = projection.apply(current, event, meta);
  if (next === current) return { kind: 'none' };
  if (next === null) return current === null ? { kind: 'none' } : { kind: 'delete', collection: projection.collection, id };
  return { kind: 'upsert', doc: next };
}

/** A recorded event with its metadata, as a catch-up subscription or a replay delivers it. */
export interface RecordedEvent {
  readonly event: DomainEvent;
  readonly meta: ProjectionMeta;
}

/**
 * Folds recorded events into a projection's documents (by id), starting from `docs`: a rebuild,
 * a replay as of a time, or a test. Returns a new map; `docs` is not changed.
 */
export function foldProjection<TData>(
  projection: Projection<TData>,
  records: readonly RecordedEvent[],
  docs: ReadonlyMap<string, ReadModelDoc<TData>> = new Map(),
): Map<string, ReadModelDoc<TData>> {
  const result = new Map(docs);
  for (const { event, meta } of records) {
    const change = projectEvent(projection, (id) => result.get(id) ?? null, event, meta);
    if (change.kind === 'upsert') result.set(change.doc.id, change.doc);
    else if (change.kind === 'delete') result.delete(change.id);
  }
  return result;
}

/** The id part of `meta.streamId` when the stream is of `category`; null otherwise. */
export function streamEntityId(meta: ProjectionMeta, category: StreamCategory): string | null {
  const parsed = parseStreamId(meta.streamId);
  return parsed?.category === category ? parsed.id : null;
}
