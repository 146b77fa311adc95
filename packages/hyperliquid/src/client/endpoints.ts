/** Default base URL of Hyperliquid mainnet (ARCHITECTURE §6 `HYPERLIQUID_API_URL`). */
export const DEFAULT_MAINNET_API_URL = 'https://api.hyperliquid.xyz';
/** Default base URL of Hyperliquid testnet (ARCHITECTURE §6 `HYPERLIQUID_TESTNET_API_URL`). */
export const DEFAULT_TESTNET_API_URL = 'https://api.hyperliquid-testnet.xyz';

/**
 * Base URLs per network. Configuration rather than environment reads, so the caller (CLI, tests)
 * decides where they come from and a simulator URL can be injected.
 */
export interface HyperliquidEndpoints {
  mainnetApiUrl: string;
  testnetApiUrl: string;
}

/** Fills missing URLs with the public defaults and strips trailing slashes (nk appends `/info`, `/exchange`). */
export function resolveEndpoints(partial: Partial<HyperliquidEndpoints> = {}): HyperliquidEndpoints {
  const clean = (url: string) => url.replace(/\/+$/, '');
  return {
    mainnetApiUrl: clean(partial.mainnetApiUrl ?? DEFAULT_MAINNET_API_URL),
    testnetApiUrl: clean(partial.testnetApiUrl ?? DEFAULT_TESTNET_API_URL),
  };
}

/**
 * The base URL of a user's network. The same flag also selects the signing source (L1 "a"/"b",
 * user-signed "Mainnet"/"Testnet"): nk takes it from the transport's `isTestnet`, never from the
 * URL, so a simulator URL still signs for the user's network.
 */
export function apiUrlFor(endpoints: HyperliquidEndpoints, isTestnet: boolean): string {
  return isTestnet ? endpoints.testnetApiUrl : endpoints.mainnetApiUrl;
}
