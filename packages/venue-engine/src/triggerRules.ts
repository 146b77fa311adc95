/**
 * TP/SL trigger direction rules (reference §3): a sell take-profit fires when the mark rises to
 * the trigger, a sell stop-loss when it falls to it; buy-side mirrors that.
 */
import { formatSig } from './wireDecimal.js';

/** Fields of an order that decide how its trigger behaves. */
export interface TriggerShape {
  isBuy: boolean;
  trigger: { px: number; isMarket: boolean; tpsl: 'tp' | 'sl' } | null;
}

/** True when the trigger fires on price *above* (≥) its trigger price, false for *below* (≤). */
export function firesAbove(order: TriggerShape): boolean {
  const tp = order.trigger?.tpsl === 'tp';
  return order.isBuy ? !tp : tp;
}

/** True when `markPx` satisfies the order's trigger condition. */
export function triggerReached(order: TriggerShape, markPx: number): boolean {
  if (!order.trigger) return false;
  return firesAbove(order) ? markPx >= order.trigger.px : markPx <= order.trigger.px;
}

/** `frontendOpenOrders.triggerCondition`: "N/A", "Price above 10.004", "Price below 9.995". */
export function triggerConditionText(order: TriggerShape): string {
  if (!order.trigger) return 'N/A';
  return `Price ${firesAbove(order) ? 'above' : 'below'} ${formatSig(order.trigger.px).replace(/\.0$/, '')}`;
}

/** `frontendOpenOrders.orderType`. */
export function orderTypeLabel(order: TriggerShape): string {
  if (!order.trigger) return 'Limit';
  if (order.trigger.tpsl === 'tp') return order.trigger.isMarket ? 'Take Profit Market' : 'Take Profit Limit';
  return order.trigger.isMarket ? 'Stop Market' : 'Stop Limit';
}
