/**
 * Composition root: builds the state, seeds accounts, starts the HTTP server and the mark-price
 * walk, and exposes the in-process controls.
 */
import type { AddressInfo } from 'node:net';
import { DEFAULT_ASSETS, validateAssets } from './assets.js';
import { FaultQueue } from './faults.js';
import { onMarkChange } from './markEvents.js';
import { SimAccountSeedSchema } from './seedSchemas.js';
import { createSimServer } from './server.js';
import { SimState } from './simState.js';
import { runScheduledCancels } from './tradingActions.js';
import type { SimStats, Simulator, SimulatorOptions } from './types.js';

/** Default mark-price walk interval when `priceTickMs` is not given. */
export const DEFAULT_PRICE_TICK_MS = 1000;

/** Starts a strict local Hyperliquid simulator (behaviour: shared/reference/hyperliquid.md §7). */
export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const assets = [...(opts.assets ?? DEFAULT_ASSETS)].map((a) => ({ ...a }));
  validateAssets(assets);
  const state = new SimState({
    network: opts.network ?? 'testnet',
    assets,
    seed: opts.seed ?? 1,
    now: opts.now ?? Date.now,
    strictIntegerSigFigs: opts.strictIntegerSigFigs ?? false,
  });
  const faults = new FaultQueue();

  const controls = {
    seedAccount: (seed: Parameters<Simulator['seedAccount']>[0]) => {
      state.seedAccount(SimAccountSeedSchema.parse(seed));
    },
    setMarkPrice: (coin: string, px: number) => {
      state.marks.set(coin, px);
      onMarkChange(state, coin);
    },
    injectFault: (f: Parameters<Simulator['injectFault']>[0]) => faults.add(f),
    clearFaults: () => faults.clear(),
    stats: (): SimStats => ({
      exchangeRequests: state.counters.exchangeRequests,
      ordersAccepted: state.counters.ordersAccepted,
      ordersByCloid: Object.fromEntries(state.counters.ordersByCloid),
      requestsByType: Object.fromEntries(state.counters.requestsByType),
    }),
  };
  for (const seed of opts.accounts ?? []) controls.seedAccount(seed);

  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { server, close } = createSimServer({ state, faults, controls, sleep });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  const tickMs = opts.priceTickMs === undefined ? DEFAULT_PRICE_TICK_MS : opts.priceTickMs;
  const timer =
    tickMs === null
      ? null
      : setInterval(() => {
          for (const coin of state.marks.step()) onMarkChange(state, coin);
          runScheduledCancels(state);
        }, tickMs);
  // The walk must never keep a test process or a CLI alive on its own.
  timer?.unref();

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: async () => {
      if (timer) clearInterval(timer);
      await close();
    },
    ...controls,
  };
}
