import { z } from 'zod';
import { EMPTY_LEDGER, holdersOf, holdingOf, outsideOf, type LedgerState, type StrategyProtection } from './strategyLedger.js';
import { numberOrZero } from '../shared/numberOrZero.js';
import { POSITIONS_COLLECTION, toPositionViews, type PositionsData } from '../account/positionsProjection.js';
import type { PositionView } from '../account/positionView.js';
import { readOwnDoc, type ReadModelReader } from '../readModels/readModelReader.js';
import { STRATEGY_POSITIONS_COLLECTION } from './strategyPositionsProjection.js';

/**
 * One strategy's own positions (issue 39, point 1), priced at the account's mark: its size, its
 * own average entry, the P&L its own reductions realised, and the open P&L of what it holds.
 */
export async function queryStrategyPositions(reader: ReadModelReader, uid: string, strategyId: string): Promise<PositionView[]> {
  const [ledgerDoc, accountDoc] = await Promise.all([
    readOwnDoc<LedgerState>(reader, STRATEGY_POSITIONS_COLLECTION, uid),
    readOwnDoc<PositionsData>(reader, POSITIONS_COLLECTION, uid),
  ]);
  if (ledgerDoc === null) return [];
  const account = new Map(toPositionViews(accountDoc).map((p) => [p.symbol, p]));
  const views: PositionView[] = [];
  for (const coin of Object.keys(ledgerDoc.data.holdings)) {
    const holding = holdingOf(ledgerDoc.data, strategyId, coin);
    const szi = numberOrZero(holding.szi);
    if (szi === 0) continue;
    const entryPrice = numberOrZero(holding.entryPx);
    const mark = account.get(coin)?.currentPrice ?? entryPrice;
    views.push({
      positionId: `${coin}-${strategyId}-${Date.parse(holding.openedAt ?? holding.updatedAt)}`,
      userId: uid,
      symbol: coin,
      side: szi > 0 ? 'long' : 'short',
      size: Math.abs(szi),
      entryPrice,
      currentPrice: mark,
      unrealizedPnl: (mark - entryPrice) * szi,
      realizedPnl: numberOrZero(holding.realizedPnl),
      leverage: account.get(coin)?.leverage ?? 1,
      createdAt: holding.openedAt ?? holding.updatedAt,
      updatedAt: holding.updatedAt,
      venue: 'live',
    });
  }
  return views.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.symbol < b.symbol ? -1 : 1));
}

/** Who holds the account's position in a coin: every strategy's signed share, and the part outside hyperhook. */
export const PositionBreakdownSchema = z.object({
  symbol: z.string(),
  strategies: z.array(z.object({ strategyId: z.string(), size: z.number() })),
  /** Signed size no strategy owns: held before hyperhook, or traded in Hyperliquid's app. */
  outside: z.number(),
});
/** A coin's breakdown. */
export type PositionBreakdown = z.infer<typeof PositionBreakdownSchema>;
/** Every coin's breakdown, as GET /api/positions/breakdown answers it. */
export const PositionBreakdownListSchema = z.array(PositionBreakdownSchema);

/** The account view's breakdown (issue 39, point 6): per coin the venue holds, each strategy's signed share and the outside row. */
export async function queryPositionBreakdown(reader: ReadModelReader, uid: string): Promise<PositionBreakdown[]> {
  const [ledgerDoc, accountDoc] = await Promise.all([
    readOwnDoc<LedgerState>(reader, STRATEGY_POSITIONS_COLLECTION, uid),
    readOwnDoc<PositionsData>(reader, POSITIONS_COLLECTION, uid),
  ]);
  const ledger = ledgerDoc?.data;
  return toPositionViews(accountDoc).map((position) => {
    const venue = position.side === 'long' ? position.size : -position.size;
    const strategies =
      ledger === undefined ? [] : Object.entries(holdersOf(ledger, position.symbol)).map(([strategyId, szi]) => ({ strategyId, size: numberOrZero(szi) }));
    const owned = strategies.reduce((sum, s) => sum + s.size, 0);
    // The outside row is what the venue holds beyond the strategies, as the Positions tab last saw it.
    const outside = Number((venue - owned).toPrecision(12));
    return {
      symbol: position.symbol,
      strategies,
      outside: ledger === undefined ? venue : outside === 0 && outsideOf(ledger, position.symbol) === '0' ? 0 : outside,
    };
  });
}

