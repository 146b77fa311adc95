import { breakEvenMovesDue, breakEvensKept, decimalText, slippagePrice, TRIGGER_ORDER_SLIPPAGE_PCT, type PaperBreakEven } from '@hyperhook/domain';
import type { PerpAsset } from '@hyperhook/hyperliquid';
import type { OpenPaperAccount, RecordedPaperOrder } from '@hyperhook/trading';
import type { ExecutorLog } from '../executorLog.js';
import type { PaperRun } from './paperAccountEvents.js';

/** What {@link moveStopsToBreakEven} works on: one paper account at the mids of a check. */
export interface BreakEvenCheck {
  readonly venue: OpenPaperAccount['venue'];
  readonly accountId: string;
  readonly armed: readonly PaperBreakEven[];
  readonly mids: Readonly<Record<string, number>>;
  readonly assets: readonly PerpAsset[];
  readonly log: ExecutorLog;
  readonly uid: string;
  readonly run: PaperRun;
}

/**
 * Moves the paper stops armed to move to break-even (issue 41 §3) once the mids say so, as live's
 * protection keeper does: the move is decided by live's rule (breakEvenMovesDue, on breakEvenStop),
 * only ever tightening; the new stop is a whole-position reduce-only trigger placed before the old
 * one is cancelled (the paper venue's protect), for the alert that armed it; and the move happens
 * once, so it is disarmed whether or not the venue took the new stop (live clears it too). Returns
 * the moves still armed: those of positions still held that are not due yet.
 */
export function moveStopsToBreakEven(check: BreakEvenCheck): PaperBreakEven[] {
  const { venue, accountId, mids, log, uid, run } = check;
  const held = venue.snapshot(accountId).positions.map((p) => ({ coin: p.coin, szi: decimalText(p.szi) }));
  const armed = breakEvensKept(check.armed, held);
  const orders = venue.openOrders(accountId);
  const due = breakEvenMovesDue(armed, mids, (coin) => positionStopOf(orders, coin));
  for (const { armed: move, stopPx } of due) {
    const szDecimals = check.assets.find((asset) => asset.coin === move.coin)?.szDecimals ?? 0;
    const price = slippagePrice(stopPx, !move.long, TRIGGER_ORDER_SLIPPAGE_PCT, szDecimals);
    const result = venue.protect(accountId, move.coin, { stopLoss: { triggerPx: stopPx, price } }, move.signalId);
    const entry = { userId: uid, strategyId: run.strategyId, coin: move.coin, stopLoss: stopPx };
    if (result.placed.includes('sl')) log({ level: 'info', msg: 'paper stop moved to break-even', ...entry });
    for (const refused of result.refused) log({ level: 'warn', msg: 'paper break-even stop refused', ...entry, error: refused.message });
  }
  return armed.filter((move) => !due.some((done) => done.armed === move));
}

/** The trigger price of the position's own stop in `coin` (the one protect keeps), if it has one. */
function positionStopOf(orders: readonly RecordedPaperOrder[], coin: string): string | undefined {
  return orders.find((order) => order.coin === coin && order.wholePosition === true && order.trigger?.tpsl === 'sl' && order.triggered !== true)?.trigger?.px;
}
