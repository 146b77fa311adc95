import { HyperliquidClient } from '../hyperliquidClient.js';
import { type RecordedRequest, ScriptedTransport } from './scriptedTransport.js';

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
