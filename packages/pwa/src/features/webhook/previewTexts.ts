import { isLimitPlan, type OrderPlan, type OrderPlanChild, type OrderPreview } from '@hyperhook/domain';
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

/** What kind of order the plan is: closes are reduce-only; otherwise a limit or a market order. */
export function orderKindLabel(plan: Pick<OrderPlan, 'reduceOnly' | 'tif' | 'orderType'>): string {
  if (plan.reduceOnly) return 'Reduce-only close';
  if (!isLimitPlan(plan)) return 'Market order';
  return plan.tif === 'Alo' ? 'Post-only limit order' : 'Limit order';
}

const TIF_LABELS: Readonly<Record<OrderPlan['tif'], string>> = {
  Gtc: 'GTC — good till cancelled',
  Ioc: 'IOC — immediate or cancel',
  Alo: 'ALO — post-only: rests as a maker order, refused if it would fill at once',
};

/** The time in force, spelled out. */
export function tifLabel(tif: OrderPlan['tif']): string {
  return TIF_LABELS[tif];
}

/** What the plan's price means: the worst fill allowed for market orders and closes, the limit itself otherwise. */
export function priceMeaning(plan: Pick<OrderPlan, 'tif' | 'orderType' | 'reduceOnly'>): string {
  return !plan.reduceOnly && isLimitPlan(plan)
    ? 'The limit price, rounded to a valid Hyperliquid price'
    : 'Slippage guard: the worst price this order may fill at';
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
