/**
 * Coins Hyperliquid lists per 1000 units under a lower-case `k` prefix (kPEPE = 1000 PEPE).
 * Other venues write them 1000PEPE or KPEPE; all three spellings map to the k-coin.
 */
export const K_PREFIXED_COINS: readonly string[] = Object.freeze(['PEPE', 'SHIB', 'BONK', 'FLOKI', 'LUNC', 'DOGS', 'NEIRO']);

const K_BASES = new Set(K_PREFIXED_COINS);
// Perp markers first (TradingView ".P", Binance "PERP", OKX "-SWAP"), then the quote currency:
// "BTCUSDT.P" → "BTCUSDT" → "BTC". BUSD and FDUSD are deliberately not quotes: "ARBUSD" must stay
// ARB (+ USD), not become AR (+ BUSD), and AR is a listed coin too. A wrong coin is worse than none.
const PERP_SUFFIX = /(\.P|[-_]?PERP|[-_]SWAP)$/;
const QUOTE_SUFFIX = /[-_]?(USDT|USDC|USD)$/;
const COIN = /^[A-Z0-9]{1,20}$/;
const MAX_SYMBOL_LENGTH = 64;

/**
 * Normalises a ticker as alert sources write it into a Hyperliquid perp coin name:
 * "BINANCE:BTCUSDT.P", "BYBIT:ETHUSDT.P", "BTCUSDT", "BTC-PERP", "BTC/USDC:USDC", "btc" → "BTC";
 * "1000PEPEUSDT", "KPEPEUSDT", "kPEPE" → "kPEPE". Returns null for empty or malformed input.
 * It only normalises: whether the coin is listed is checked later against the exchange's meta.
 */
export function mapSymbolToCoin(symbol: string): string | null {
  if (typeof symbol !== 'string') return null;
  let s = symbol.trim();
  if (s === '' || s.length > MAX_SYMBOL_LENGTH) return null;

  // "EXCHANGE:TICKER" (TradingView) — but in ccxt's "BTC/USDC:USDC" the colon names the settle currency.
  const colon = s.indexOf(':');
  const slash = s.indexOf('/');
  if (colon >= 0 && (slash < 0 || colon < slash)) s = s.slice(colon + 1);
  const pairSlash = s.indexOf('/');
  if (pairSlash >= 0) s = s.slice(0, pairSlash);

  let base = s.toUpperCase();
  for (const suffix of [PERP_SUFFIX, QUOTE_SUFFIX]) {
    const stripped = base.replace(suffix, '');
    if (stripped !== '') base = stripped;
  }

  for (const prefix of ['1000', 'K']) {
    const rest = base.slice(prefix.length);
    if (base.startsWith(prefix) && K_BASES.has(rest)) return `k${rest}`;
  }
  return COIN.test(base) ? base : null;
}
