/**
 * The sentence every layer gives for a coin the venue does not list (client refusals, the
 * executor's UNKNOWN_COIN, the api's previews and market reads): one wording, kept here.
 */
export function unknownCoinMessage(coin: string): string {
  return `Hyperliquid does not list a perpetual named ${coin}.`;
}
