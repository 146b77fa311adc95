import { hyperliquidAppSite } from '@hyperhook/domain';

/** The message of spec §8 for a user without keys. */
export const NO_KEYS_MESSAGE = 'No API keys configured';

/** `2026-11-28 04:10:00 UTC` from an ISO timestamp: the log's sentences name moments the way a trader reads them. */
function moment(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
}

/** What the log says of an alert that arrived while the trader had paused all trading. */
export function tradingPausedMessage(since: string): string {
  return `Trading is paused (all trading stopped at ${moment(since)}): this alert was logged and not traded. Resume trading to trade new alerts.`;
}

/** What the log says of an alert of a paused strategy (issue 29). */
export function strategyPausedMessage(name: string, since: string): string {
  return `Strategy "${name}" is paused (since ${moment(since)}): this alert was logged and not traded. Resume the strategy to trade its new alerts.`;
}

/** What the log says of an alert that came just before its strategy was deleted. */
export function strategyDeletedMessage(name: string, at: string): string {
  return `Strategy "${name}" was deleted at ${moment(at)}: this alert was logged and not traded.`;
}

/** What the log says of a close-all of the Hyperliquid account that named a paper strategy: it never touches paper, nor paper the account. */
export function paperStrategyMessage(name: string): string {
  return `Strategy "${name}" trades on paper: closing the Hyperliquid account's positions does not apply to it. This alert was logged and not traded.`;
}

/**
 * What the log says of an alert whose API wallet Hyperliquid dropped at its expiry (issue 42,
 * point 2): signing with it would only be refused as an unknown wallet, so the order is not sent,
 * and the message says how to approve a new one.
 */
export function keysExpiredMessage(apiWalletAddress: string, validUntil: string, accountAddress: string, isTestnet: boolean): string {
  const site = hyperliquidAppSite(isTestnet);
  return (
    `Your API wallet ${apiWalletAddress} expired at ${moment(validUntil)}: Hyperliquid no longer takes orders it signs, so this alert was not traded. ` +
    `Authorize a new API wallet at ${site} → More → API for ${accountAddress}, then save its address and private key in API KEYS.`
  );
}
