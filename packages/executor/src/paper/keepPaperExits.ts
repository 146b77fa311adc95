import { afterPaperTargetFills, decimalText, paperExitPrices, paperStopMove, type PaperExits, type PaperOpenOrder } from '@hyperhook/domain';
import type { PerpAsset } from '@hyperhook/hyperliquid';
import type { OpenPaperAccount, PaperFill } from '@hyperhook/trading';
import type { ExecutorLog } from '../executorLog.js';
import type { PaperRun } from './paperAccountEvents.js';
import { fitPaperExitsOnVenue } from './fitPaperExitsOnVenue.js';

/** What {@link keepPaperExits} works on: one paper account at the mids of a check, after the marks moved. */
export interface PaperExitsCheck {
  /** The orders live before the marks moved: which of them the fills filled. */
  readonly ordersBefore: readonly PaperOpenOrder[];
  /** The fills the mark move booked. */
  readonly fired: readonly PaperFill[];
  readonly mids: Readonly<Record<string, number>>;
  readonly assets: readonly PerpAsset[];
  readonly now: number;
  readonly log: ExecutorLog;
  readonly uid: string;
  readonly run: PaperRun;
}

/**
 * Keeps the paper positions protected the live way between alerts (issue 41 §3), as live's
 * keepProtection does: a take-profit the mark fired takes its fill off its target (the next ones
 * keep their parts); the stop moves when the break-even move or the trail asks (live's
 * nextStopMove: only tightening, the trail by a quarter of its distance at least and at most every
 * 30 s); and the triggers are refitted to the position (a take-profit filled: the stop shrinks to
 * what is left; the position closed: the rest go). Returns the exits to record.
 */
export function keepPaperExits(account: Pick<OpenPaperAccount, 'venue' | 'accountId'>, kept: readonly PaperExits[], check: PaperExitsCheck): PaperExits[] {
  const { mids, now, log, uid, run } = check;
  const next: PaperExits[] = [];
  for (const exits of kept) {
    const szDecimals = check.assets.find((asset) => asset.coin === exits.coin)?.szDecimals;
    if (szDecimals === undefined) {
      next.push(exits);
      continue;
    }
    const firedTargets = check.fired.flatMap((fill) => {
      const order = check.ordersBefore.find((o) => o.oid === fill.oid && o.coin === exits.coin && o.trigger?.tpsl === 'tp' && o.wholePosition !== true);
      return order?.trigger === undefined ? [] : [{ triggerPx: order.trigger.px, sz: decimalText(fill.lots / 10 ** fill.szDecimals) }];
    });
    // A position closed or turned forgets its protection, as live's does (the engine cancelled its reduce-only triggers).
    const szi = account.venue.snapshot(account.accountId).positions.find((p) => p.coin === exits.coin)?.szi ?? 0;
    if (szi === 0 || szi > 0 !== exits.long) continue;
    const counted = afterPaperTargetFills(exits, firedTargets);
    const move = paperStopMove(counted, mids[exits.coin] ?? Number.NaN, now, szDecimals);
    const fitted = fitPaperExitsOnVenue(account, exits.coin, move?.current ?? paperExitPrices(counted), move?.asked ?? {}, exits.signalId, szDecimals);
    const entry = { userId: uid, strategyId: run.strategyId, coin: exits.coin };
    if (move?.asked.stopLoss !== undefined && fitted.result.placed.includes('sl'))
      log({
        level: 'info',
        msg: 'paper stop moved',
        ...entry,
        stopLoss: move.asked.stopLoss,
        breakEven: move.current.breakEven === undefined && exits.breakEven !== undefined,
      });
    for (const refused of fitted.refused) log({ level: 'warn', msg: 'paper protection refused', ...entry, kind: refused.kind, error: refused.reason });
    if (fitted.exits !== undefined) next.push(fitted.exits);
  }
  return next;
}
