import type { PaperAccountState } from '@hyperhook/domain';
import type { PerpAsset } from '@hyperhook/hyperliquid';
import { PaperVenue } from './paperVenue.js';
import type { EventStore } from '@hyperhook/store';
import { paperAccountFromLog, type PaperAccountRecord } from './paperAccountFromLog.js';

/** Paper trades at the real venue's prices: mainnet's market list and mids, from the shared feed. */
export const PAPER_MARKET_IS_TESTNET = false;

/** A paper strategy's account, opened on a paper venue at the given market. */
export interface OpenPaperAccount {
  readonly venue: PaperVenue;
  readonly accountId: string;
  readonly record: PaperAccountRecord;
}

/**
 * Opens `strategyId`'s paper account of its current run from the log, on a paper venue quoting
 * `assets` at `mids`: what the executor fills an alert on and what a preview plans on, so the two
 * cannot disagree about a paper position.
 */
export async function openPaperAccount(
  eventStore: Pick<EventStore, 'readStream'>,
  account: { readonly uid: string; readonly strategyId: string; readonly run: PaperAccountState },
  market: { readonly assets: readonly PerpAsset[]; readonly mids: Readonly<Record<string, number>>; readonly now: () => number },
): Promise<OpenPaperAccount> {
  const record = await paperAccountFromLog(eventStore, account.uid, account.strategyId, account.run);
  const venue = new PaperVenue(market);
  const accountId = `paper:${account.strategyId}`;
  venue.restore(accountId, account.run.balance, record.fills, record.leverage, record.fundings, record.orders);
  return { venue, accountId, record };
}
