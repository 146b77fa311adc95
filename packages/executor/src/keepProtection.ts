import {
  holdingOf,
  isFlat,
  nextStopMove,
  restingIn,
  protectionChange,
  protectionOf,
  venueAccountOf,
  wantedProtection,
  type ProtectiveOrder,
} from '@hyperhook/domain';
import type { ExecutorContext } from './executorContext.js';
import { protectPosition } from './protectPosition.js';
import { isSigner, openSigner } from './stages/openSigner.js';
import { recordVenueFills } from './venueFills.js';

/** How often a fired trigger's fills are looked for again while the mid stays past it: a fills read weighs 20. */
export const FIRED_TRIGGER_READ_INTERVAL_MS = 30_000;
/** How long a position whose protection could not be fitted waits before the next try, so a refusal is not repeated every check. */
export const REFIT_RETRY_MS = 60_000;

/** What the keeper remembers of one position between checks. */
export interface KeptPosition {
  /** The signal whose protection this is: the cloids of the triggers it places derive from it. */
  readonly signalId: string;
  /** When its venue fills were last read, ms. */
  filledReadAt?: number;
  /** The cloids of the live triggers the mid had passed at that read: another one passed is read for at once. */
  passedAtRead?: readonly string[];
  /** No refit before this time, ms. */
  refitAfter?: number;
}

/** Whether the mid has passed a live trigger: a long's take-profit above it, its stop below it (a short's the other way). */
export function passed(order: ProtectiveOrder, mid: number): boolean {
  const firesUpwards = (order.kind === 'tp') !== order.isBuy;
  return firesUpwards ? mid >= Number(order.triggerPx) : mid <= Number(order.triggerPx);
}

/** Whether the mid has reached a resting entry's limit: a buy's at or below it, a sell's at or above it. */
function reached(order: { readonly isBuy: boolean; readonly limitPx?: string }, mid: number): boolean {
  if (order.limitPx === undefined) return false;
  return order.isBuy ? mid <= Number(order.limitPx) : mid >= Number(order.limitPx);
}

/**
 * One check of a strategy's protection in a coin (issue 41), in the user's lane:
 * 1. a trigger the mid has passed has probably fired (triggers fire on the mark), and a resting
 *    entry whose limit the mid has reached has probably filled: the fills are read and recorded, so
 *    the ledger knows what the strategy holds; at once for an order passed since the last read, and
 *    again at most every FIRED_TRIGGER_READ_INTERVAL_MS while the mid stays past it;
 * 2. the stop moves when the break-even move or the trail asks (nextStopMove);
 * 3. live triggers that no longer fit the position (a take-profit filled: the stop is resized to
 *    what is left; the position closed: the rest are cancelled) are refitted.
 * Steps 2 and 3 go through protectPosition: new triggers first, then the old cancelled.
 * Answers whether the position still has anything to keep (triggers, armed moves, resting entries).
 */
export async function keepProtection(ctx: ExecutorContext, uid: string, strategyId: string, coin: string, kept: KeptPosition): Promise<boolean> {
  let ledger = await ctx.ledgers.get(uid);
  let current = protectionOf(ledger, strategyId, coin);
  const own = (id: string) => id === strategyId;
  if (!hasAnythingToKeep(current, Object.keys(restingIn(ledger, coin, own)).length)) return false;
  const now = ctx.clock();
  if (kept.refitAfter !== undefined && now < kept.refitAfter) return true;
  const profile = await ctx.profiles.get(uid);
  if (profile.credentials === null) return true;
  const { isTestnet } = profile.credentials;
  const asset = await ctx.client.getAsset(isTestnet, coin);
  if (asset === undefined) return true;
  const mid = (await ctx.client.getMids(isTestnet))[coin] ?? Number.NaN;
  const strategy = profile.strategies.find((s) => s.id === strategyId);
  const opened = async () => {
    const signer = await openSigner(ctx, uid, profile.credentials!, strategy?.subAccount?.address);
    if (!isSigner(signer)) ctx.log({ level: 'warn', msg: 'protection not kept: the key could not be opened', userId: uid, coin, reason: signer.message });
    return isSigner(signer) ? signer : undefined;
  };

  // The pacing is per order: a second take-profit that fires seconds after the first is read for
  // at once, else the stop stays sized for the position before it for up to the interval.
  const passedNow = Number.isFinite(mid)
    ? [
        ...current.live.filter((order) => passed(order, mid)).map((order) => order.cloid),
        ...Object.entries(restingIn(ledger, coin, own))
          .filter(([, order]) => reached(order, mid))
          .map(([cloid]) => cloid),
      ]
    : [];
  const newlyPassed = passedNow.some((cloid) => !(kept.passedAtRead ?? []).includes(cloid));
  if (passedNow.length > 0 && (newlyPassed || now - (kept.filledReadAt ?? 0) >= FIRED_TRIGGER_READ_INTERVAL_MS)) {
    kept.filledReadAt = now;
    kept.passedAtRead = passedNow;
    const signer = await opened();
    if (signer === undefined) return true;
    const account = venueAccountOf(strategy);
    const trades = (id: string) => venueAccountOf(profile.strategies.find((s) => s.id === id)) === account;
    if (await recordVenueFills(ctx, uid, signer, ledger, coin, trades)) {
      ledger = await ctx.ledgers.get(uid);
      current = protectionOf(ledger, strategyId, coin);
    }
  }

  const held = holdingOf(ledger, strategyId, coin).szi;
  const move = isFlat(held) ? undefined : nextStopMove(current, !held.startsWith('-'), mid, now, asset.szDecimals);
  const misfit = misfits(held, current, asset.szDecimals);
  if (move === undefined && !misfit) return true;
  const signer = await opened();
  if (signer === undefined) return true;
  await protectPosition(ctx, uid, signer, strategyId, coin, kept.signalId, move?.prices ?? {}, { clearBreakEven: move?.clearBreakEven === true });
  const after = await ctx.ledgers.get(uid);
  if (misfits(holdingOf(after, strategyId, coin).szi, protectionOf(after, strategyId, coin), asset.szDecimals)) kept.refitAfter = now + REFIT_RETRY_MS;
  if (move?.prices.stopLoss !== undefined)
    ctx.log({ level: 'info', msg: 'stop moved', userId: uid, strategyId, coin, stopLoss: move.prices.stopLoss, breakEven: move.clearBreakEven });
  return true;
}

function hasAnythingToKeep(protection: ReturnType<typeof protectionOf>, resting: number): boolean {
  return protection.live.length > 0 || protection.breakEven !== undefined || protection.trailingStop !== undefined || resting > 0;
}

/** Whether a live trigger no longer fits the position (another size, or a position that is gone). */
function misfits(held: string, protection: ReturnType<typeof protectionOf>, szDecimals: number): boolean {
  return protection.live.length > 0 && protectionChange(protection.live, wantedProtection(held, protection, szDecimals)).cancel.length > 0;
}
