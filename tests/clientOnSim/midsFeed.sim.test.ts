import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '@hyperhook/venue-sim';
import { HyperliquidClient } from '@hyperhook/hyperliquid';
import { MidsFeed, webSocketUrlFor } from '../../packages/hyperliquid/src/client/midsFeed.js';

/** Polls `check` until it holds (socket events have no promise to await). */
async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('MidsFeed: mid prices from one allMids subscription (issue 14, point 1)', () => {
  let sim: Simulator;
  let feed: MidsFeed | undefined;
  beforeEach(async () => {
    sim = await startSimulator({ network: 'testnet', priceTickMs: null });
  });
  afterEach(async () => {
    await feed?.close();
    await sim.close();
  });

  it('maps the REST base URL to the venue WebSocket beside it', () => {
    expect(webSocketUrlFor('https://api.hyperliquid.xyz')).toBe('wss://api.hyperliquid.xyz/ws');
    expect(webSocketUrlFor('http://127.0.0.1:8787/')).toBe('ws://127.0.0.1:8787/ws');
  });

  it('given the socket, when a mark moves, then the feed has the new mid without any REST read', async () => {
    feed = new MidsFeed({ url: webSocketUrlFor(sim.url), isTestnet: true });
    feed.start();
    await eventually(() => feed?.current() !== undefined);
    sim.setMarkPrice('BTC', 91_234);
    await eventually(() => feed?.current()?.BTC === 91_234);
    expect(sim.stats().requestsByType['info allMids']).toBeUndefined();
  });

  it('given the socket drops, then the feed is not live until the resubscribed stream speaks, and then has prices set during the gap', async () => {
    feed = new MidsFeed({ url: webSocketUrlFor(sim.url), isTestnet: true });
    feed.start();
    await eventually(() => feed?.current() !== undefined);
    expect(sim.dropWebSockets()).toBe(1);
    await eventually(() => feed?.current() === undefined);
    sim.setMarkPrice('ETH', 3_456);
    await eventually(() => feed?.current()?.ETH === 3_456);
    expect(feed.stats()).toMatchObject({ live: true, drops: 1 });
  });

  it('given a client with the socket on, when it drops mid-burst, then mids are read over REST at most once a second meanwhile, never per caller', async () => {
    const client = new HyperliquidClient({ testnetApiUrl: sim.url, mainnetApiUrl: 'http://127.0.0.1:9', marketSocket: { restartDelayMs: 100 } });
    try {
      await client.getMids(true); // opens the socket; served over REST until it is live
      await eventually(() => client.marketFeed(true)?.live === true);
      const restBefore = sim.stats().requestsByType['info allMids'] ?? 0;
      expect(restBefore).toBeLessThanOrEqual(1);
      await Promise.all(Array.from({ length: 50 }, () => client.getMids(true)));
      expect(sim.stats().requestsByType['info allMids'] ?? 0).toBe(restBefore);

      sim.dropWebSockets();
      await eventually(() => client.marketFeed(true)?.live === false, 2_000).catch(() => undefined);
      const burst = await Promise.all(Array.from({ length: 50 }, () => client.getMids(true)));
      expect(burst.every((mids) => Number.isFinite(mids.BTC))).toBe(true);
      expect((sim.stats().requestsByType['info allMids'] ?? 0) - restBefore).toBeLessThanOrEqual(1);
      await eventually(() => client.marketFeed(true)?.live === true);
    } finally {
      await client.close();
    }
  });
});
