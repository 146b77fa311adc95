import type { PaperAccountState } from '../strategies/strategiesState.js';
import type { BalanceView } from '../account/balanceView.js';
import type { PositionView } from '../account/positionView.js';
import { toPositionViews } from '../account/positionsProjection.js';
import type { ReadModelReader } from '../readModels/readModelReader.js';
import { toReadModelDoc } from '../readModels/readModelReader.js';
import { PAPER_ACCOUNTS_COLLECTION, paperAccountDocId, type PaperAccountData } from './paperAccountsProjection.js';

/** A paper strategy's account as the views show it: both marked `venue: "paper"`; the balance says the run's latest liquidation, if any. */
export interface PaperAccountView {
  readonly positions: PositionView[];
  readonly balance: BalanceView;
}

/**
 * The paper account of strategy `strategyId` of `uid` in its current run (`paper`, from the user
 * stream): what its fills and snapshots left, or, before its first fill (or just after a reset),
 * the balance it started with and no positions.
 */
export async function queryPaperAccount(reader: ReadModelReader, uid: string, strategyId: string, paper: PaperAccountState): Promise<PaperAccountView> {
  const stored = await reader.get(PAPER_ACCOUNTS_COLLECTION, paperAccountDocId(uid, strategyId));
  const doc = stored === undefined || stored.userId !== uid ? null : toReadModelDoc<PaperAccountData>(PAPER_ACCOUNTS_COLLECTION, stored);
  const current = doc !== null && doc.data.epoch === paper.epoch ? doc : null;
  const positions = current === null ? [] : toPositionViews({ ...current, data: current.data.positions }, 'paper');
  const fresh: BalanceView = {
    availableBalance: paper.balance,
    totalEquity: paper.balance,
    marginUsed: 0,
    totalNotional: 0,
    withdrawable: paper.balance,
    spotUsdc: null,
    updatedAt: paper.since,
  };
  const liquidation = current?.data.lastLiquidation ?? null;
  return { positions, balance: { ...(current?.data.balance ?? fresh), venue: 'paper', ...(liquidation === null ? {} : { lastLiquidation: liquidation }) } };
}
