import {
  decimalText,
  fitPaperExits,
  isPositionTrigger,
  paperExitPrices,
  type PaperBreakEven,
  type PaperExits,
  type PaperOpenOrder,
  type ProtectionPrices,
  type ProtectionUpdated,
} from '@hyperhook/domain';
import type { OpenPaperAccount, PaperProtectionResult } from '@hyperhook/trading';
import { protectionCloid } from '../protectPosition.js';

type Refusal = ProtectionUpdated['data']['refused'][number];

/** What a fit did to a paper position's triggers: the exits to record (none once flat), and the triggers placed and refused. */
export interface PaperExitsFitted {
  readonly exits: PaperExits | undefined;
  /** As a paper entry's legs show them. */
  readonly result: PaperProtectionResult;
  /** In live's ProtectionUpdated words (kind, trigger, size, reason). */
  readonly refused: readonly Refusal[];
}

/** The signed size a paper account holds in `coin`, in decimal text ('0': none). */
export function paperHeld(account: Pick<OpenPaperAccount, 'venue' | 'accountId'>, coin: string): string {
  const position = account.venue.snapshot(account.accountId).positions.find((p) => p.coin === coin);
  return position === undefined ? '0' : decimalText(position.szi);
}

/**
 * The prices a paper position in `coin` is protected by now, as live's ledger would tell them: its
 * exits when it has them, else the paper venue's whole-position stop and target and its armed
 * break-even move; none of a side it no longer holds (a turned position keeps only what is asked anew).
 */
export function paperPricesNow(
  coin: string,
  held: string,
  kept: { readonly orders: readonly PaperOpenOrder[]; readonly breakEvens: readonly PaperBreakEven[]; readonly exits: readonly PaperExits[] },
): ProtectionPrices {
  const isLong = !held.startsWith('-');
  const exits = kept.exits.find((e) => e.coin === coin && e.long === isLong);
  if (exits !== undefined) return paperExitPrices(exits);
  const whole = (kind: 'sl' | 'tp') =>
    kept.orders.find((o) => o.coin === coin && o.wholePosition === true && o.trigger?.tpsl === kind && o.triggered !== true && (o.side === 'A') === isLong)
      ?.trigger?.px;
  const stopLoss = whole('sl');
  const takeProfit = whole('tp');
  const armed = kept.breakEvens.find((move) => move.coin === coin && move.long === isLong);
  return {
    ...(stopLoss !== undefined ? { stopLoss } : {}),
    ...(takeProfit !== undefined ? { takeProfit } : {}),
    ...(armed !== undefined ? { breakEven: { activationPx: armed.activationPx, stopPx: armed.stopPx } } : {}),
  };
}

/**
 * Gives a paper position in `coin` the protection `asked` changes `current` to (issue 41 §3), as
 * live's protectPosition does at the venue: live's rules decide (fitPaperExits), the new fixed-size
 * triggers are placed first, under the cloids live would give them, then the ones they replace are
 * cancelled, so the position is never without its stop in between; a stop the venue refuses leaves
 * the old stop in place (an old stop is better than none). `signalId` is the alert the triggers are for.
 */
export function fitPaperExitsOnVenue(
  account: Pick<OpenPaperAccount, 'venue' | 'accountId'>,
  coin: string,
  current: ProtectionPrices,
  asked: ProtectionPrices,
  signalId: string,
  szDecimals: number,
  refusedBefore: readonly Refusal[] = [],
): PaperExitsFitted {
  const { venue, accountId } = account;
  const held = paperHeld(account, coin);
  const live = venue.openOrders(accountId).filter((order) => isPositionTrigger(order, coin));
  const fit = fitPaperExits(current, asked, held, live, szDecimals);
  const triggers = fit.place.map((want) => ({ ...want, cloid: protectionCloid(signalId, want.kind, want.size, want.triggerPx) }));
  const statuses = triggers.length === 0 ? [] : venue.placeTriggers(accountId, coin, triggers, signalId);
  const placed: ('sl' | 'tp')[] = [];
  const refused: Refusal[] = [...refusedBefore];
  triggers.forEach((trigger, i) => {
    const status = statuses[i];
    if (status?.status === 'placed') placed.push(trigger.kind);
    else
      refused.push({
        kind: trigger.kind,
        triggerPx: trigger.triggerPx,
        size: trigger.size,
        reason: (status?.status === 'rejected' ? status.message : 'The paper venue did not place it.').slice(0, 2000),
      });
  });
  const stopRefused = refused.some((refusal) => refusal.kind === 'sl' && refusal.size !== '0');
  const cancel = fit.cancel.filter((oid) => !(stopRefused && live.find((order) => order.oid === oid)?.trigger?.tpsl === 'sl'));
  if (cancel.length > 0) venue.cancel(accountId, cancel);
  const { takeProfits, ...prices } = fit.prices ?? {};
  const exits: PaperExits | undefined =
    fit.prices === undefined || Object.keys(fit.prices).length === 0
      ? undefined
      : { coin, long: !held.startsWith('-'), signalId, ...prices, ...(takeProfits !== undefined ? { takeProfits: [...takeProfits] } : {}) };
  return {
    exits,
    result: { placed, refused: refused.map((refusal) => ({ kind: refusal.kind, message: refusal.reason })) },
    refused,
  };
}
