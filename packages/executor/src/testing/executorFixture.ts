import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_SETTINGS,
  signalDecider,
  signalStreamId,
  userStreamId,
  type DomainEvent,
  type ParsedAlert,
  type Settings,
  type SignalEvent,
} from '@hyperhook/domain';
import { HyperliquidClient } from '@hyperhook/hyperliquid';
import { startSimulator, type Simulator } from '@hyperhook/venue-sim';
import { createSealer, type Sealer } from '@hyperhook/secrets';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { privateKeyToAccount } from 'viem/accounts';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/eventsourcing';
import type { ExecutorLogEntry } from '../executorLog.js';
import { ReservingNonceManager } from '../reservingNonceManager.js';
import { startExecutor, type Executor, type ExecutorOptions } from '../startExecutor.js';

/** Signed order lifetime used by the tests, short so "never landed" becomes final quickly. */
export const TEST_ORDER_EXPIRY_MS = 1_500;

/** A user seeded in the simulator with an approved API wallet. */
export interface TestUser {
  readonly uid: string;
  readonly accountAddress: string;
  readonly apiWalletAddress: string;
  readonly agentKey: string;
}

/** A simulator, a real SQLite store, a sealer and a client: everything an executor runs on. */
export interface ExecutorFixture {
  readonly sim: Simulator;
  readonly store: SqliteStore;
  readonly sealer: Sealer;
  readonly client: HyperliquidClient;
  readonly nonces: ReservingNonceManager;
  readonly logs: ExecutorLogEntry[];
  /** Signs up a user; with keys (default) their credentials are saved and the account funded. */
  addUser(
    uid: string,
    options?: {
      usdc?: number;
      settings?: Partial<{ [K in keyof Settings]: Partial<Settings[K]> }>;
      keys?: boolean;
      approveAgent?: boolean;
      accountMode?: 'standard' | 'unified';
      /** When the API wallet's approval ends (ms), at the simulator and in the saved keys, as a named wallet's is. */
      validUntil?: number;
    },
  ): Promise<TestUser>;
  /** Records a webhook as the api would (SignalReceived); returns the signal id. */
  receive(
    uid: string,
    alert: Partial<ParsedAlert> & Pick<ParsedAlert, 'coin' | 'action'>,
    receivedAt?: string,
    to?: { strategyId: string; venue?: 'paper' },
  ): Promise<string>;
  /** Starts an executor on the fixture with test defaults. */
  start(options?: Partial<ExecutorOptions>): Promise<Executor>;
  /** The decoded events of a stream. */
  events(streamId: string): Promise<DomainEvent[]>;
  /** The signal's events once it reached executed or failed (polls up to `timeoutMs`). */
  terminal(signalId: string, timeoutMs?: number): Promise<SignalEvent[]>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * Builds the fixture: a strict simulator with frozen prices and a temp SQLite file. The client's
 * mainnet goes nowhere, unless `mainnet: 'simulator'` (paper strategies read mainnet's market).
 * `clock` is the executor's and the client's; with `venueOnClock` the simulator runs on it too, so
 * a test that skips time ahead sees the venue's fills stamped on the same time line the executor
 * reads them by (without it the venue keeps the wall clock: the skew clockJump.test.ts wants).
 */
export async function createExecutorFixture(options: { mainnet?: 'simulator'; clock?: () => number; venueOnClock?: boolean } = {}): Promise<ExecutorFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-executor-'));
  const sim = await startSimulator({
    network: 'testnet',
    priceTickMs: null,
    ...(options.venueOnClock === true && options.clock !== undefined ? { now: options.clock } : {}),
  });
  const store = await openSqliteStore({ file: join(dir, 'store.db'), synchronous: 'NORMAL', pollIntervalMs: 5 });
  const sealer = createSealer({ masterKey: randomBytes(32), keyStore: store.keyStore, purpose: 'credentials' });
  const nonces = new ReservingNonceManager();
  const client = new HyperliquidClient({
    testnetApiUrl: sim.url,
    mainnetApiUrl: options.mainnet === 'simulator' ? sim.url : 'http://127.0.0.1:9',
    timeoutMs: 700,
    nonces,
    orderExpiryMs: TEST_ORDER_EXPIRY_MS,
    backoff: { maxRetries: 2, baseDelayMs: 20, maxDelayMs: 100 },
    // A mark the test moves is read within 50 ms, not the second production's cache keeps it.
    midsMaxAgeMs: 50,
    ...(options.clock !== undefined ? { now: options.clock } : {}),
  });
  const { clock } = options;
  const logs: ExecutorLogEntry[] = [];
  const executors: Executor[] = [];
  const now = () => new Date().toISOString();

  const events = async (streamId: string) => decodeStreamEvents(await store.eventStore.readStream(streamId));

  return {
    sim,
    store,
    sealer,
    client,
    nonces,
    logs,
    async addUser(uid, options = {}) {
      const agentKey = `0x${randomBytes(32).toString('hex')}`;
      const masterKey = `0x${randomBytes(32).toString('hex')}` as const;
      const accountAddress = privateKeyToAccount(masterKey).address;
      const apiWalletAddress = privateKeyToAccount(agentKey as `0x${string}`).address;
      const userEvents: DomainEvent[] = [
        { type: 'UserSignedUp', v: 1, data: { uid, email: `${uid.toLowerCase()}@example.com`, passwordHash: null, at: now() } },
      ];
      if (options.keys !== false) {
        sim.seedAccount({
          address: accountAddress,
          usdc: options.usdc ?? 10_000,
          agents:
            options.approveAgent === false
              ? []
              : [{ address: apiWalletAddress, name: 'hyperhook', ...(options.validUntil === undefined ? {} : { validUntil: options.validUntil }) }],
        });
        const sealedPrivateKey = await sealer.seal(uid, agentKey);
        const accountMode = options.accountMode === undefined ? {} : { accountMode: options.accountMode };
        const validUntil = options.validUntil === undefined ? {} : { validUntil: new Date(options.validUntil).toISOString() };
        userEvents.push({
          type: 'CredentialsSaved',
          v: 1,
          data: { apiWalletAddress, accountAddress, isTestnet: true, sealedPrivateKey, at: now(), ...accountMode, ...validUntil },
        });
      }
      if (options.settings !== undefined) {
        const s = options.settings;
        const settings: Settings = {
          positionSizing: { ...DEFAULT_SETTINGS.positionSizing, ...s.positionSizing },
          riskLimits: { ...DEFAULT_SETTINGS.riskLimits, ...s.riskLimits },
          trading: { ...DEFAULT_SETTINGS.trading, ...s.trading },
        };
        userEvents.push({ type: 'SettingsUpdated', v: 1, data: { settings, at: now() } });
      }
      await store.eventStore.append(
        userStreamId(uid),
        userEvents.map((e) => toNewEvent(e)),
      );
      return { uid, accountAddress, apiWalletAddress, agentKey };
    },
    async receive(uid, alert, receivedAt = now(), to) {
      counter += 1;
      const signalId = `sig-${Date.now().toString(36)}-${counter}`;
      const full: ParsedAlert = { symbol: alert.coin, orderType: 'market', ...alert };
      const received = signalDecider.decide(
        { type: 'ReceiveSignal', signalId, userId: uid, receivedAt, rawBody: JSON.stringify(full), alert: full, rejection: null, ...to },
        signalDecider.initialState(),
      );
      // With its owner in the metadata, as intake writes it: the executor routes by it.
      await store.eventStore.append(
        signalStreamId(signalId),
        received.map((e) => toNewEvent(e, { userId: uid })),
        { expectedVersion: 'no_stream' },
      );
      return signalId;
    },
    async start(options = {}) {
      const executor = await startExecutor({
        store,
        client,
        sealer,
        nonces,
        orderExpiryMs: TEST_ORDER_EXPIRY_MS,
        retryDeadlineMs: 8_000,
        backoff: { maxRetries: 0, baseDelayMs: 20, maxDelayMs: 200 },
        log: (entry) => logs.push(entry),
        fillBatchDelayMs: 10,
        fillMinReadIntervalMs: 0,
        fillReadSpreadMs: 0,
        // Paper funding and liquidation checks run when a test calls them (startPaperKeeper), never by the wall clock.
        paperTimer: () => undefined,
        protectionTimer: () => undefined,
        restingExpiryTimer: () => undefined,
        approvalExpiryTimer: () => undefined,
        fundingTimer: () => undefined,
        ...(clock !== undefined ? { clock } : {}),
        ...options,
      });
      executors.push(executor);
      return executor;
    },
    events,
    async terminal(signalId, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const list = (await events(signalStreamId(signalId))) as SignalEvent[];
        if (
          list.some(
            (e) =>
              e.type === 'SignalExecuted' ||
              e.type === 'SignalFailed' ||
              e.type === 'SignalRejected' ||
              e.type === 'TargetAlreadyHeld' ||
              e.type === 'RestingOrdersCancelled' ||
              e.type === 'ProtectionReplaced',
          )
        )
          return list;
        if (Date.now() > until) throw new Error(`signal ${signalId} did not finish: ${list.map((e) => e.type).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      await Promise.allSettled(executors.map((e) => e.stop()));
      await store.close();
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
