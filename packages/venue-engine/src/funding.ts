/**
 * Funding (reference rule 17; the venue's docs, trading/funding): paid every hour, on the hour,
 * between the longs and the shorts of a coin. A position's payment is its size × the oracle price ×
 * the hourly funding rate (`funding` in `metaAndAssetCtxs`): with a positive rate longs pay and
 * shorts receive, with a negative one the other way round. The payment moves the account's cash
 * (its `totalRawUsd`), so account value, withdrawable and every margin number follow it; the
 * position's size and entry are untouched.
 */
import type { SimAccount, SimState } from './simState.js';

/** Funding is settled once an hour. */
export const FUNDING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The venue's hourly rate when the premium is nil: the interest part alone, 0.01 % per 8 hours
 * paid an eighth each hour. The simulator lists it for a coin whose rate was never set.
 */
export const BASELINE_FUNDING_RATE = 0.0000125;

/** The funding hour at or before `ms`: when the latest settlement was due. */
export function fundingHourOf(ms: number): number {
  return Math.floor(ms / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
}

/** One funding payment as the venue's `userFunding` lists it; `usdc` is the account's side (negative: paid). */
export interface SimFunding {
  /** The funding hour it settles, ms since the epoch. */
  time: number;
  coin: string;
  /** The signed position size it was paid on (positive: long). */
  szi: number;
  fundingRate: number;
  oraclePx: number;
  usdc: number;
}

/** The USDC a position of `szi` coins receives at `oraclePx` and `fundingRate`; negative when it pays. */
export function fundingPayment(szi: number, oraclePx: number, fundingRate: number): number {
  const usdc = -szi * oraclePx * fundingRate;
  return usdc === 0 ? 0 : usdc;
}

/** Books a payment already settled (recorded elsewhere, booked again): the account's cash moves by `usdc`. */
export function bookFunding(acct: SimAccount, usdc: number): void {
  acct.rawUsd += usdc;
}

/**
 * Settles the funding hour `time` for `acct`'s position in `coin`: its size at that hour (`szi`,
 * default the position it holds now), the coin's oracle price and rate. Returns the payment, or
 * null when it held nothing in the coin (nothing is paid on no position).
 */
export function payFunding(
  state: SimState,
  acct: SimAccount,
  settlement: { readonly time: number; readonly coin: string; readonly fundingRate: number; readonly oraclePx: number; readonly szi?: number },
): SimFunding | null {
  const asset = state.asset(state.assetId(settlement.coin));
  if (asset === undefined) throw new Error(`unknown coin ${settlement.coin}`);
  const szi = settlement.szi ?? state.positionLots(acct, state.assetId(settlement.coin)) / 10 ** asset.szDecimals;
  if (szi === 0) return null;
  const usdc = fundingPayment(szi, settlement.oraclePx, settlement.fundingRate);
  bookFunding(acct, usdc);
  return { time: settlement.time, coin: settlement.coin, szi, fundingRate: settlement.fundingRate, oraclePx: settlement.oraclePx, usdc };
}
