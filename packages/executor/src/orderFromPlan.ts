import type { OrderPlan } from '@hyperhook/domain';
import type { OrderToPlace } from '@hyperhook/hyperliquid';

/**
 * The order the client signs, exactly as planned. Leverage is left out on purpose: the executor
 * aligns it beforehand (only when it differs), so placeOrder does not read it again for every
 * alert.
 */
export function orderFromPlan(plan: OrderPlan): OrderToPlace {
  return {
    coin: plan.coin,
    assetId: plan.assetId,
    isBuy: plan.isBuy,
    price: plan.price,
    size: plan.size,
    reduceOnly: plan.reduceOnly,
    tif: plan.tif,
    cloid: plan.cloid,
    grouping: plan.grouping,
    children: plan.children.map((child) => ({ kind: child.kind, triggerPx: child.triggerPx, price: child.price, isBuy: child.isBuy, size: child.size })),
  };
}
