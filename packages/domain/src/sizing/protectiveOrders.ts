import type { ParsedAlert } from '../alert/alertSchema.js';
import { TRIGGER_ORDER_SLIPPAGE_PCT } from '../exchange/constants.js';
import { Dec } from '../exchange/decimal.js';
import { roundPerpPrice } from '../exchange/roundPerpPrice.js';
import { slippagePrice } from '../exchange/slippagePrice.js';
import type { OrderPlanChild } from './orderPlanSchema.js';
import { rejectPlan, type PlanOrderResult } from './planRejection.js';

/** A child order before the entry size is known. */
export type UnsizedChild = Omit<OrderPlanChild, 'size'>;

const LABEL = { tp: 'Take-profit', sl: 'Stop-loss' } as const;

/**
 * Turns the alert's takeProfit and stopLoss into reduce-only trigger children on the opposite
 * side, take-profit first. Each trigger is rounded to a valid price and must then lie on the
 * right side of the entry's reference price — above it for a long's take-profit and a short's
 * stop-loss, below it otherwise — since a trigger on the wrong side would fire at once.
 */
export function protectiveOrders(
  alert: ParsedAlert,
  entryIsBuy: boolean,
  referencePrice: string,
  szDecimals: number,
): { ok: true; children: UnsizedChild[] } | Extract<PlanOrderResult, { ok: false }> {
  const children: UnsizedChild[] = [];
  const reference = new Dec(referencePrice);
  const side = entryIsBuy ? 'long (buy)' : 'short (sell)';
  for (const kind of ['tp', 'sl'] as const) {
    const wanted = kind === 'tp' ? alert.takeProfit : alert.stopLoss;
    if (wanted === undefined) continue;
    const code = kind === 'tp' ? 'INVALID_TAKE_PROFIT' : 'INVALID_STOP_LOSS';
    let triggerPx: string;
    try {
      triggerPx = roundPerpPrice(wanted, szDecimals);
    } catch (error) {
      return rejectPlan(code, `${LABEL[kind]} ${wanted} cannot be used as a ${alert.coin} price: ${(error as Error).message}`);
    }
    const mustBeAbove = (kind === 'tp') === entryIsBuy;
    const trigger = new Dec(triggerPx);
    if (mustBeAbove ? !trigger.gt(reference) : !trigger.lt(reference)) {
      return rejectPlan(
        code,
        `${LABEL[kind]} ${triggerPx} must be ${mustBeAbove ? 'above' : 'below'} the entry price ${referencePrice} for a ${side} entry on ${alert.coin}.`,
      );
    }
    const isBuy = !entryIsBuy;
    children.push({ kind, triggerPx, price: slippagePrice(triggerPx, isBuy, TRIGGER_ORDER_SLIPPAGE_PCT, szDecimals), isBuy });
  }
  // Several take-profits (issue 41) are placed once the fill is known; their prices are checked now, as one's is.
  for (const [i, ask] of (alert.takeProfits ?? []).entries()) {
    if (ask.price === undefined) continue;
    const label = `Take-profit ${i + 1} of ${alert.takeProfits!.length}`;
    let triggerPx: string;
    try {
      triggerPx = roundPerpPrice(ask.price, szDecimals);
    } catch (error) {
      return rejectPlan('INVALID_TAKE_PROFIT', `${label} (${ask.price}) cannot be used as a ${alert.coin} price: ${(error as Error).message}`);
    }
    if (entryIsBuy ? !new Dec(triggerPx).gt(reference) : !new Dec(triggerPx).lt(reference)) {
      return rejectPlan(
        'INVALID_TAKE_PROFIT',
        `${label} (${triggerPx}) must be ${entryIsBuy ? 'above' : 'below'} the entry price ${referencePrice} for a ${side} entry on ${alert.coin}.`,
      );
    }
  }
  return { ok: true, children };
}
