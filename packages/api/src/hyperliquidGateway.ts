import { HyperliquidClient } from '@hyperhook/hyperliquid';
import type { AppConfig, AppDeps } from './appDeps.js';

/**
 * The production `AppDeps.hyperliquid`: one HyperliquidClient for both networks (it keeps a
 * transport, market cache and nonce source per network), pointed at the configured URLs. Its
 * reads are `interactive`: a person waits for them, and orders go first.
 */
export function createHyperliquidGateway(config: Pick<AppConfig, 'hyperliquidApiUrl' | 'hyperliquidTestnetApiUrl'>): AppDeps['hyperliquid'] {
  const client = new HyperliquidClient({
    mainnetApiUrl: config.hyperliquidApiUrl,
    testnetApiUrl: config.hyperliquidTestnetApiUrl,
    readPriority: 'interactive',
  });
  return () => client;
}
