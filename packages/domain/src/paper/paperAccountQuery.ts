import type { PaperAccountState } from '../strategies/strategiesState.js';
import type { BalanceView } from '../account/balanceView.js';
import type { PositionView } from '../account/positionView.js';
import { toPositionViews } from '../account/positionsProjection.js';
import type { ReadModelReader } from '../readModels/readModelReader.js';
import { toReadModelDoc } from '../readModels/readModelReader.js';
import { PAPER_ACCOUNTS_COLLECTION, paperAccountDocId, type PaperAccountData } from './paperAccountsProjection.js';
import type { ProtectiveOrderView } from '../ledger/strategyPositionsQuery.js';
import type { PaperOpenOrder } from './paperEvents.js';
import { numberOrZero } from '../shared/numberOrZero.js';

/** A paper strategy's account as the views show it: both marked `venue: "paper"`; the balance says the run's latest liquidation, if any. */
export interface PaperAccountView {
  readonly positions: PositionView[];
  readonly balance: BalanceView;
  /** The stop-losses and take-profits live on the paper account (issue 41, point 3), as the live ones are shown. */
  readonly protection: ProtectiveOrderView[];
}

/**
 * The paper account's live stops and targets as a strategy's protective orders read (GET
 * /api/orders/open): triggers not yet fired, nor waiting for their entry to fill (those protect
 * nothing yet). A paper trigger may have no cloid: its oid names it.
 */
export function paperProtection(strategyId: string, orders: readonly PaperOpenOrder[]): ProtectiveOrderView[] {
  return orders
    .filter((order) => order.trigger !== undefined && order.triggered !== true && order.waitingForParent !== true)
    .map((order) => ({
      strategyId,
      symbol: order.coin,
      kind: order.trigger?.tpsl === 'tp' ? ('takeProfit' as const) : ('stopLoss' as const),
      triggerPrice: numberOrZero(order.trigger?.px ?? '0'),
      size: numberOrZero(order.sz),
      side: order.side === 'B' ? ('buy' as const) : ('sell' as const),
      oid: order.oid,
      cloid: order.cloid ?? `paper-${order.oid}`,
    }))
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
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
  return {
    positions,
    balance: { ...(current?.data.balance ?? fresh), venue: 'paper', ...(liquidation === null ? {} : { lastLiquidation: liquidation }) },
    protection: paperProtection(strategyId, current?.data.orders ?? []),
  };
}