/** A strategy's stop-loss or take-profit live at the venue, as GET /api/orders/open answers it (issue 39, point 3). */
export const ProtectiveOrderViewSchema = z.object({
  strategyId: z.string(),
  symbol: z.string(),
  kind: z.enum(['stopLoss', 'takeProfit']),
  triggerPrice: z.number(),
  size: z.number(),
  side: z.enum(['buy', 'sell']),
  oid: z.number().nullable(),
  cloid: z.string(),
  /** On a stop-loss (issue 41 §2): the trail that moves it, its distance and activation, `active` once the price reached it. */
  trail: z.object({ percent: z.number().optional(), amount: z.number().optional(), activationPrice: z.number().optional(), active: z.boolean() }).optional(),
  /** On a stop-loss: a break-even move armed, to `stopPrice` once the price reaches `activationPrice`. */
  breakEven: z.object({ activationPrice: z.number(), stopPrice: z.number() }).optional(),
  /** On a stop-loss: when the stop last moved to another price (break-even, trail, update). */
  stopMovedAt: z.string().optional(),
});
/** A protective order view. */
export type ProtectiveOrderView = z.infer<typeof ProtectiveOrderViewSchema>;
/** Every protective order live, as GET /api/orders/open answers and /api/live pushes them. */
export const ProtectiveOrderListSchema = z.array(ProtectiveOrderViewSchema);

/** The stops and targets live at the venue, of one strategy (or every strategy), by coin then kind. */
export function protectiveOrdersOf(ledger: LedgerState, strategyId?: string): ProtectiveOrderView[] {
  const views: ProtectiveOrderView[] = [];
  for (const [symbol, byStrategy] of Object.entries(ledger.protection ?? {})) {
    for (const [id, protection] of Object.entries(byStrategy)) {
      if (strategyId !== undefined && id !== strategyId) continue;
      for (const order of protection.live) {
        views.push({
          strategyId: id,
          symbol,
          kind: order.kind === 'sl' ? 'stopLoss' : 'takeProfit',
          triggerPrice: numberOrZero(order.triggerPx),
          size: numberOrZero(order.size),
          side: order.isBuy ? 'buy' : 'sell',
          oid: order.oid ?? null,
          cloid: order.cloid,
          ...(order.kind === 'sl' ? stopKeeping(protection) : {}),
        });
      }
    }
  }
  return views.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : a.kind < b.kind ? -1 : 1));
}

/** What keeps a stop moving and when it last moved (issue 41 §2): the trader sees it beside the stop. */
function stopKeeping(protection: StrategyProtection): Pick<ProtectiveOrderView, 'trail' | 'breakEven' | 'stopMovedAt'> {
  const { trailingStop: trail, breakEven } = protection;
  return {
    ...(trail === undefined
      ? {}
      : {
          trail: {
            ...(trail.percent !== undefined ? { percent: numberOrZero(trail.percent) } : {}),
            ...(trail.amount !== undefined ? { amount: numberOrZero(trail.amount) } : {}),
            ...(trail.activationPx !== undefined ? { activationPrice: numberOrZero(trail.activationPx) } : {}),
            active: trail.active,
          },
        }),
    ...(breakEven === undefined ? {} : { breakEven: { activationPrice: numberOrZero(breakEven.activationPx), stopPrice: numberOrZero(breakEven.stopPx) } }),
    ...(protection.stopMovedAt === undefined ? {} : { stopMovedAt: protection.stopMovedAt }),
  };
}

/** The protective orders live for one strategy (or every strategy): GET /api/orders/open. */
export async function queryProtectiveOrders(reader: ReadModelReader, uid: string, strategyId?: string): Promise<ProtectiveOrderView[]> {
  return protectiveOrdersOf(await queryLedger(reader, uid), strategyId);
}

/** The trader's strategy ledger as the read model holds it (empty before any fill): an order preview plans on it. */
export async function queryLedger(reader: ReadModelReader, uid: string): Promise<LedgerState> {
  return (await readOwnDoc<LedgerState>(reader, STRATEGY_POSITIONS_COLLECTION, uid))?.data ?? EMPTY_LEDGER;
}
