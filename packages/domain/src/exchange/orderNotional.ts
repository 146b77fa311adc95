import { MIN_ORDER_NOTIONAL_USD } from './constants.js';
import { parseDecimal } from './decimal.js';

/** An order's value in USD: price × size, computed in decimal so $9.999999… is not mistaken for $10. */
export function orderNotional(px: number | string, sz: number | string): number {
  return parseDecimal(px, 'Price').mul(parseDecimal(sz, 'Size')).toNumber();
}

/**
 * True when price × size reaches the exchange's $10 minimum for opening orders. Pass the size
 * after truncation: truncating can drop an order that looked big enough below the minimum.
 */
export function meetsMinimumNotional(px: number | string, sz: number | string): boolean {
  return parseDecimal(px, 'Price').mul(parseDecimal(sz, 'Size')).gte(MIN_ORDER_NOTIONAL_USD);
}
