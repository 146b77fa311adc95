import type { OrderPlan, OrderPlanChild, OrderPreview } from '@hyperhook/domain';
import { formatUsd } from '../../lib/format/money';

type Refusal = Extract<OrderPreview, { ok: false }>;

/** Where an alert would stop, in words a trader reads at a glance. */
export const STAGE_LABELS: Readonly<Record<Refusal['stage'], string>> = {
  parse: 'The alert did not parse',
  keys: 'No API keys',
  market: 'Hyperliquid could not be reached',
  plan: 'A trading rule refused it',
};

/** BUY or SELL: the side the entry (or the close) trades on. */
export function sideLabel(isBuy: boolean): 'BUY' | 'SELL' {
  return isBuy ? 'BUY' : 'SELL';
}

/** What kind of order the plan is: closes are reduce-only; a resting (GTC) order is a limit. */
export function orderKindLabel(plan: Pick<OrderPlan, 'reduceOnly' | 'tif'>): string {
  if (plan.reduceOnly) return 'Reduce-only close';
  return plan.tif === 'Gtc' ? 'Limit order' : 'Market order';
}

/** The time in force, spelled out. */
export function tifLabel(tif: OrderPlan['tif']): string {
  return tif === 'Gtc' ? 'GTC — good till cancelled' : 'IOC — immediate or cancel';
}

/** What the plan's price means: the worst fill allowed for market orders and closes, the limit itself otherwise. */
export function priceMeaning(plan: Pick<OrderPlan, 'tif'>): string {
  return plan.tif === 'Gtc' ? 'The limit price, rounded to a valid Hyperliquid price' : 'Slippage guard: the worst price this order may fill at';
}

/** "$100.00 → $80.00": the USD amount asked for and what is left after Max Position Size and the balance; closes take the whole position. */
export function amountText(plan: Pick<OrderPlan, 'requestedUsd' | 'amountUsd'>): string {
  if (plan.requestedUsd === null || plan.amountUsd === null) return 'Whole position';
  return `${formatUsd(plan.requestedUsd)} → ${formatUsd(plan.amountUsd)}`;
}

/** Take-profit or stop-loss. */
export function legLabel(kind: OrderPlanChild['kind']): string {
  return kind === 'tp' ? 'Take-profit' : 'Stop-loss';
}
