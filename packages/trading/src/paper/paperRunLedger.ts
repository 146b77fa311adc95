import { paperStreamId, type PaperAccountState, type PaperBreakEven, type PaperEvent, type PaperExits } from '@hyperhook/domain';
import { decodeStreamEvents } from '@hyperhook/eventsourcing';
import type { RecordedPaperFill, RecordedPaperFunding, RecordedPaperOrder } from './paperVenue.js';
import type { EventStore } from '@hyperhook/store';

/** What the log holds of one paper strategy's current run: enough to open its account again. */
export interface PaperAccountRecord {
  /** The paper stream's version (every paper strategy of the user shares it): the next append expects it. */
  readonly version: number;
  readonly fills: readonly RecordedPaperFill[];
  /** The leverage each coin last traded at, from the run's latest snapshot. */
  readonly leverage: Readonly<Record<string, number>>;
  /** The funding payments of the run, oldest first: booked again on restore, and the hours already paid. */
  readonly fundings: readonly RecordedPaperFunding[];
  /** The orders live on the account, from the run's latest snapshot: placed again on restore. */
  readonly orders: readonly RecordedPaperOrder[];
  /** The break-even moves armed on its positions, from the run's latest snapshot (issue 41 §3): what the paper keeper moves. */
  readonly breakEvens: readonly PaperBreakEven[];
  /** The protection of its positions kept the live way (issue 41 §3: take-profits, trail, update), from the run's latest snapshot. */
  readonly exits: readonly PaperExits[];
}

/**
 * Reads `paper-<uid>` and keeps what belongs to `strategyId` in `run` (fills of an earlier run,
 * before a reset, are history). The log is the paper account: nothing of it lives only in memory.
 */
export async function paperAccountFromLog(
  eventStore: Pick<EventStore, 'readStream'>,
  uid: string,
  strategyId: string,
  run: PaperAccountState,
): Promise<PaperAccountRecord> {
  const recorded = await eventStore.readStream(paperStreamId(uid));
  const events = decodeStreamEvents(recorded).filter(
    (event): event is PaperEvent =>
      (event.type === 'PaperFillRecorded' || event.type === 'PaperAccountSnapshotTaken' || event.type === 'PaperFundingPaid') &&
      event.data.strategyId === strategyId &&
      event.data.epoch === run.epoch,
  );
  const fills: RecordedPaperFill[] = [];
  const fundings: RecordedPaperFunding[] = [];
  let leverage: Record<string, number> = {};
  let orders: readonly RecordedPaperOrder[] = [];
  let breakEvens: readonly PaperBreakEven[] = [];
  let exits: readonly PaperExits[] = [];
  for (const event of events) {
    if (event.type === 'PaperRestingOrdersExpired') continue;
    if (event.type === 'PaperFillRecorded') {
      const { coin, px, sz, side, time, signalId, fee } = event.data;
      fills.push({ coin, px, sz, side, time, fee, ...(signalId === undefined ? {} : { signalId }) });
    } else if (event.type === 'PaperFundingPaid') fundings.push({ coin: event.data.coin, hour: event.data.hour, usdc: event.data.usdc });
    else {
      leverage = Object.fromEntries(event.data.positions.flatMap((p) => (p.leverage === undefined ? [] : [[p.coin, p.leverage]])));
      orders = event.data.orders ?? [];
      breakEvens = event.data.breakEvens ?? [];
      exits = event.data.exits ?? [];
    }
  }
  return { version: recorded.at(-1)?.streamVersion ?? -1, fills, leverage, fundings, orders, breakEvens, exits };
}
