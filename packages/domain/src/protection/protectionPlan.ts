import { TRIGGER_ORDER_SLIPPAGE_PCT } from '../exchange/constants.js';
import { Dec } from '../exchange/decimal.js';
import { slippagePrice } from '../exchange/slippagePrice.js';
import { truncateSize } from '../exchange/truncateSize.js';
import type { BreakEven } from './breakEven.js';
import type { ProtectiveOrder } from './protectionEvents.js';
import { fitTargets, type TakeProfitTarget } from './takeProfits.js';
import type { TrailingStop } from './trailingStop.js';

/**
 * The trigger prices a strategy's position in a coin keeps to: one stop, one take-profit for the
 * whole position or several for parts of it, and the moves armed on the stop (break-even, trail).
 */
export interface ProtectionPrices {
  readonly stopLoss?: string;
  readonly takeProfit?: string;
  readonly takeProfits?: readonly TakeProfitTarget[];
  readonly breakEven?: BreakEven;
  readonly trailingStop?: TrailingStop;
}

/** One trigger order the position should have: its kind, trigger, size and side, and its worst fill price. */
export interface WantedTrigger {
  readonly kind: 'sl' | 'tp';
  readonly triggerPx: string;
  readonly size: string;
  readonly isBuy: boolean;
  readonly price: string;
}

/** What to do so the position has exactly the protection it asked for. */
export interface ProtectionChange {
  /** Placed first: a position is never left without its stop while it is replaced. */
  readonly place: readonly WantedTrigger[];
  /** Then cancelled: live orders that no longer fit (another size, another price, or a closed position). */
  readonly cancel: readonly ProtectiveOrder[];
  /** Live orders that already fit. */
  readonly keep: readonly ProtectiveOrder[];
}

/**
 * The protection a strategy's position needs (issue 39, point 3): a reduce-only trigger of each
 * kind it keeps prices for, on the side that closes it, the stop and a single take-profit sized to
 * the position the strategy holds (rounded down to the size step, so it never closes more than the
 * strategy's share), several take-profits (issue 41) each its own part, together no more than the
 * position; nothing once the position is closed, so no stop of a closed position fires against a
 * later one.
 */
export function wantedProtection(held: string, prices: ProtectionPrices, szDecimals: number): WantedTrigger[] {
  const position = new Dec(held);
  const size = truncateSize(position.abs().toFixed(), szDecimals);
  if (position.isZero() || size === '0') return [];
  const isBuy = position.isNegative();
  const wanted: WantedTrigger[] = [];
  for (const [kind, triggerPx] of [
    ['sl', prices.stopLoss],
    ['tp', prices.takeProfit],
  ] as const) {
    if (triggerPx === undefined) continue;
    wanted.push({ kind, triggerPx, size, isBuy, price: slippagePrice(triggerPx, isBuy, TRIGGER_ORDER_SLIPPAGE_PCT, szDecimals) });
  }
  for (const target of fitTargets(prices.takeProfits ?? [], held, szDecimals)) {
    const price = slippagePrice(target.triggerPx, isBuy, TRIGGER_ORDER_SLIPPAGE_PCT, szDecimals);
    wanted.push({ kind: 'tp', triggerPx: target.triggerPx, size: target.size, isBuy, price });
  }
  return wanted;
}

/** Compares what is live with what is wanted: the same kind, trigger, size and side is kept. */
export function protectionChange(live: readonly ProtectiveOrder[], wanted: readonly WantedTrigger[]): ProtectionChange {
  const same = (order: ProtectiveOrder, want: WantedTrigger) =>
    order.kind === want.kind && order.isBuy === want.isBuy && new Dec(order.triggerPx).eq(want.triggerPx) && new Dec(order.size).eq(want.size);
  const keep = live.filter((order) => wanted.some((want) => same(order, want)));
  return {
    keep,
    place: wanted.filter((want) => !keep.some((order) => same(order, want))),
    cancel: live.filter((order) => !keep.includes(order)),
  };
}

/**
 * The prices a position keeps after a change (issue 41): those `asked` replace their kind (one
 * take-profit or several replace each other), the others stay; none once the position is flat,
 * and only the asked ones once it changed side, as the old side's stop would fire at once.
 */
export function mergeProtection(
  current: ProtectionPrices,
  asked: ProtectionPrices,
  position: { readonly flat: boolean; readonly sideChanged: boolean },
): ProtectionPrices {
  if (position.flat) return {};
  const base: ProtectionPrices = position.sideChanged ? {} : current;
  const targets = asked.takeProfit !== undefined || asked.takeProfits !== undefined ? asked : base;
  const merged: ProtectionPrices = {
    stopLoss: asked.stopLoss ?? base.stopLoss,
    takeProfit: targets.takeProfit,
    takeProfits: targets.takeProfits,
    breakEven: asked.breakEven ?? base.breakEven,
    trailingStop: asked.trailingStop ?? base.trailingStop,
  };
  // Absent, not undefined: the prices are recorded as an event's fields.
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as ProtectionPrices;
}
