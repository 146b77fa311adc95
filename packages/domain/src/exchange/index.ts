/** Hyperliquid perp price and size arithmetic: pure, decimal-exact, wire-formatted. */
export { MAX_PERP_DECIMALS, MAX_SIGNIFICANT_FIGURES, MIN_ORDER_NOTIONAL_USD, TRIGGER_ORDER_SLIPPAGE_PCT } from './constants.js';
export { WIRE_DECIMAL_PATTERN, WireDecimalSchema, type WireDecimal } from './wireDecimalSchema.js';
export { CloidSchema, type Cloid } from './cloidSchema.js';
export { toWireDecimal } from './toWireDecimal.js';
export { decimalText } from './decimalText.js';
export { DECIMAL_TEXT_PATTERN, DecimalTextSchema } from './decimalTextSchema.js';
export { isValidPerpPrice } from './isValidPerpPrice.js';
export { roundPerpPrice, type PriceRoundingMode } from './roundPerpPrice.js';
export { truncateSize } from './truncateSize.js';
export { isValidSize } from './isValidSize.js';
export { slippagePrice } from './slippagePrice.js';
export { orderNotional, meetsMinimumNotional } from './orderNotional.js';
