import type { z } from 'zod';
import type { ReadModelDoc } from './readModel.js';
import type { ReadModelReader } from './readModelReader.js';

/** Where a live part that fails its schema is reported (the part is then left out, never applied). */
export type LiveMalformedReporter = (what: string, issues: readonly z.core.$ZodIssue[]) => void;

/**
 * How a client checks one read model's part of a `resync`: against its schema, all or nothing
 * ({@link wholeSnapshot}), or item by item so one bad item cannot hide the rest ({@link itemsSnapshot}).
 */
export interface LiveSnapshotCheck<TSnapshot> {
  readonly schema: z.ZodType<TSnapshot>;
  /** The checked part, or undefined (reported) when it does not match. */
  check(value: unknown, what: string, report: LiveMalformedReporter): TSnapshot | undefined;
}

/** A resync part checked as a whole: a malformed part is left out. */
export function wholeSnapshot<TSnapshot>(schema: z.ZodType<TSnapshot>): LiveSnapshotCheck<TSnapshot> {
  return {
    schema,
    check(value, what, report) {
      const result = schema.safeParse(value);
      if (!result.success) report(what, result.error.issues);
      return result.success ? result.data : undefined;
    },
  };
}

/** A resync part that is a list checked item by item: malformed items are left out, the others kept. */
export function itemsSnapshot<TItem>(item: z.ZodType<TItem>, list: z.ZodType<TItem[]>): LiveSnapshotCheck<TItem[]> {
  return {
    schema: list,
    check(value, what, report) {
      if (!Array.isArray(value)) {
        const result = list.safeParse(value);
        if (!result.success) report(what, result.error.issues);
        return result.success ? result.data : undefined;
      }
      const items: TItem[] = [];
      for (const entry of value) {
        const result = item.safeParse(entry);
        if (result.success) items.push(result.data);
        else report(what, result.error.issues);
      }
      return items;
    },
  };
}

/**
 * How one read model reaches clients live: the one place its collection → client view mapping is
 * written. The projector pushes `toView(doc)` of every changed document as a `change` of kind
 * `kind`; the api's `resync` holds `read(reader, uid)` under `snapshotKey`; the client checks a
 * pushed view with `view` and a resync part with `snapshot`. Both are the shapes the matching
 * `/api` read answers, so a live message can replace what the client fetched.
 *
 * A client needs only the shape (`<name>LiveShape.ts`); the server's half (`<name>Live.ts`) adds
 * `toView` and `read`, which reach the projections and queries. Kept apart, a client's bundle does
 * not carry the server's code (the projections, the queries, decimal.js).
 */
export interface LiveShape<TKind extends string, TKey extends string, TView, TSnapshot> {
  /** The message kind: the read model's collection, as `change.collection` carries it. */
  readonly kind: TKind;
  /** The read model's key in `resync.data`. */
  readonly snapshotKey: TKey;
  /** The client view of one pushed document. */
  readonly view: z.ZodType<TView>;
  readonly snapshot: LiveSnapshotCheck<TSnapshot>;
}

/** The server's half of a live read model. */
export interface LiveServerHalf<TData, TView, TSnapshot> {
  /** The client view of a document of this collection (pure). */
  readonly toView: (doc: ReadModelDoc<TData>) => TView;
  /** This read model's part of the resync, as its query answers it. */
  readonly read: (reader: ReadModelReader, uid: string) => Promise<TSnapshot>;
}

/** A live read model whole: its shape and the server's half. */
export type LiveReadModel<TKind extends string, TKey extends string, TData, TView, TSnapshot> = LiveShape<TKind, TKey, TView, TSnapshot> &
  LiveServerHalf<TData, TView, TSnapshot>;

/** Declares what a client checks of a live read model (an identity that keeps every type parameter inferred). */
export function defineLiveShape<TKind extends string, TKey extends string, TView, TSnapshot>(
  shape: LiveShape<TKind, TKey, TView, TSnapshot>,
): LiveShape<TKind, TKey, TView, TSnapshot> {
  return Object.freeze(shape);
}

/** Declares a read model's live mapping: its shape with the server's half. */
export function defineLiveReadModel<TKind extends string, TKey extends string, TData, TView, TSnapshot>(
  shape: LiveShape<TKind, TKey, TView, TSnapshot>,
  server: LiveServerHalf<TData, TView, TSnapshot>,
): LiveReadModel<TKind, TKey, TData, TView, TSnapshot> {
  return Object.freeze({ ...shape, ...server });
}
