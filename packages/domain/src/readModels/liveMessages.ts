import { z } from 'zod';
import { ALERT_REFUSALS_COLLECTION } from '../account/alertRefusalsProjection.js';
import { balancesLive } from '../account/balancesLive.js';
import { keySummaryLive } from '../credentials/keySummaryLive.js';
import type { LiveMalformedReporter, LiveReadModel } from './liveReadModel.js';
import { PAPER_ACCOUNTS_COLLECTION } from '../paper/paperAccountsProjection.js';
import { positionsLive } from '../account/positionsLive.js';
import type { ReadModelDoc } from './readModel.js';
import type { ReadModelReader } from './readModelReader.js';
import { referralLive } from '../referral/referralLive.js';
import { settingsLive } from '../settings/settingsLive.js';
import { strategyPositionsLive } from '../ledger/strategyPositionsLive.js';
import { WEBHOOK_ACCESS_COLLECTION } from '../user/webhookAccessProjection.js';
import { webhookLogsLive } from '../signal/webhookLogsLive.js';
import { WEBHOOK_ROUTES_COLLECTION } from '../user/webhookRoutesProjection.js';

/**
 * The read models clients see live, each declared once in its own `<name>Live.ts`. The order is
 * the order of the keys in a `resync`. Adding a read model to the dashboard's live state is one
 * entry here: the projector then pushes it, the api's resync holds it, and the PWA's reducers
 * ({@link LiveReducers}) no longer compile until they handle it.
 */
export const LIVE_READ_MODELS = Object.freeze([
  webhookLogsLive,
  positionsLive,
  balancesLive,
  settingsLive,
  keySummaryLive,
  referralLive,
  strategyPositionsLive,
] as const);

/**
 * Collections the projector writes that are never pushed, and why. Every projection's collection
 * is either live or here (a test holds it), so a new read model cannot be forgotten silently.
 */
export const NOT_PUSHED_COLLECTIONS: Readonly<Record<string, string>> = Object.freeze({
  [WEBHOOK_ROUTES_COLLECTION]: "intake's secret-hash → owner lookup: keyed by the secret's hash, no client ever reads it",
  [WEBHOOK_ACCESS_COLLECTION]: 'the current secret hash and IP allowlist intake enforces: never sent to a client, the allowlist is read on demand',
  [ALERT_REFUSALS_COLLECTION]:
    'alerts counted past the logging ceiling: the PWA reads them with the Webhook Logs tab, whose rows (pushed live) the same flood of refusals fills first',
  [PAPER_ACCOUNTS_COLLECTION]:
    "a paper strategy's account, read on demand per strategy: the PWA reads it again when that strategy's log rows (pushed live) change",
});

type LiveEntry = (typeof LIVE_READ_MODELS)[number];
/** A live read model with its types erased, to walk the registry. */
type AnyLiveReadModel = LiveReadModel<string, string, never, unknown, unknown>;
type ViewOfEntry<E> = E extends LiveReadModel<string, string, never, infer V, unknown> ? V : never;
type SnapshotOfEntry<E> = E extends LiveReadModel<string, string, never, unknown, infer S> ? S : never;

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

const ENTRIES: readonly AnyLiveReadModel[] = LIVE_READ_MODELS;
const BY_KIND: ReadonlyMap<string, AnyLiveReadModel> = new Map(ENTRIES.map((entry) => [entry.kind, entry]));

/** The kinds of live messages, i.e. the collections pushed to clients. */
export const LIVE_KINDS: readonly LiveKind[] = Object.freeze(LIVE_READ_MODELS.map((entry) => entry.kind));

/** True when documents of `collection` are pushed to clients. */
export function isLiveKind(collection: string): collection is LiveKind {
  return BY_KIND.has(collection);
}

/**
 * The `change` a changed document is pushed as, or undefined for a collection clients never see.
 * The projector publishes it on `user.<uid>`; views are JSON by construction.
 */
export function toLiveMessage(doc: ReadModelDoc<unknown>): LiveChange | undefined {
  const entry = BY_KIND.get(doc.collection);
  if (entry === undefined) return undefined;
  // The collection names the projection that wrote the document, so its data is that entry's.
  const view = entry.toView(doc as ReadModelDoc<never>);
  return { type: 'change', collection: entry.kind, id: doc.id, version: doc.version, doc: view } as LiveChange;
}

/**
 * A notice from `user.<uid>` as the `change` to forward, or undefined when it is not one of a live
 * kind. Only the envelope is checked: the document is the view {@link toLiveMessage} built.
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

/** Reads a user's whole live state (a `resync`'s data) with each read model's own query. */
export async function readLiveSnapshot(reader: ReadModelReader, uid: string): Promise<LiveSnapshot> {
  const parts = await Promise.all(ENTRIES.map(async (entry) => [entry.snapshotKey, await entry.read(reader, uid)] as const));
  return Object.fromEntries(parts) as LiveSnapshot;
}

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
