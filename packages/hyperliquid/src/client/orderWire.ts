import { isValidPerpPrice, isValidSize, meetsMinimumNotional, MIN_ORDER_NOTIONAL_USD, orderNotional, toWireDecimal } from '@hyperhook/domain';
import type { OrderParameters } from '@nktkas/hyperliquid/api/exchange';
import { isCloid } from './cloid.js';
import { type FailedOutcome, rejected } from './exchangeOutcome.js';
import type { PerpAsset } from './metaCache.js';

/** A reduce-only TP/SL trigger riding on an entry (`normalTpsl`). */
export interface TriggerChild {
  kind: 'tp' | 'sl';
  /** Mark price that fires it. */
  triggerPx: string | number;
  /** Worst execution price once fired (the venue needs one even for market triggers). */
  price: string | number;
  /** Opposite side of the entry. */
  isBuy: boolean;
  size: string | number;
}

/**
 * An order to send, already sized and rounded by the executor (the domain's order plan fits
 * this shape). Prices and sizes may be numbers or decimal text; they are checked here against the
 * venue's rules and converted to wire text, never rounded: rounding is the plan's job, and a
 * silently changed price would not be the price the trader was shown. Leverage is not part of it:
 * the caller aligns it beforehand as a step of its own (HyperliquidClient.ensureLeverage).
 */
export interface OrderToPlace {
  coin: string;
  /** When given, must equal the asset id in the current `meta` (guards against a stale plan). */
  assetId?: number;
  isBuy: boolean;
  price: string | number;
  size: string | number;
  reduceOnly: boolean;
  tif: 'Ioc' | 'Gtc' | 'Alo';
  /** Client order id, lower-case (see cloidForSignal). */
  cloid: string;
  grouping?: 'na' | 'normalTpsl';
  children?: readonly TriggerChild[];
}

/** The nk order parameters plus what is needed to read the positional answer. */
export interface WireOrder {
  params: OrderParameters;
  requestedSize: number;
  children: Array<'tp' | 'sl'>;
}

/** A checked wire value, or the client-side refusal that ends the action before signing. */
export type Built<T> = { ok: true; value: T } | { ok: false; failure: FailedOutcome };

export const invalid = (message: string): { ok: false; failure: FailedOutcome } => ({
  ok: false,
  failure: rejected({ reason: 'invalidOrder', message, stage: 'client' }),
});

/** Wire text of a decimal, or undefined when it is not one (NaN, Infinity, "abc"). */
function wire(value: string | number): string | undefined {
  try {
    return toWireDecimal(value);
  } catch {
    return undefined;
  }
}

/** A price as wire text when the venue would accept it for `asset` (checked, never rounded). */
export function priceText(label: string, value: string | number, asset: PerpAsset): Built<string> {
  const text = wire(value);
  if (text === undefined || !isValidPerpPrice(text, asset.szDecimals)) {
    return invalid(
      `${label} ${String(value)} is not a valid ${asset.coin} price: Hyperliquid accepts at most 5 significant figures ` +
        `and ${Math.max(0, 6 - asset.szDecimals)} decimals for it.`,
    );
  }
  return { ok: true, value: text };
}

/** A size as wire text when it is above 0 with the asset's lot precision (checked, never rounded). */
export function sizeText(label: string, value: string | number, asset: PerpAsset): Built<string> {
  const text = wire(value);
  if (text === undefined || !isValidSize(text, asset.szDecimals)) {
    return invalid(`${label} ${String(value)} is not a valid ${asset.coin} size: it must be above 0 with at most ${asset.szDecimals} decimals.`);
  }
  return { ok: true, value: text };
}

/**
 * Checks an order against the venue's rules that can be known before sending (price and size
 * precision, the $10 minimum for opening orders, child sides, cloid form) and builds the nk
 * order parameters in the canonical key order a,b,p,s,r,t,c. Refusing here gives the user a
 * precise reason instead of the venue's terse one, and spends no rate limit.
 */
export function buildWireOrder(order: OrderToPlace, asset: PerpAsset): Built<WireOrder> {
  if (!isCloid(order.cloid)) return invalid(`Client order id ${order.cloid} must be 0x followed by 32 lower-case hex characters.`);
  if (order.assetId !== undefined && order.assetId !== asset.assetId) {
    return invalid(`The order was planned for ${asset.coin} as asset ${order.assetId}, but Hyperliquid now lists it as asset ${asset.assetId}. Plan it again.`);
  }
  if (asset.delisted && !order.reduceOnly) return invalid(`${asset.coin} is delisted on Hyperliquid: only closing orders are accepted.`);
  const price = priceText('Price', order.price, asset);
  if (!price.ok) return price;
  const size = sizeText('Size', order.size, asset);
  if (!size.ok) return size;
  if (!order.reduceOnly && !meetsMinimumNotional(price.value, size.value)) {
    return {
      ok: false,
      failure: rejected({
        reason: 'minNotional',
        message: `Order value $${orderNotional(price.value, size.value).toFixed(2)} (${size.value} ${asset.coin} at ${price.value}) is below Hyperliquid's $${MIN_ORDER_NOTIONAL_USD} minimum.`,
        stage: 'client',
      }),
    };
  }
  const children = order.children ?? [];
  const grouping = order.grouping ?? (children.length > 0 ? 'normalTpsl' : 'na');
  if (children.length > 0 && grouping !== 'normalTpsl') return invalid('Take-profit and stop-loss orders must be sent with the normalTpsl grouping.');
  const orders: OrderParameters['orders'] = [
    { a: asset.assetId, b: order.isBuy, p: price.value, s: size.value, r: order.reduceOnly, t: { limit: { tif: order.tif } }, c: order.cloid as `0x${string}` },
  ];
  for (const child of children) {
    if (child.isBuy === order.isBuy) return invalid(`The ${child.kind === 'tp' ? 'take-profit' : 'stop-loss'} must be on the opposite side of the entry.`);
    const label = child.kind === 'tp' ? 'Take-profit' : 'Stop-loss';
    const trigger = priceText(`${label} trigger price`, child.triggerPx, asset);
    if (!trigger.ok) return trigger;
    const limit = priceText(`${label} limit price`, child.price, asset);
    if (!limit.ok) return limit;
    const childSize = sizeText(`${label} size`, child.size, asset);
    if (!childSize.ok) return childSize;
    // Children are reduce-only market triggers: they can only shrink the position the entry opens.
    orders.push({
      a: asset.assetId,
      b: child.isBuy,
      p: limit.value,
      s: childSize.value,
      r: true,
      t: { trigger: { isMarket: true, triggerPx: trigger.value, tpsl: child.kind } },
    });
  }
  return {
    ok: true,
    value: { params: { orders, grouping }, requestedSize: Number(size.value), children: children.map((child) => child.kind) },
  };
}
