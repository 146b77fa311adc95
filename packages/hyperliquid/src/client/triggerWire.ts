import { toWireDecimal } from '@hyperhook/domain';
import type { OrderParameters } from '@nktkas/hyperliquid/api/exchange';
import { isCloid } from './cloid.js';
import type { PerpAsset } from './metaCache.js';
import { type Built, invalid, priceText, sizeText } from './orderWire.js';

/**
 * A standalone reduce-only trigger order (issue 39.3): a stop-loss or take-profit that protects a
 * position already open, placed apart from any entry. It fires as a market order on the mark.
 */
export interface TriggerOrderToPlace {
  coin: string;
  /** When given, must equal the asset id in the current `meta` (guards against a stale plan). */
  assetId?: number;
  kind: 'tp' | 'sl';
  /** The closing side: a sell for a long, a buy for a short. */
  isBuy: boolean;
  /** Mark price that fires it. */
  triggerPx: string | number;
  /**
   * Worst execution price once fired: the venue needs one even for a market trigger, which slips
   * up to it (the domain's slippagePrice(triggerPx, isBuy, TRIGGER_ORDER_SLIPPAGE_PCT, szDecimals)).
   */
  price: string | number;
  /** Coins to close; "0" with the `positionTpsl` grouping means the whole position, whatever its size. */
  size: string | number;
  /** Client order id, lower-case: each order has its own, so each can be found and cancelled. */
  cloid: string;
}

/** How the orders of one action relate: `positionTpsl` ties them to the position (size "0" follows it). */
export type TriggerGrouping = 'na' | 'positionTpsl';

const LABEL = { tp: 'Take-profit', sl: 'Stop-loss' } as const;

/** True for a size meaning "the whole position" ("0", "0.00", 0). */
function isZero(value: string | number): boolean {
  try {
    return toWireDecimal(value) === '0';
  } catch {
    return false;
  }
}

function wireTrigger(order: TriggerOrderToPlace, asset: PerpAsset, grouping: TriggerGrouping): Built<OrderParameters['orders'][number]> {
  const label = LABEL[order.kind];
  if (!isCloid(order.cloid)) return invalid(`Client order id ${order.cloid} must be 0x followed by 32 lower-case hex characters.`);
  if (order.assetId !== undefined && order.assetId !== asset.assetId) {
    return invalid(`The order was planned for ${asset.coin} as asset ${order.assetId}, but Hyperliquid now lists it as asset ${asset.assetId}. Plan it again.`);
  }
  const trigger = priceText(`${label} trigger price`, order.triggerPx, asset);
  if (!trigger.ok) return trigger;
  const limit = priceText(`${label} limit price`, order.price, asset);
  if (!limit.ok) return limit;
  const wholePosition = grouping === 'positionTpsl' && isZero(order.size);
  const size = wholePosition ? { ok: true as const, value: '0' } : sizeText(`${label} size`, order.size, asset);
  if (!size.ok) return size;
  // Reduce-only always: a trigger that could open a position is refused by the venue as a whole batch.
  return {
    ok: true,
    value: {
      a: asset.assetId,
      b: order.isBuy,
      p: limit.value,
      s: size.value,
      r: true,
      t: { trigger: { isMarket: true, triggerPx: trigger.value, tpsl: order.kind } },
      c: order.cloid as `0x${string}`,
    },
  };
}

/**
 * Checks standalone trigger orders against the venue's rules that can be known before sending
 * (price and size precision, cloid form, one cloid per order) and builds one `order` action's
 * parameters, in the order given. `assets[i]` is the asset of `orders[i]`.
 */
export function buildTriggerWire(orders: readonly TriggerOrderToPlace[], assets: readonly PerpAsset[], grouping: TriggerGrouping): Built<OrderParameters> {
  if (orders.length === 0) return invalid('There are no trigger orders to place.');
  const cloids = new Set(orders.map((order) => order.cloid));
  if (cloids.size !== orders.length) return invalid('Each trigger order needs a client order id of its own.');
  const wire: OrderParameters['orders'] = [];
  for (const [i, order] of orders.entries()) {
    const asset = assets[i];
    if (asset === undefined) throw new Error(`buildTriggerWire: no asset for order ${i}`);
    const built = wireTrigger(order, asset, grouping);
    if (!built.ok) return built;
    wire.push(built.value);
  }
  return { ok: true, value: { orders: wire, grouping } };
}
