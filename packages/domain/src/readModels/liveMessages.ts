import { ALERT_REFUSALS_COLLECTION } from '../account/alertRefusalsProjection.js';
import { balancesLive } from '../account/balancesLive.js';
import { keySummaryLive } from '../credentials/keySummaryLive.js';
import type { LiveReadModel } from './liveReadModel.js';
import type { LiveChange, LiveSnapshot } from './liveShapes.js';
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
 * The read models clients see live, with their server halves, each declared once in its own
 * `<name>Live.ts`, in the order of `LIVE_SHAPES` (a test holds it). Adding a read model to
 * the dashboard's live state is one entry here and its shape in `LIVE_SHAPES`: the projector then
 * pushes it, the api's resync holds it, and the PWA's reducers (`LiveReducers`) no longer compile
 * until they handle it.
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

/** A live read model with its types erased, to walk the registry. */
type AnyLiveReadModel = LiveReadModel<string, string, never, unknown, unknown>;

const ENTRIES: readonly AnyLiveReadModel[] = LIVE_READ_MODELS;
const BY_KIND: ReadonlyMap<string, AnyLiveReadModel> = new Map(ENTRIES.map((entry) => [entry.kind, entry]));

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

/** Reads a user's whole live state (a `resync`'s data) with each read model's own query. */
export async function readLiveSnapshot(reader: ReadModelReader, uid: string): Promise<LiveSnapshot> {
  const parts = await Promise.all(ENTRIES.map(async (entry) => [entry.snapshotKey, await entry.read(reader, uid)] as const));
  return Object.fromEntries(parts) as LiveSnapshot;
}
