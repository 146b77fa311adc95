/**
 * Where a trader approves API wallets: Hyperliquid's app of the network the keys were saved for.
 * Every message that tells a trader to approve a wallet names this site, so testnet keys are
 * never sent to the mainnet app.
 */
export function hyperliquidAppSite(isTestnet: boolean): string {
  return isTestnet ? 'app.hyperliquid-testnet.xyz' : 'app.hyperliquid.xyz';
}
