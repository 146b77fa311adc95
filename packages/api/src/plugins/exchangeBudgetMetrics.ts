import { Counter, Gauge, type Registry } from 'prom-client';
import { REQUEST_PRIORITIES, type PriorityWaits } from '@hyperhook/hyperliquid';
import type { HyperliquidGateway } from '../appDeps.js';

const NETWORKS = [
  { network: 'mainnet', isTestnet: false },
  { network: 'testnet', isTestnet: true },
] as const;

/**
 * The venue's per-IP rate budget on /metrics, read from the process's weight meters at scrape time
 * (they are shared with the executor thread, so these are the whole process's figures):
 * weight used in the last minute against the budget, requests and weight sent, 429 answers,
 * requests that waited for room (and, by priority, how many and how long), and whether mid prices
 * arrive over the WebSocket.
 */
export function registerExchangeBudgetMetrics(registry: Registry, gateway: (isTestnet: boolean) => HyperliquidGateway): void {
  const each = (read: (client: HyperliquidGateway, isTestnet: boolean) => number | undefined) =>
    NETWORKS.flatMap(({ network, isTestnet }) => {
      const value = read(gateway(isTestnet), isTestnet);
      return value === undefined ? [] : [{ network, value }];
    });
  const gauge = (name: string, help: string, read: Parameters<typeof each>[0]) =>
    new Gauge({
      name,
      help,
      labelNames: ['network'],
      registers: [registry],
      collect() {
        for (const { network, value } of each(read)) this.set({ network }, value);
      },
    });
  // The meters count since the process started; set on scrape, so these stay monotonic counters.
  const counter = (name: string, help: string, read: Parameters<typeof each>[0]) =>
    new Counter({
      name,
      help,
      labelNames: ['network'],
      registers: [registry],
      collect() {
        this.reset();
        for (const { network, value } of each(read)) this.inc({ network }, value);
      },
    });
  gauge('hyperhook_exchange_weight_used', 'Request weight sent to the exchange in the last minute (its per-IP budget counts it)', (c, t) => c.budget(t).used);
  gauge('hyperhook_exchange_weight_budget', 'The exchange per-IP weight budget per minute', (c, t) => c.budget(t).budget);
  counter('hyperhook_exchange_requests_total', 'Requests sent to the exchange', (c, t) => c.budget(t).requests);
  counter('hyperhook_exchange_weight_total', 'Request weight sent to the exchange', (c, t) => c.budget(t).weight);
  counter('hyperhook_exchange_rate_limited_total', 'HTTP 429 answers from the exchange', (c, t) => c.budget(t).rateLimited);
  counter('hyperhook_exchange_budget_waits_total', 'Requests that waited for room in the weight budget', (c, t) => c.budget(t).waited);
  // By request priority: whether orders and their reads ever wait, or only key checks and bookkeeping.
  const byPriority = (name: string, help: string, read: (waits: PriorityWaits) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['network', 'priority'],
      registers: [registry],
      collect() {
        this.reset();
        for (const { network, isTestnet } of NETWORKS) {
          const waits = gateway(isTestnet).budget(isTestnet).byPriority;
          for (const priority of REQUEST_PRIORITIES) this.inc({ network, priority }, read(waits[priority]));
        }
      },
    });
  byPriority(
    'hyperhook_exchange_budget_priority_waits_total',
    'Requests that waited for room in the weight budget, by priority (order, orderRead, interactive, deferrable)',
    (w) => w.waits,
  );
  byPriority('hyperhook_exchange_budget_wait_seconds_total', 'Time requests waited for room in the weight budget, by priority', (w) => w.waitedMs / 1000);
  gauge('hyperhook_market_socket_live', '1 while mid prices arrive over the exchange WebSocket', (c, t) => {
    const feed = c.marketFeed(t);
    return feed === undefined ? undefined : Number(feed.live);
  });
}
