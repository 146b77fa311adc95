import { z } from 'zod';
import { Dec } from '../exchange/decimal.js';
import { DecimalTextSchema } from '../exchange/decimalTextSchema.js';
import { EntityIdSchema } from '../eventModel/primitives.js';
import { BreakEvenSchema } from '../protection/breakEven.js';
import { mergeProtection, protectionChange, wantedProtection, type ProtectionPrices, type WantedTrigger } from '../protection/protectionPlan.js';
import type { ProtectiveOrder } from '../protection/protectionEvents.js';
import { nextStopMove } from '../protection/stopMoves.js';
import { afterTargetFill, TakeProfitTargetSchema } from '../protection/takeProfits.js';
import { TrailingStopSchema } from '../protection/trailingStop.js';
import type { PaperOpenOrder } from './paperEvents.js';

/**
 * A paper position's protection kept the live way (issue 41 §3): the prices live's ProtectionUpdated
 * keeps (a stop, one take-profit or several each for its part, a break-even move, a trail), for the
 * coin, the side it was set for, and the alert whose triggers these are. Its triggers are fixed-size
 * reduce-only orders refitted to the position after every change, as live's protectPosition does,
 * not the paper venue's whole-position pair, which the engine links one-cancels-other: one
 * take-profit firing must leave the stop and the other take-profits.
 */
export const PaperExitsSchema = z.object({
  coin: z.string().min(1).max(50),
  /** Set for a long (a stop below, take-profits above) or a short. */
  long: z.boolean(),
  signalId: EntityIdSchema,
  stopLoss: DecimalTextSchema.optional(),
  takeProfit: DecimalTextSchema.optional(),
  takeProfits: z.array(TakeProfitTargetSchema).max(5).optional(),
  breakEven: BreakEvenSchema.optional(),
  trailingStop: TrailingStopSchema.optional(),
});
/** A paper position's protection kept the live way. */
export type PaperExits = z.infer<typeof PaperExitsSchema>;

/** The prices of a paper position's protection, as live's ledger keeps them. */
export function paperExitPrices(exits: PaperExits | undefined): ProtectionPrices {
  if (exits === undefined) return {};
  const { coin: _coin, long: _long, signalId: _signalId, ...prices } = exits;
  return prices;
}

/** The protection kept: that of coins still held on the side each was set for (a closed or turned position forgets its own, as live's does). */
export function paperExitsKept(kept: readonly PaperExits[], positions: readonly { readonly coin: string; readonly szi: string }[]): PaperExits[] {
  return kept.filter((exits) => {
    const szi = positions.find((p) => p.coin === exits.coin)?.szi;
    return szi !== undefined && !new Dec(szi).isZero() && new Dec(szi).isNegative() !== exits.long;
  });
}

/** The protection kept once `coin`'s is `next` (none: forgotten). */
export function withPaperExits(kept: readonly PaperExits[], coin: string, next: PaperExits | undefined): PaperExits[] {
  return [...kept.filter((exits) => exits.coin !== coin), ...(next === undefined ? [] : [next])];
}

/** A paper trigger of a position's own (no entry's child): the orders the fit keeps, resizes or cancels. */
export function isPositionTrigger(order: PaperOpenOrder, coin: string): boolean {
  return order.coin === coin && order.reduceOnly && order.trigger !== undefined && order.triggered !== true && order.parentOid === undefined;
}

/** What to do to a paper position's triggers: the prices to keep, the triggers to place, the oids to cancel after. */
export interface PaperExitsFit {
  /** The prices kept from now; undefined once the position is flat. */
  readonly prices: ProtectionPrices | undefined;
  readonly place: readonly WantedTrigger[];
  readonly cancel: readonly number[];
}

/**
 * How a paper position of `held` coins (signed) is protected after `asked` changes its prices
 * (issue 41 §3), by live's rules: `asked` replaces its kinds (mergeProtection), the triggers wanted
 * are live's (wantedProtection: the stop for the whole position, each take-profit its part, nearest
 * first), those already live at the same kind, price, size and side stay (protectionChange). A
 * whole-position trigger (the paper venue's linked pair) is always replaced: its link would cancel
 * the stop when a take-profit fires.
 */
export function fitPaperExits(
  current: ProtectionPrices,
  asked: ProtectionPrices,
  held: string,
  live: readonly PaperOpenOrder[],
  szDecimals: number,
): PaperExitsFit {
  const flat = new Dec(held).isZero();
  const closesWithBuy = new Dec(held).isNegative();
  const sideChanged = live.some((order) => (order.side === 'B') !== closesWithBuy);
  const prices = mergeProtection(current, asked, { flat, sideChanged });
  const asLive = live
    .filter((order) => order.wholePosition !== true)
    .map((order): ProtectiveOrder & { oid: number } => ({
      kind: order.trigger!.tpsl,
      cloid: order.cloid ?? `0x${order.oid.toString(16).padStart(32, '0')}`,
      oid: order.oid,
      triggerPx: order.trigger!.px,
      size: order.sz,
      isBuy: order.side === 'B',
    }));
  const change = protectionChange(asLive, wantedProtection(held, prices, szDecimals));
  const whole = live.filter((order) => order.wholePosition === true).map((order) => order.oid);
  return { prices: flat ? undefined : prices, place: change.place, cancel: [...change.cancel.map((order) => order.oid!), ...whole] };
}

/**
 * The protection after the mark fired paper triggers (issue 41 §3): each take-profit that filled
 * takes its fill off its target (afterTargetFill, as live's ledger does), so the next ones keep
 * their own parts and the refit gives the stop what is left.
 */
export function afterPaperTargetFills(exits: PaperExits, fired: readonly { readonly triggerPx: string; readonly sz: string }[]): PaperExits {
  let takeProfits = exits.takeProfits;
  for (const fill of fired) if (takeProfits !== undefined) takeProfits = afterTargetFill(takeProfits, fill.triggerPx, fill.sz);
  return takeProfits === undefined ? exits : { ...exits, takeProfits };
}

/**
 * The stop move a paper position's armed moves ask for at a mid (live's nextStopMove: break-even
 * and trail, the tighter, never loosening): the prices to ask for, break-even cleared once done.
 * Undefined: nothing to move or record.
 */
export function paperStopMove(
  exits: PaperExits,
  mid: number,
  now: number,
  szDecimals: number,
): { current: ProtectionPrices; asked: ProtectionPrices } | undefined {
  const prices = paperExitPrices(exits);
  const move = nextStopMove(prices, exits.long, mid, now, szDecimals);
  if (move === undefined) return undefined;
  const { breakEven: _done, ...withoutBreakEven } = prices;
  return { current: move.clearBreakEven ? withoutBreakEven : prices, asked: move.prices };
}
