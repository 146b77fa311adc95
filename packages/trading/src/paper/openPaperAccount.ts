import type { PaperAccountState } from '@hyperhook/domain';
import type { PerpAsset } from '@hyperhook/hyperliquid';
import type { EventStore } from '@hyperhook/store';
import { createPaperAccountCache, type PaperAccountCache } from './paperAccountCache.js';
import type { PaperAccountRecord, PaperRunActivity } from './paperRunLedger.js';
import { PaperVenue } from './paperVenue.js';

/** Paper trades at the real venue's prices: mainnet's market list and mids, from the shared feed. */
export const PAPER_MARKET_IS_TESTNET = false;

/** A paper strategy's account, opened on a paper venue at the given market. */
export interface OpenPaperAccount {
  readonly venue: PaperVenue;
  readonly accountId: string;
  readonly record: PaperAccountRecord;
  /** What its fills count for the entry guards (issue 42). */
  readonly activity: PaperRunActivity;
}

/** One cache per event store: the executor's alerts and its paper keeper, or the api's previews, share their runs' ledgers. */
const caches = new WeakMap<object, PaperAccountCache>();

function cacheOf(eventStore: Pick<EventStore, 'readStream'>): PaperAccountCache {
  const known = caches.get(eventStore);
  if (known !== undefined) return known;
  const created = createPaperAccountCache(eventStore);
  caches.set(eventStore, created);
  return created;
}

/**
 * Opens `strategyId`'s paper account of its current run from the log, on a paper venue quoting
 * `assets` at `mids`: what the executor fills an alert on and what a preview plans on, so the two
 * cannot disagree about a paper position. The run's ledger is kept per event store and read on
 * from where it was (createPaperAccountCache), so opening costs what was appended since, not the
 * run's whole history.
 */
export async function openPaperAccount(
  eventStore: Pick<EventStore, 'readStream'>,
  account: { readonly uid: string; readonly strategyId: string; readonly run: PaperAccountState },
  market: { readonly assets: readonly PerpAsset[]; readonly mids: Readonly<Record<string, number>>; readonly now: () => number },
): Promise<OpenPaperAccount> {
  const { record, books, activity } = await cacheOf(eventStore).read(account, market.assets);
  const venue = new PaperVenue(market);
  const accountId = `paper:${account.strategyId}`;
  venue.restoreBooks(accountId, books, record.leverage, record.fundings, record.orders);
  return { venue, accountId, record, activity };
}
