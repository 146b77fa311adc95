import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HyperliquidClient } from '@hyperhook/hyperliquid';
import { startSimulator, type Simulator } from '@hyperhook/venue-sim';
import { startProjector, type Projector } from '@hyperhook/projector';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../app.js';
import { testAppDeps } from './testAppDeps.js';
import type { AppConfig, AppDeps, ProjectionWaiter } from '../appDeps.js';

/** Throwaway keys: two main accounts, each with an approved API wallet, and a stranger never approved. */
export const KEYS = {
  masterA: `0x${'a1'.repeat(32)}`,
  agentA: `0x${'b2'.repeat(32)}`,
  masterB: `0x${'c3'.repeat(32)}`,
  agentB: `0x${'d4'.repeat(32)}`,
  stranger: `0x${'e5'.repeat(32)}`,
} as const;

/** Addresses of {@link KEYS}. */
export const ADDRESSES = Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [name, privateKeyToAccount(key).address])) as Record<
  keyof typeof KEYS,
  `0x${string}`
>;

/** The keys form for a main account and its agent, on the simulator's testnet. */
export function keysBody(which: 'A' | 'B' = 'A') {
  return {
    hyperliquidApiKey: ADDRESSES[`agent${which}`],
    hyperliquidPrivateKey: KEYS[`agent${which}`],
    accountAddress: ADDRESSES[`master${which}`],
    isTestnet: true,
  };
}

/** A main account of the simulator with its approved API wallet: the keys form for it, and its signer for placing orders directly. */
export interface SeededAccount {
  readonly keys: { readonly hyperliquidApiKey: string; readonly hyperliquidPrivateKey: string; readonly accountAddress: string; readonly isTestnet: true };
  readonly signer: { readonly accountAddress: string; readonly agentPrivateKey: string; readonly isTestnet: true };
}

/**
 * Seeds a new main account holding `usdc` on the simulator, with an approved API wallet, for tests
 * that change an account (its balance, its positions) without touching the shared A and B.
 */
export function seedFreshAccount(sim: Simulator, usdc: number): SeededAccount {
  const agentKey = generatePrivateKey();
  const master = privateKeyToAccount(generatePrivateKey()).address;
  const agent = privateKeyToAccount(agentKey).address;
  sim.seedAccount({ address: master, usdc, agents: [{ address: agent }] });
  return {
    keys: { hyperliquidApiKey: agent, hyperliquidPrivateKey: agentKey, accountAddress: master, isTestnet: true },
    signer: { accountAddress: master, agentPrivateKey: agentKey, isTestnet: true },
  };
}

/** A started simulator with both accounts funded and their agents approved. */
export async function startTestSimulator(): Promise<Simulator> {
  return startSimulator({
    network: 'testnet',
    priceTickMs: null,
    accounts: [
      { address: ADDRESSES.masterA, usdc: 10_000, spotUsdc: 25, agents: [{ address: ADDRESSES.agentA, name: 'hyperhook', validUntil: 4_102_444_800_000 }] },
      { address: ADDRESSES.masterB, usdc: 2_000, agents: [{ address: ADDRESSES.agentB }] },
    ],
  });
}

/** A gateway on a fresh in-memory store, wired like production, plus handles tests need. */
export interface TestApp {
  readonly app: FastifyInstance;
  readonly deps: AppDeps;
  readonly store: SqliteStore;
  readonly client: HyperliquidClient;
  /** Every log line written so far. */
  readonly logs: string[];
  /** Moves the gateway's clock forward (token expiry). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/** Options of {@link createTestApp}. */
export interface TestAppOptions {
  readonly sim: Simulator;
  readonly config?: Partial<AppConfig>;
  /** Replaces the real projector (readiness failure tests). */
  readonly projection?: (store: SqliteStore) => ProjectionWaiter;
  /** Replaces the simulator-backed exchange client (failure tests). */
  readonly hyperliquid?: AppDeps['hyperliquid'];
  /** A store to build on instead of a fresh ':memory:' one. */
  readonly store?: SqliteStore;
  /** 'simulator': mainnet is the simulator too (paper strategies trade at mainnet's prices); default unreachable. */
  readonly mainnet?: 'unreachable' | 'simulator';
  /**
   * The gateway's clock stands still at its start (moved only by advanceClock), for tests that
   * count what a time budget lets through: a slow machine must not refill it while they run.
   */
  readonly frozenClock?: boolean;
}

/** Builds the gateway on ':memory:' SQLite, real sealers, the simulator and the real projector. */
export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const store = options.store ?? (await openSqliteStore({ file: ':memory:' }));
  let offsetMs = 0;
  const startedAt = Date.now();
  // Generated keys (VAPID) go to a throwaway directory, never the repository's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'hyperhook-api-test-'));
  // The real projector package, as production wires it: read-your-writes goes through its waitFor.
  const projector: Projector | null = options.projection ? null : startProjector({ store, onSkip: () => undefined });
  const { deps, client, logs } = testAppDeps({
    store,
    sim: options.sim,
    masterKey: randomBytes(32),
    dataDir,
    projection: options.projection ? options.projection(store) : (projector as Projector),
    clock: options.frozenClock === true ? () => new Date(startedAt + offsetMs) : () => new Date(Date.now() + offsetMs),
    ...(options.config ? { config: options.config } : {}),
    ...(options.hyperliquid ? { hyperliquid: options.hyperliquid } : {}),
    ...(options.mainnet ? { mainnet: options.mainnet } : {}),
  });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    store,
    client,
    logs,
    advanceClock: (ms) => {
      offsetMs += ms;
    },
    close: async () => {
      await app.close();
      await projector?.stop();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** A signed-up user with its tokens. */
export interface TestUser {
  readonly uid: string;
  readonly email: string;
  readonly password: string;
  readonly token: string;
  readonly refreshToken: string;
}

/** Signs a new user up through POST /api/auth/signup. */
export async function signUp(app: FastifyInstance, email = `user${++counter}-${Date.now()}@example.com`, password = 'correct horse'): Promise<TestUser> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password } });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { data } = res.json<{ data: { token: string; refreshToken: string; user: { uid: string; email: string } } }>();
  return { uid: data.user.uid, email: data.user.email, password, token: data.token, refreshToken: data.refreshToken };
}

/** Injects a request with `Authorization: Bearer <token>`. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  token: string | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/**
 * Starts one simulator and one test app for the calling test file (beforeAll) and closes both
 * (afterAll). Read `stack.sim` and `stack.t` inside tests: they are set once beforeAll has run.
 */
export function useTestApp(options: Omit<TestAppOptions, 'sim'> = {}): { readonly sim: Simulator; readonly t: TestApp } {
  let sim: Simulator | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    sim = await startTestSimulator();
    t = await createTestApp({ ...options, sim });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useTestApp: read stack.sim / stack.t inside tests, after beforeAll');
    return value;
  };
  return {
    get sim() {
      return started(sim);
    },
    get t() {
      return started(t);
    },
  };
}
