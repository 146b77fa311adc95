/**
 * End to end with the SDK's WebSocket side (@nktkas/hyperliquid 0.32.2): WebSocketTransport +
 * SubscriptionClient against /ws, including its own reconnect-and-resubscribe after a drop.
 * Node 20 has no global WebSocket, so the `ws` package's is passed in through `reconnect`.
 */
import { InfoClient, SubscriptionClient, WebSocketTransport } from '@nktkas/hyperliquid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startSimulator } from './startSimulator.js';
import type { Simulator } from './types.js';

type Mids = Record<string, string>;

let sim: Simulator;
let transport: WebSocketTransport;
beforeEach(async () => {
  sim = await startSimulator({ priceTickMs: null });
  transport = new WebSocketTransport({
    url: sim.wsUrl,
    isTestnet: true,
    timeout: 2_000,
    reconnect: { WebSocket: WebSocket as never, reconnectionDelay: 20 },
  });
});
afterEach(async () => {
  await transport.close();
  await sim.close();
});

/** Collects every allMids update the SDK hands to the listener. */
function midsRecorder(): { updates: Mids[]; listener: (event: { mids: Mids }) => void } {
  const updates: Mids[] = [];
  return { updates, listener: (event) => updates.push(event.mids) };
}

describe('@nktkas/hyperliquid SubscriptionClient against the simulator', () => {
  it('given an allMids subscription, then the mids arrive, then a new frame after setMarkPrice', async () => {
    const mids = midsRecorder();
    const subscription = await new SubscriptionClient({ transport }).allMids(mids.listener);
    await expect.poll(() => mids.updates.length).toBe(1);
    expect(mids.updates[0]).toMatchObject({ BTC: '97000.0', ETH: '3500.0' });

    sim.setMarkPrice('BTC', 97100);
    await expect.poll(() => mids.updates.at(-1)?.BTC).toBe('97100.0');
    expect(mids.updates).toHaveLength(2);
    await subscription.unsubscribe();
  });

  it('given the connection is dropped, then the SDK reconnects, resubscribes by itself and frames flow again', async () => {
    const mids = midsRecorder();
    const subscription = await new SubscriptionClient({ transport }).allMids(mids.listener);
    await expect.poll(() => mids.updates.length).toBe(1);

    expect(sim.dropWebSockets()).toBe(1);
    // The resubscription's snapshot is the proof the SDK came back on its own.
    await expect.poll(() => mids.updates.length, { timeout: 3_000 }).toBe(2);
    expect(sim.stats().webSocket).toMatchObject({ open: 1, opened: 2 });
    expect(subscription.failureSignal.aborted).toBe(false);

    sim.setMarkPrice('ETH', 3550);
    await expect.poll(() => mids.updates.at(-1)?.ETH).toBe('3550.0');
  });

  it('given an InfoClient on the WebSocket transport, then post requests are answered', async () => {
    await expect(new InfoClient({ transport }).allMids()).resolves.toMatchObject({ BTC: '97000.0' });
  });
});
