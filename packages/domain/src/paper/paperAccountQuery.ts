import { z } from 'zod';
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

/**
 * A limit order resting on a paper account (issue 41, point 3), as GET /api/orders/paper answers it:
 * its side, price, size left and time in force, and the stop-loss / take-profit grouped with it,
 * placed on the paper account only once it fully fills (null: none).
 */
export const PaperOrderViewSchema = z.object({
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  price: z.number(),
  size: z.number(),
  timeInForce: z.enum(['GTC', 'ALO', 'IOC']),
  reduceOnly: z.boolean(),
  oid: z.number(),
  placedAt: z.string(),
  stopLoss: z.number().nullable(),
  takeProfit: z.number().nullable(),
});
/** A resting paper order. */
export type PaperOrderView = z.infer<typeof PaperOrderViewSchema>;
/** The orders resting on a paper account, oldest first. */
export const PaperOrderListSchema = z.array(PaperOrderViewSchema);

/** A paper strategy's account as the views show it: both marked `venue: "paper"`; the balance says the run's latest liquidation, if any. */
export interface PaperAccountView {
  readonly positions: PositionView[];
  readonly balance: BalanceView;
  /** The stop-losses and take-profits live on the paper account (issue 41, point 3), as the live ones are shown. */
  readonly protection: ProtectiveOrderView[];
  /** The limit orders resting on it (issue 41, point 3), oldest first. */
  readonly resting: PaperOrderView[];
}

const TIME_IN_FORCE = { Gtc: 'GTC', Alo: 'ALO', Ioc: 'IOC' } as const;

/** The limit orders resting on a paper account, each with the stop and target waiting for it to fill. */
export function paperRestingOrders(orders: readonly PaperOpenOrder[]): PaperOrderView[] {
  const waiting = (parent: PaperOpenOrder, tpsl: 'sl' | 'tp'): number | null => {
    const child = orders.find((order) => order.parentOid === parent.oid && order.waitingForParent === true && order.trigger?.tpsl === tpsl);
    return child?.trigger === undefined ? null : numberOrZero(child.trigger.px);
  };
  return orders
    .filter((order) => order.trigger === undefined && order.tif !== undefined)
    .map((order) => ({
      symbol: order.coin,
      side: order.side === 'B' ? ('buy' as const) : ('sell' as const),
      price: numberOrZero(order.limitPx),
      size: numberOrZero(order.sz),
      timeInForce: TIME_IN_FORCE[order.tif ?? 'Gtc'],
      reduceOnly: order.reduceOnly,
      oid: order.oid,
      placedAt: order.placedAt,
      stopLoss: waiting(order, 'sl'),
      takeProfit: waiting(order, 'tp'),
    }));
}

/**
 * The paper account's live stops and targets as a strategy's protective orders read (GET
 * /api/orders/open): triggers not yet fired, nor waiting for their entry to fill (those protect
 * nothing yet). A paper trigger may have no cloid: its oid names it. A grouped one keeps its
 * entry's size, as on the venue, and closes at most the position when it fires: its size is shown
 * so, never above the position `held` (absolute size by coin).
 */
export function paperProtection(strategyId: string, orders: readonly PaperOpenOrder[], held: Readonly<Record<string, number>> = {}): ProtectiveOrderView[] {
  return orders
    .filter((order) => order.trigger !== undefined && order.triggered !== true && order.waitingForParent !== true)
    .map((order) => ({
      strategyId,
      symbol: order.coin,
      kind: order.trigger?.tpsl === 'tp' ? ('takeProfit' as const) : ('stopLoss' as const),
      triggerPrice: numberOrZero(order.trigger?.px ?? '0'),
      size: Math.min(numberOrZero(order.sz), held[order.coin] ?? Number.POSITIVE_INFINITY),
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
    protection: paperProtection(strategyId, current?.data.orders ?? [], Object.fromEntries(positions.map((p) => [p.symbol, p.size]))),
    resting: paperRestingOrders(current?.data.orders ?? []),
  };
}
