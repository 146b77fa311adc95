/**
 * Venue-side tick and lot rules for perps (reference §3).
 *
 * Kept inside the simulator on purpose instead of importing the domain's rounding helpers: the
 * simulator is the *independent* judge of what the client sends, so sharing code with the client
 * would let one bug hide on both sides.
 */
import { DECIMAL_STRING_RE, countDecimals, normalizeDecimalString, significantFigures } from './wireDecimal.js';

/** Perp prices carry at most `PERP_MAX_DECIMALS − szDecimals` decimals. */
export const PERP_MAX_DECIMALS = 6;
/** Non-integer prices carry at most 5 significant figures. */
export const MAX_SIG_FIGS = 5;

/**
 * True when `px` is an acceptable perp limit/trigger price for an asset with `szDecimals`:
 * ≤ 5 significant figures (integers exempt unless `strictIntegerSigFigs`) and ≤ 6 − szDecimals decimals.
 */
export function isValidSimPrice(px: string, szDecimals: number, strictIntegerSigFigs = false): boolean {
  if (!DECIMAL_STRING_RE.test(px)) return false;
  const n = normalizeDecimalString(px);
  if (countDecimals(n) > Math.max(PERP_MAX_DECIMALS - szDecimals, 0)) return false;
  if (!n.includes('.') && !strictIntegerSigFigs) return true;
  return significantFigures(n) <= MAX_SIG_FIGS;
}

/** True when `sz` carries no more decimals than the asset's `szDecimals`. */
export function isValidSimSize(sz: string, szDecimals: number): boolean {
  return DECIMAL_STRING_RE.test(sz) && countDecimals(normalizeDecimalString(sz)) <= szDecimals;
}

/** Decimals a price of this magnitude may carry (0 for ≥ 100 000 where integers are always fine). */
export function allowedPriceDecimals(px: number, szDecimals: number, strictIntegerSigFigs = false): number {
  const maxDecimals = Math.max(PERP_MAX_DECIMALS - szDecimals, 0);
  if (px <= 0) return maxDecimals;
  const bySigFigs = MAX_SIG_FIGS - 1 - Math.floor(Math.log10(px));
  if (bySigFigs < 0 && strictIntegerSigFigs) return bySigFigs;
  return Math.min(maxDecimals, Math.max(0, bySigFigs));
}

/**
 * Rounds a price onto the venue's grid. `up`/`down` are used for synthetic book levels (round away
 * from the mid so the spread never collapses), `nearest` for the random walk.
 */
export function roundPriceToTick(px: number, szDecimals: number, mode: 'up' | 'down' | 'nearest', strictIntegerSigFigs = false): number {
  const decimals = allowedPriceDecimals(px, szDecimals, strictIntegerSigFigs);
  const factor = 10 ** decimals;
  const scaled = px * factor;
  // The epsilon keeps 97019.99999999 from rounding up to the next tick because of float noise.
  const units = mode === 'up' ? Math.ceil(scaled - 1e-7) : mode === 'down' ? Math.floor(scaled + 1e-7) : Math.round(scaled);
  const rounded = units / factor;
  return decimals > 0 ? Number(rounded.toFixed(decimals)) : rounded;
}

/** Wire string of a price already on the grid ("97020", "0.012345"). */
export function priceToWire(px: number, szDecimals: number): string {
  return normalizeDecimalString(px.toFixed(Math.max(PERP_MAX_DECIMALS - szDecimals, 0)));
}
