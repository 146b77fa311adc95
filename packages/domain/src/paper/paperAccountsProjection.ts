import type { FillRecorded, PositionsSnapshotTaken } from '../account/accountEvents.js';
import { isPaperEvent, type DomainEvent } from '../eventModel/domainEvent.js';
import type { PaperEvent, PaperFundingPaid, PaperOpenOrder } from './paperEvents.js';
import { numberOrZero } from '../shared/numberOrZero.js';
import { own } from '../shared/records.js';
import type { BalanceView, PaperLiquidationView } from '../account/balanceView.js';
import { isLiquidationFill } from '../notifications/venueRefusals.js';
import { evolvePositions, type PositionsData } from '../account/positionsProjection.js';
import { defineProjection, streamEntityId, type ReadModelDoc } from '../readModels/readModel.js';

/** Read-model collection of paper accounts. */
export const PAPER_ACCOUNTS_COLLECTION = 'paperAccounts';

/** One paper strategy's account in its current run: positions as the real account's are kept, and the latest balance. */
export interface PaperAccountData {
  readonly strategyId: string;
  /** The run these numbers are of; a reset (a higher epoch) starts them over. */
  readonly epoch: number;
  readonly positions: PositionsData;
  /** Null until the run's first snapshot: the strategy's starting balance stands until then. */
  readonly balance: BalanceView | null;
  /** The run's latest liquidation by the paper venue; absent or null: none (documents of older builds lack it). */
  readonly lastLiquidation?: PaperLiquidationView | null;
  /** The orders live on the account at its latest snapshot (issue 41, point 3); absent: none (documents of older builds lack it). */
  readonly orders?: readonly PaperOpenOrder[];
}

/** A paper account document. */
export type PaperAccountDoc = ReadModelDoc<PaperAccountData>;

/** A paper account's document id: one per user and paper strategy. */
export function paperAccountDocId(uid: string, strategyId: string): string {
  return `${uid}:${strategyId}`;
}

const EMPTY_POSITIONS: PositionsData = { positions: [], realizedSinceOpen: {}, openedAt: {}, lastSnapshotAt: null, lastSyncAt: null };

/** The paper fill as the account fold reads a fill: the same fields. */
function asFill({ data }: Extract<PaperEvent, { type: 'PaperFillRecorded' }>): FillRecorded {
  const { strategyId: _strategyId, epoch: _epoch, ...fill } = data;
  return { type: 'FillRecorded', v: 1, data: fill };
}

function asPositionsSnapshot({ data }: Extract<PaperEvent, { type: 'PaperAccountSnapshotTaken' }>): PositionsSnapshotTaken {
  return { type: 'PositionsSnapshotTaken', v: 2, data: { at: data.at, source: 'fill', positions: data.positions } };
}

/**
 * A funding payment, folded at once (the snapshot appended with it then says the same): into the
 * balance, and into the realised P&L of the position it was paid on, while that position is open
 * (a payment for an hour before a close belongs to the position closed, whose P&L is history).
 */
function applyFunding(run: PaperAccountData, { data }: PaperFundingPaid): PaperAccountData {
  const usdc = numberOrZero(data.usdc);
  const held = run.positions.positions.some((p) => p.coin === data.coin);
  const realized = (own(run.positions.realizedSinceOpen, data.coin) ?? 0) + usdc;
  const positions: PositionsData = held
    ? {
        ...run.positions,
        realizedSinceOpen: { ...run.positions.realizedSinceOpen, [data.coin]: realized },
        positions: run.positions.positions.map((p) =>
          p.coin === data.coin ? { ...p, realizedPnl: realized, updatedAt: data.at > p.updatedAt ? data.at : p.updatedAt } : p,
        ),
      }
    : run.positions;
  const { balance } = run;
  return {
    ...run,
    positions,
    balance:
      balance === null
        ? null
        : {
            ...balance,
            availableBalance: balance.availableBalance + usdc,
            totalEquity: balance.totalEquity + usdc,
            withdrawable: balance.withdrawable === null ? null : balance.withdrawable + usdc,
            updatedAt: data.at > balance.updatedAt ? data.at : balance.updatedAt,
          },
  };
}

function evolve(current: PaperAccountData | null, event: PaperEvent): PaperAccountData {
  const { strategyId, epoch } = event.data;
  // An event of an earlier run (written before a reset was seen) is history, not the account now.
  if (current !== null && epoch < current.epoch) return current;
  const run = current !== null && epoch === current.epoch ? current : { strategyId, epoch, positions: EMPTY_POSITIONS, balance: null };
  if (event.type === 'PaperFillRecorded') {
    const { data } = event;
    const positions = evolvePositions(run.positions, asFill(event)) ?? EMPTY_POSITIONS;
    if (!isLiquidationFill(data.dir)) return { ...run, positions };
    const lastLiquidation: PaperLiquidationView = {
      coin: data.coin,
      // The liquidator sells a long and buys back a short.
      side: data.side === 'A' ? 'long' : 'short',
      size: numberOrZero(data.sz),
      price: numberOrZero(data.px),
      realizedPnl: numberOrZero(data.closedPnl),
      at: data.time,
    };
    return { ...run, positions, lastLiquidation };
  }
  if (event.type === 'PaperFundingPaid') return applyFunding(run, event);
  // The account after an expiry is the snapshot appended with it.
  if (event.type === 'PaperRestingOrdersExpired') return run;
  const { balance, at, orders } = event.data;
  return {
    ...run,
    orders: orders ?? [],
    positions: evolvePositions(run.positions, asPositionsSnapshot(event)) ?? EMPTY_POSITIONS,
    balance: {
      availableBalance: numberOrZero(balance.availableBalance),
      totalEquity: numberOrZero(balance.totalEquity),
      marginUsed: numberOrZero(balance.marginUsed),
      totalNotional: numberOrZero(balance.totalNotional),
      withdrawable: balance.withdrawable === undefined ? null : numberOrZero(balance.withdrawable),
      spotUsdc: null,
      updatedAt: at,
    },
  };
}

/**
 * Paper accounts (issue 30): per user and paper strategy, from `paper-<uid>`, folded like the
 * real account's positions and balances but in their own documents, so nothing of paper ever
 * reaches the real account's views.
 */
export const paperAccountsProjection = defineProjection<PaperAccountData>({
  collection: PAPER_ACCOUNTS_COLLECTION,
  idOf: (event, meta) => {
    const uid = streamEntityId(meta, 'paper');
    return isPaperEvent(event) && uid !== null ? paperAccountDocId(uid, event.data.strategyId) : null;
  },
  userIdOf: (_event, meta) => streamEntityId(meta, 'paper'),
  evolve: (current, event: DomainEvent) => (isPaperEvent(event) ? evolve(current, event) : current),
});
