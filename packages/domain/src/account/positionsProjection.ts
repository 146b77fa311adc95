import type { FillRecorded, PositionsSnapshotTaken } from './accountEvents.js';
import type { AccountEvent } from '../eventModel/accountStreamEvents.js';
import { isAccountEvent, type DomainEvent } from '../eventModel/domainEvent.js';
import { assertNever } from '../shared/assertNever.js';
import { numberOrNull, numberOrZero } from '../shared/numberOrZero.js';
import type { StrategyVenue } from '../eventModel/strategyIds.js';
import type { PositionView } from './positionView.js';
import { defineProjection, streamEntityId, type ReadModelDoc } from '../readModels/readModel.js';
import { own, withoutKey } from '../shared/records.js';

/** Read-model collection of positions. */
export const POSITIONS_COLLECTION = 'positions';

/** One open position as stored: numbers already read leniently (missing or non-numeric → 0). */
export interface PositionRow {
  /** `<coin>-<side>-<opened epoch ms>`: stable while the position is open, new for the next one. */
  readonly positionId: string;
  readonly coin: string;
  readonly side: 'long' | 'short';
  /** Absolute size in coins. */
  readonly size: number;
  readonly entryPrice: number;
  /** Mark price: the snapshot's markPx, else positionValue ÷ size. */
  readonly currentPrice: number;
  readonly positionValue: number;
  readonly unrealizedPnl: number;
  /** Sum of closedPnl of the fills since the position opened. */
  readonly realizedPnl: number;
  /** Null when the exchange gave none; the view shows 1. */
  readonly leverage: number | null;
  readonly liquidationPrice: number | null;
  readonly marginUsed: number;
  /** When the position was first seen open (its opening fill, else the first snapshot showing it). */
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * One document per user holding every open position: a snapshot replaces the whole set, which a
 * per-coin document could not do in one pure step (it cannot see, hence remove, the other coins).
 * The per-coin accumulators carry realized P&L and opening time between snapshots.
 */
export interface PositionsData {
  /** Open positions, ordered by coin. */
  readonly positions: readonly PositionRow[];
  /** Realized P&L since the current position of each coin opened. */
  readonly realizedSinceOpen: Readonly<Record<string, number>>;
  /** Time of each coin's latest opening fill. */
  readonly openedAt: Readonly<Record<string, string>>;
  /** Time of the latest snapshot applied; older snapshots arriving late are ignored. */
  readonly lastSnapshotAt: string | null;
  /** Time of the latest snapshot taken by a sync ("Last sync"). */
  readonly lastSyncAt: string | null;
}

/** A positions document. */
export type PositionsDoc = ReadModelDoc<PositionsData>;

const EMPTY: PositionsData = { positions: [], realizedSinceOpen: {}, openedAt: {}, lastSnapshotAt: null, lastSyncAt: null };

function applySnapshot(current: PositionsData, { data }: PositionsSnapshotTaken): PositionsData {
  // Two syncs may finish out of order: an older picture must not overwrite a newer one.
  if (current.lastSnapshotAt !== null && data.at < current.lastSnapshotAt) return current;
  const previous = new Map(current.positions.map((p) => [p.coin, p]));
  const positions: PositionRow[] = [];
  for (const snapshot of data.positions) {
    const szi = numberOrZero(snapshot.szi);
    if (szi === 0) continue; // a zero size is no position
    const side = szi > 0 ? 'long' : 'short';
    const size = Math.abs(szi);
    const before = previous.get(snapshot.coin);
    const openedAt = own(current.openedAt, snapshot.coin);
    // Same side as before: the same position. A new coin, or a flip, is a new position.
    const createdAt = before?.side === side ? before.createdAt : openedAt !== undefined && openedAt <= data.at ? openedAt : data.at;
    const positionValue = numberOrZero(snapshot.positionValue);
    positions.push({
      positionId: `${snapshot.coin}-${side}-${Date.parse(createdAt)}`,
      coin: snapshot.coin,
      side,
      size,
      entryPrice: numberOrZero(snapshot.entryPx),
      currentPrice: numberOrNull(snapshot.markPx) ?? positionValue / size,
      positionValue,
      unrealizedPnl: numberOrZero(snapshot.unrealizedPnl),
      realizedPnl: own(current.realizedSinceOpen, snapshot.coin) ?? 0,
      leverage: numberOrNull(snapshot.leverage),
      liquidationPrice: numberOrNull(snapshot.liquidationPx),
      marginUsed: numberOrZero(snapshot.marginUsed),
      createdAt,
      updatedAt: data.at,
    });
  }
  positions.sort((a, b) => (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0));

  // A coin absent from the snapshot is closed: forget its accumulators, unless a fill opened it
  // after the snapshot was taken (the fill is newer than the picture).
  let realizedSinceOpen = { ...current.realizedSinceOpen };
  let openedAt = { ...current.openedAt };
  const open = new Set(positions.map((p) => p.coin));
  for (const coin of new Set([...Object.keys(realizedSinceOpen), ...Object.keys(openedAt)])) {
    const opened = own(openedAt, coin);
    if (!open.has(coin) && (opened === undefined || opened <= data.at)) {
      realizedSinceOpen = withoutKey(realizedSinceOpen, coin);
      openedAt = withoutKey(openedAt, coin);
    }
  }
  return {
    positions,
    realizedSinceOpen,
    openedAt,
    lastSnapshotAt: data.at,
    lastSyncAt: data.source === 'sync' ? data.at : current.lastSyncAt,
  };
}

function applyFill(current: PositionsData, { data }: FillRecorded): PositionsData {
  const closedPnl = numberOrZero(data.closedPnl);
  const start = numberOrNull(data.startPosition);
  const size = numberOrZero(data.sz);
  const end = start === null ? null : start + (data.side === 'B' ? size : -size);
  // startPosition tells a fresh position (from 0) and a flip (sign change) apart from trades in a
  // running one; the closedPnl of a flip belongs to the position it closed.
  const opens = start === 0;
  const flips = start !== null && end !== null && start !== 0 && end !== 0 && Math.sign(start) !== Math.sign(end);
  const realized = opens ? closedPnl : flips ? 0 : (own(current.realizedSinceOpen, data.coin) ?? 0) + closedPnl;
  const openedAt = opens || flips ? { ...current.openedAt, [data.coin]: data.time } : current.openedAt;
  return {
    ...current,
    realizedSinceOpen: { ...current.realizedSinceOpen, [data.coin]: realized },
    openedAt,
    positions: current.positions.map((p) =>
      p.coin === data.coin && !flips ? { ...p, realizedPnl: realized, updatedAt: data.time > p.updatedAt ? data.time : p.updatedAt } : p,
    ),
  };
}

/** Positions after one account event; paper accounts (paperAccountsProjection) fold their fills and snapshots with it too. */
export function evolvePositions(current: PositionsData | null, event: AccountEvent): PositionsData | null {
  switch (event.type) {
    case 'PositionsSnapshotTaken':
      return applySnapshot(current ?? EMPTY, event);
    case 'FillRecorded':
      // A sub-account's fill is not the main account's position (issue 39, point 2).
      return event.data.subAccount === undefined ? applyFill(current ?? EMPTY, event) : current;
    case 'BalanceSnapshotTaken':
    case 'AlertsRefused':
    case 'PositionDriftReconciled':
    case 'ProtectionUpdated':
    case 'OrderRested':
    case 'RestingOrdersExpired':
    case 'FundingPaid':
      // Funding moves the account's cash, not a position's size, entry or closed P&L (the venue keeps it apart too).
      return current;
    default:
      return assertNever(event, 'account event');
  }
}

/**
 * Positions: per user, from the `account-<uid>` stream. Snapshots
 * replace the set (a coin no longer present is removed); fills add their closedPnl to the
 * position's realized P&L.
 */
export const positionsProjection = defineProjection<PositionsData>({
  collection: POSITIONS_COLLECTION,
  idOf: (event, meta) =>
    isAccountEvent(event) && event.type !== 'BalanceSnapshotTaken' && event.type !== 'FundingPaid' ? streamEntityId(meta, 'account') : null,
  userIdOf: (_event, meta) => streamEntityId(meta, 'account'),
  evolve: (current, event: DomainEvent) => (isAccountEvent(event) ? evolvePositions(current, event) : current),
});

/**
 * Builds the position view of a stored row. Rows are read defensively — a document may come from
 * an older build or a hand-edited store — so missing or non-numeric numbers become 0,
 * a missing or non-positive leverage becomes 1, and the size is absolute.
 */
export function toPositionView(row: { readonly [K in keyof PositionRow]?: unknown }, userId: string, venue: StrategyVenue = 'live'): PositionView {
  const leverage = numberOrZero(row.leverage);
  const coin = typeof row.coin === 'string' ? row.coin : '';
  return {
    positionId: typeof row.positionId === 'string' ? row.positionId : coin,
    userId,
    symbol: coin,
    side: row.side === 'short' ? 'short' : 'long',
    size: Math.abs(numberOrZero(row.size)),
    entryPrice: numberOrZero(row.entryPrice),
    currentPrice: numberOrZero(row.currentPrice),
    unrealizedPnl: numberOrZero(row.unrealizedPnl),
    realizedPnl: numberOrZero(row.realizedPnl),
    leverage: leverage > 0 ? leverage : 1,
    createdAt: typeof row.createdAt === 'string' ? row.createdAt : '',
    updatedAt: typeof row.updatedAt === 'string' ? row.updatedAt : '',
    venue,
  };
}

/** Every position of a user's document (of the real account, or of a paper one), newest update first; none without a document. */
export function toPositionViews(doc: ReadModelDoc<Pick<PositionsData, 'positions'>> | null, venue: StrategyVenue = 'live'): PositionView[] {
  if (doc === null) return [];
  return doc.data.positions
    .map((row) => toPositionView(row, doc.userId, venue))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.symbol < b.symbol ? -1 : 1));
}
