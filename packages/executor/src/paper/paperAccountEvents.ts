import { breakEvensKept, decimalText, paperExitsKept, type PaperBreakEven, type PaperEvent, type PaperExits, type PaperOpenOrder } from '@hyperhook/domain';
import type { AccountSnapshot } from '@hyperhook/hyperliquid';
import { paperFillAsVenueFill, snapshotEvents, type PaperFill, type PaperFunding } from '@hyperhook/trading';
import { toFillRecorded } from '../toFillRecorded.js';

/** Which paper strategy and which run of its account the events are of. */
export interface PaperRun {
  readonly strategyId: string;
  readonly epoch: number;
}

/**
 * The paper account as the clearinghouse shows it, written the way the real account's snapshots
 * are, with the orders live on it (the paper venue's openOrders): what a restore places again, so
 * every snapshot must carry them all. So too the break-even moves armed on its positions (issue 41
 * §3): each writer hands on those it read, and a move whose position is gone is dropped here; and
 * the exits kept the live way (take-profits, trail, update), handed on and dropped alike.
 */
export function paperSnapshotEvent(
  run: PaperRun,
  snapshot: AccountSnapshot,
  at: string,
  orders: readonly PaperOpenOrder[],
  armed: readonly PaperBreakEven[],
  exits: readonly PaperExits[],
): PaperEvent {
  const [positions, balance] = snapshotEvents(snapshot, at, 'fill');
  const { at: _at, spotUsdc: _spot, ...numbers } = balance.data;
  const breakEvens = breakEvensKept(armed, positions.data.positions);
  const kept = paperExitsKept(exits, positions.data.positions);
  return {
    type: 'PaperAccountSnapshotTaken',
    v: 1,
    data: {
      strategyId: run.strategyId,
      epoch: run.epoch,
      at,
      balance: numbers,
      positions: positions.data.positions,
      ...(orders.length > 0 ? { orders: [...orders] } : {}),
      ...(breakEvens.length > 0 ? { breakEvens } : {}),
      ...(kept.length > 0 ? { exits: kept } : {}),
    },
  };
}

/** A paper fill as a real one is recorded; `signalId` is the alert that placed it, absent for a liquidation's. */
export function paperFillEvent(run: PaperRun, fill: PaperFill, signalId: string | undefined): PaperEvent {
  return {
    type: 'PaperFillRecorded',
    v: 1,
    data: {
      ...toFillRecorded(paperFillAsVenueFill(fill), signalId).data,
      strategyId: run.strategyId,
      epoch: run.epoch,
      ...(signalId === undefined ? {} : { signalId }),
    },
  };
}

/** One hour's funding the paper venue settled for a position, in decimal text. */
export function paperFundingEvent(run: PaperRun, funding: PaperFunding, at: string): PaperEvent {
  return {
    type: 'PaperFundingPaid',
    v: 1,
    data: {
      strategyId: run.strategyId,
      epoch: run.epoch,
      coin: funding.coin,
      hour: new Date(funding.time).toISOString(),
      szi: decimalText(funding.szi),
      fundingRate: decimalText(funding.fundingRate),
      oraclePx: decimalText(funding.oraclePx),
      usdc: decimalText(funding.usdc),
      at,
    },
  };
}
