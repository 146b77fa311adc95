/**
 * The venue's words when it refuses the API wallet itself (not one order): the wallet is unknown
 * or its approval expired, the account was never funded, the signature is not the wallet's. The
 * same fragments the exchange client reads a top-level error by (hyperliquid's venueErrorReason,
 * which is not exported); the executor records them as the failure's reason, with codes such as
 * EXCHANGE_REJECTED or LEVERAGE_REJECTED that also cover refusals of the order alone.
 */
const WALLET_REFUSAL = /api wallet .* does not exist|must deposit before performing actions|unable to recover signer|agent valid_until/i;

/** True when a failed or rejected signal's reason says the venue refused the API wallet. */
export function isWalletRefusal(reason: string): boolean {
  return WALLET_REFUSAL.test(reason);
}

/**
 * True for a fill that liquidated the trader's position. Hyperliquid's fill `dir` says so:
 * "Liquidated Cross Long", "Liquidated Isolated Short", and the spot borrow ones ("Backstop Borrow
 * Liquidation", "Partial Borrow Liquidation"). Auto-deleveraging is the counterparty's side of
 * another's liquidation, not the trader's own, so it is not one.
 */
export function isLiquidationFill(dir: string): boolean {
  return /liquidat/i.test(dir);
}
