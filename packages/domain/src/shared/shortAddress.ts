/** Enough of a public address to recognise it: the trader checks it against their wallet, not digit by digit. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
