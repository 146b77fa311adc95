/**
 * The addresses TradingView documents as the source of its webhook requests
 * (https://www.tradingview.com/support/solutions/43000529348-about-webhooks/). Offered as a
 * one-click allowlist preset; TradingView may change them, so they are a suggestion the user
 * saves, never applied implicitly.
 */
export const TRADINGVIEW_WEBHOOK_IPS: readonly string[] = Object.freeze(['52.89.214.238', '34.212.75.30', '54.218.53.128', '52.32.178.7']);
