/**
 * Hyperliquid perp prices may carry at most `MAX_PERP_DECIMALS − szDecimals` decimals
 * (spot uses 8; this module only trades perps).
 */
export const MAX_PERP_DECIMALS = 6;

/** Non-integer prices may carry at most this many significant figures; integers are exempt. */
export const MAX_SIGNIFICANT_FIGURES = 5;

/** The exchange refuses opening orders worth less than this (price × size, in USD). */
export const MIN_ORDER_NOTIONAL_USD = 10;

/**
 * Market trigger orders (TP/SL with `isMarket: true`) execute with up to 10 % slippage on the
 * exchange, so their limit price is set that far from the trigger.
 */
export const TRIGGER_ORDER_SLIPPAGE_PCT = 10;
