import type { ProtectiveOrderView } from '@hyperhook/domain';

/** A strategy's live triggers, by coin. */
export type CoinTriggers = ReadonlyMap<string, readonly ProtectiveOrderView[]>;

/** One strategy's triggers by coin, stop-loss before take-profit (the api's order). */
export function triggersByCoin(orders: readonly ProtectiveOrderView[], strategyId: string): CoinTriggers {
  const byCoin = new Map<string, ProtectiveOrderView[]>();
  for (const order of orders) {
    if (order.strategyId !== strategyId) continue;
    byCoin.set(order.symbol, [...(byCoin.get(order.symbol) ?? []), order]);
  }
  return byCoin;
}

/**
 * Whether a position has lost what protects it: no stop-loss. A take-profit alone closes it only
 * in profit, so it does not count.
 */
export function hasNoStop(triggers: readonly ProtectiveOrderView[]): boolean {
  return !triggers.some((order) => order.kind === 'stopLoss');
}
