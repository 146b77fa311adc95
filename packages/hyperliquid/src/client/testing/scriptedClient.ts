import { HyperliquidClient } from '../hyperliquidClient.js';
import { type RecordedRequest, ScriptedTransport } from './scriptedTransport.js';

/** `metaAndAssetCtxs` of a venue with one market, ETH at 3,000: what the scripted client's tests answer every read they do not look at. */
export const ONE_ETH_MARKET = [
  { universe: [{ name: 'ETH', szDecimals: 4, maxLeverage: 25, marginTableId: 1 }], marginTables: [], collateralToken: 0 },
  [{ funding: '0.0001', oraclePx: '3000', markPx: '3000', openInterest: '0', premium: '0', dayNtlVlm: '0', prevDayPx: '3000', dayBaseVlm: '0' }],
];

/**
 * A client on a scripted venue: `answer` answers every request of either network; `sent(type)`
 * lists the `/info` requests of that type it was sent, in order.
 */
export function scriptedClient(answer: (request: RecordedRequest) => unknown, config: ConstructorParameters<typeof HyperliquidClient>[0] = {}) {
  const transports: ScriptedTransport[] = [];
  const client = new HyperliquidClient({
    ...config,
    transportFactory: ({ isTestnet }) => {
      const transport = new ScriptedTransport(isTestnet, answer);
      transports.push(transport);
      return transport;
    },
  });
  const sent = (type: string) => transports.flatMap((t) => t.requests).filter((r) => r.payload.type === type);
  return { client, sent };
}
