/**
 * Composition root: builds the state, seeds accounts, starts the HTTP server (with the WebSocket
 * API on its upgrades) and the mark-price walk, and exposes the in-process controls.
 */
import type { AddressInfo } from 'node:net';
import { DEFAULT_IP_WEIGHT_PER_MINUTE } from '@hyperhook/hyperliquid';
import {
  applyBookDepth,
  createSubAccount,
  creditAccount,
  DEFAULT_ASSETS,
  onMarkChange,
  runScheduledCancels,
  SimState,
  validateAssets,
} from '@hyperhook/venue-engine';
import { FaultQueue } from './faults.js';
import { FundingSettlement } from './fundingSettlement.js';
import { IpWeightBudget } from './ipWeightBudget.js';
import { NonceBook } from './nonceBook.js';
import { CreditBodySchema, FundingBodySchema, SimAccountSeedSchema, SimBookDepthSchema, SimSubAccountSeedSchema } from './seedSchemas.js';
import { createRequestCounters, type ApiDeps } from './serveApiRequest.js';
import { createSimServer } from './server.js';
import type { SimStats, SimTotals, Simulator, SimulatorOptions } from './types.js';
import { createWsApi, DEFAULT_WS_IDLE_TIMEOUT_MS, WS_PATH } from './wsApi.js';

/** Default mark-price walk interval when `priceTickMs` is not given. */
export const DEFAULT_PRICE_TICK_MS = 1000;

/** Starts a strict local Hyperliquid simulator (behaviour: shared/reference/hyperliquid.md §7). */
export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const assets = [...(opts.assets ?? DEFAULT_ASSETS)].map((a) => ({ ...a }));
  validateAssets(assets);
  const state = new SimState({
    assets,
    seed: opts.seed ?? 1,
    now: opts.now ?? Date.now,
    strictIntegerSigFigs: opts.strictIntegerSigFigs ?? false,
  });
  const faults = new FaultQueue();
  const weightLimit = opts.ipWeightPerMinute === undefined ? DEFAULT_IP_WEIGHT_PER_MINUTE : opts.ipWeightPerMinute;
  if (weightLimit !== null && !(Number.isInteger(weightLimit) && weightLimit > 0)) {
    throw new Error(`ipWeightPerMinute must be a positive integer or null; got ${weightLimit}`);
  }
  const budget = new IpWeightBudget(weightLimit, state.now);
  const requests = createRequestCounters();
  const funding = new FundingSettlement(state.now());
  const api: ApiDeps = { state, network: opts.network ?? 'testnet', nonces: new NonceBook(), budget, requests, funding };
  // Every control acts after the funding hours passed are paid, on the positions and prices held at them.
  const settled =
    <A extends unknown[], R>(act: (...args: A) => R) =>
    (...args: A): R => {
      funding.settleDue(state);
      return act(...args);
    };
  const webSockets = createWsApi({ ...api, idleTimeoutMs: opts.wsIdleTimeoutMs ?? DEFAULT_WS_IDLE_TIMEOUT_MS });

  const controls = {
    seedAccount: settled((seed: Parameters<Simulator['seedAccount']>[0]) => {
      state.seedAccount(SimAccountSeedSchema.parse(seed));
    }),
    createSubAccount: settled((seed: Parameters<Simulator['createSubAccount']>[0]) => {
      createSubAccount(state, SimSubAccountSeedSchema.parse(seed));
    }),
    creditAccount: settled((address: string, usdc: number) => {
      const credit = CreditBodySchema.parse({ address, usdc });
      creditAccount(state, credit.address, credit.usdc);
    }),
    setBookDepth: settled((depth: Parameters<Simulator['setBookDepth']>[0]) => applyBookDepth(state, SimBookDepthSchema.parse(depth))),
    setMarkPrice: settled((coin: string, px: number) => {
      state.marks.set(coin, px);
      onMarkChange(state, coin);
      webSockets.marksMoved();
    }),
    setFundingRate: settled((coin: string, rate: number) => {
      const set = FundingBodySchema.parse({ coin, rate });
      if (state.assetId(set.coin) < 0) throw new Error(`unknown coin ${set.coin}`);
      state.fundingRates.set(set.coin, set.rate);
    }),
    injectFault: (f: Parameters<Simulator['injectFault']>[0]) => faults.add(f),
    clearFaults: () => faults.clear(),
    totals: (): SimTotals => ({
      exchangeRequests: requests.exchangeRequests,
      ordersAccepted: state.counters.ordersAccepted,
      requestsByType: Object.fromEntries(requests.requestsByType),
      rateLimited: requests.rateLimited,
      ipWeight: budget.usage(),
      webSocket: webSockets.stats(),
    }),
    stats: (): SimStats => ({
      ...controls.totals(),
      ordersByCloid: Object.fromEntries(state.counters.ordersByCloid),
      firstOrderArrivalByCloid: Object.fromEntries(requests.firstOrderArrivalByCloid),
    }),
    dropWebSockets: () => webSockets.drop(),
    setIpWeightPerMinute: (limit: number | null) => {
      if (limit !== null && !(Number.isInteger(limit) && limit > 0)) throw new Error(`ipWeightPerMinute must be a positive integer or null; got ${limit}`);
      budget.setLimit(limit);
    },
  };
  for (const seed of opts.accounts ?? []) controls.seedAccount(seed);
  for (const seed of opts.subAccounts ?? []) controls.createSubAccount(seed);
  for (const depth of opts.books ?? []) controls.setBookDepth(depth);

  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { server, close } = createSimServer({ ...api, faults, controls, sleep });
  server.on('upgrade', webSockets.upgrade);
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
          funding.settleDue(state);
          for (const coin of state.marks.step()) onMarkChange(state, coin);
          // After the whole step, so subscribers get one allMids frame per tick, not one per coin.
          webSockets.marksMoved();
          runScheduledCancels(state);
        }, tickMs);
  // The walk must never keep a test process or a CLI alive on its own.
  timer?.unref();

  const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: `http://${authority}`,
    wsUrl: `ws://${authority}${WS_PATH}`,
    close: async () => {
      if (timer) clearInterval(timer);
      await webSockets.close();
      await close();
    },
    ...controls,
  };
}
