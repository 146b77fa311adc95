import { z } from 'zod';
import { balancesLiveShape } from '../account/balancesLiveShape.js';
import { positionsLiveShape } from '../account/positionsLiveShape.js';
import { keySummaryLiveShape } from '../credentials/keySummaryLiveShape.js';
import { strategyPositionsLiveShape } from '../ledger/strategyPositionsLiveShape.js';
import { referralLiveShape } from '../referral/referralLiveShape.js';
import { settingsLiveShape } from '../settings/settingsLiveShape.js';
import { webhookLogsLiveShape } from '../signal/webhookLogsLiveShape.js';
import type { LiveMalformedReporter, LiveShape } from './liveReadModel.js';

/**
 * The read models clients see live, as a client checks them: each declared once in its own
 * `<name>LiveShape.ts`. The order is the order of the keys in a `resync`. The server's registry
 * (`LIVE_READ_MODELS`, liveMessages.ts) pairs each with its server half, in this order (a test
 * holds it); a client imports only this module, so its bundle carries no projection or query.
 */
export const LIVE_SHAPES = Object.freeze([
  webhookLogsLiveShape,
  positionsLiveShape,
  balancesLiveShape,
  settingsLiveShape,
  keySummaryLiveShape,
  referralLiveShape,
  strategyPositionsLiveShape,
] as const);

type LiveEntry = (typeof LIVE_SHAPES)[number];
/** A live read model's shape with its types erased, to walk the registry. */
type AnyLiveShape = LiveShape<string, string, unknown, unknown>;
type ViewOfEntry<E> = E extends LiveShape<string, string, infer V, unknown> ? V : never;
type SnapshotOfEntry<E> = E extends LiveShape<string, string, unknown, infer S> ? S : never;

/** The shape of a `resync`'s data: each live read model's snapshot schema under its key. */
type LiveSnapshotShape = { readonly [E in LiveEntry as E['snapshotKey']]: z.ZodType<SnapshotOfEntry<E>> };

/** The kind of a live message: the collection of the read model it carries. */
export type LiveKind = LiveEntry['kind'];
/** The client view one `change` of `K` carries. */
export type LiveViewOf<K extends LiveKind> = ViewOfEntry<Extract<LiveEntry, { readonly kind: K }>>;
/** The part of a `resync` that read model `K` fills. */
export type LiveSnapshotPartOf<K extends LiveKind> = SnapshotOfEntry<Extract<LiveEntry, { readonly kind: K }>>;

/** Everything the dashboard shows live, as the `/api` reads answer it: a `resync`'s data. */
export type LiveSnapshot = { readonly [E in LiveEntry as E['snapshotKey']]: SnapshotOfEntry<E> };

/** One read-model document changed: its client view, or null once deleted; a client keeps the highest `version` per document. */
export type LiveChange = {
  readonly [K in LiveKind]: {
    readonly type: 'change';
    readonly collection: K;
    readonly id: string;
    readonly version: number;
    readonly doc: LiveViewOf<K> | null;
  };
}[LiveKind];

/**
 * What `/api/live` sends: `resync`, the whole live state, on every connect (so a reconnecting
 * client loses nothing), then one `change` per read-model document that changed.
 */
export type LiveMessage = { readonly type: 'resync'; readonly data: LiveSnapshot } | LiveChange;

const ENTRIES: readonly AnyLiveShape[] = LIVE_SHAPES;
const BY_KIND: ReadonlyMap<string, AnyLiveShape> = new Map(ENTRIES.map((entry) => [entry.kind, entry]));

/** The kinds of live messages, i.e. the collections pushed to clients. */
export const LIVE_KINDS: readonly LiveKind[] = Object.freeze(LIVE_SHAPES.map((entry) => entry.kind));

/** True when documents of `collection` are pushed to clients. */
export function isLiveKind(collection: string): collection is LiveKind {
  return BY_KIND.has(collection);
}

/**
 * A notice from `user.<uid>` as the `change` to forward, or undefined when it is not one of a live
 * kind. Only the envelope is checked: the document is the view the projector built (`toLiveMessage`).
 */
export function asLiveChange(notice: unknown): LiveChange | undefined {
  if (typeof notice !== 'object' || notice === null || Array.isArray(notice)) return undefined;
  const { collection, id, version, doc } = notice as Record<string, unknown>;
  if (typeof collection !== 'string' || !isLiveKind(collection) || typeof id !== 'string' || typeof version !== 'number') return undefined;
  return { type: 'change', collection, id, version, doc: doc ?? null } as LiveChange;
}

/**
 * Everything the dashboard shows live, as a schema: what a `resync` carries and what a moment of
 * the history (`GET /api/history/state`) answers, so a new live read model reaches both.
 */
export const LiveSnapshotSchema = z.object(Object.fromEntries(ENTRIES.map((entry) => [entry.snapshotKey, entry.snapshot.schema])) as LiveSnapshotShape);

/**
 * A `/api/live` message as it arrives: the envelope is checked, the documents are not yet — each
 * is checked against its own read model's schema by {@link reduceLiveMessage}, so one malformed
 * document never drops the rest of a resync. A change of a kind this client does not know parses
 * (and is then ignored), so a newer server can add one.
 */
export const LiveMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('resync'),
    data: z.object(Object.fromEntries(ENTRIES.map((entry) => [entry.snapshotKey, z.unknown()])) as Record<LiveEntry['snapshotKey'], z.ZodUnknown>),
  }),
  z.object({ type: z.literal('change'), collection: z.string(), id: z.string(), version: z.number(), doc: z.unknown() }),
]);
/** A {@link LiveMessage} as received, before its documents are checked. */
export type ReceivedLiveMessage = z.infer<typeof LiveMessageSchema>;

/** How a client applies one read model's live messages to its state (`context`). */
export interface LiveReducer<C, TView, TSnapshot> {
  /** Its part of a resync, once checked. */
  resync(context: C, snapshot: TSnapshot): void;
  /** One of its documents changed: the checked view, or null once deleted. */
  change(context: C, id: string, view: TView | null): void;
}

/** A client's reducers, one per live kind: a new live read model makes a client that misses it fail to compile. */
export type LiveReducers<C> = { readonly [K in LiveKind]: LiveReducer<C, LiveViewOf<K>, LiveSnapshotPartOf<K>> };

/**
 * Applies a received message with the client's reducers: each part of a resync and each changed
 * document is checked against its read model's schema first; a malformed one is reported and
 * skipped, the others applied. A change of an unknown kind is ignored. Version ordering is the
 * caller's (it knows what it already applied).
 */
export function reduceLiveMessage<C>(message: ReceivedLiveMessage, reducers: LiveReducers<C>, context: C, report: LiveMalformedReporter): void {
  const byKind = reducers as unknown as Readonly<Record<string, LiveReducer<C, unknown, unknown>>>;
  if (message.type === 'resync') {
    for (const entry of ENTRIES) {
      const data: Readonly<Record<string, unknown>> = message.data;
      const snapshot = entry.snapshot.check(data[entry.snapshotKey], entry.snapshotKey, report);
      if (snapshot !== undefined) byKind[entry.kind]?.resync(context, snapshot);
    }
    return;
  }
  const entry = BY_KIND.get(message.collection);
  if (entry === undefined) return;
  if (message.doc === null || message.doc === undefined) return byKind[entry.kind]?.change(context, message.id, null);
  const view = entry.view.safeParse(message.doc);
  if (!view.success) return report(entry.kind, view.error.issues);
  byKind[entry.kind]?.change(context, message.id, view.data);
}
