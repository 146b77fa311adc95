import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { DEFAULT_BACKOFF, HyperliquidClient } from '@hyperhook/hyperliquid';
import type { Simulator } from '@hyperhook/venue-sim';
import { createSealer } from '@hyperhook/secrets';
import type { SqliteStore } from '@hyperhook/store';
import type { LevelWithSilent } from 'pino';
import type { AppConfig, AppDeps, ProjectionWaiter } from '../appDeps.js';

/** What a test gateway is wired from. */
export interface TestAppDepsOptions {
  readonly store: SqliteStore;
  readonly sim: Simulator;
  readonly masterKey: Buffer;
  /** Where generated keys (VAPID) go: a throwaway directory, never the repository's ./data. */
  readonly dataDir: string;
  readonly projection: ProjectionWaiter;
  readonly config?: Partial<AppConfig>;
  readonly hyperliquid?: AppDeps['hyperliquid'];
  readonly clock?: () => Date;
  /** Default 'info'. */
  readonly logLevel?: LevelWithSilent;
  /** 'simulator': mainnet is the simulator too (paper strategies trade at mainnet's prices); default unreachable. */
  readonly mainnet?: 'unreachable' | 'simulator';
}

/**
 * The gateway's dependencies as production wires them (real sealers, exchange calls to the
 * simulator's testnet, mainnet unreachable unless asked for), with every log line kept for assertions.
 */
export function testAppDeps(options: TestAppDepsOptions): { readonly deps: AppDeps; readonly client: HyperliquidClient; readonly logs: string[] } {
  const { store, masterKey } = options;
  const mainnetApiUrl = options.mainnet === 'simulator' ? options.sim.url : 'http://127.0.0.1:9';
  // Retried as production retries (DEFAULT_BACKOFF's count), at a twenty-fifth of its waits: the
  // routes' answers to a failing venue do not depend on them, and backoff.test.ts proves the timing.
  const backoff = { ...DEFAULT_BACKOFF, baseDelayMs: DEFAULT_BACKOFF.baseDelayMs / 25, maxDelayMs: DEFAULT_BACKOFF.maxDelayMs / 25 };
  const client = new HyperliquidClient({ testnetApiUrl: options.sim.url, mainnetApiUrl, timeoutMs: 2_000, readPriority: 'interactive', backoff });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const deps: AppDeps = {
    store,
    config: {
      publicUrl: 'https://hyperhook.test',
      hyperliquidApiUrl: mainnetApiUrl,
      hyperliquidTestnetApiUrl: options.sim.url,
      jwtSecret: randomBytes(32),
      oidcProviders: [],
      referralCode: 'HYPERHOOK',
      supportEmail: 'support@hyperhook.test',
      pwaDir: '/nonexistent-pwa-dir',
      dataDir: options.dataDir,
      rateLimit: { max: 100_000, authMax: 100_000 },
      keyCheckSettleMs: 0,
      ...options.config,
    },
    clock: options.clock ?? (() => new Date()),
    sealers: {
      credentials: createSealer({ masterKey, keyStore: store.keyStore, purpose: 'credentials' }),
      webhook: createSealer({ masterKey, keyStore: store.keyStore, purpose: 'webhook' }),
      notifications: createSealer({ masterKey, keyStore: store.keyStore, purpose: 'notifications' }),
    },
    hyperliquid: options.hyperliquid ?? (() => client),
    projection: options.projection,
    logger: { level: options.logLevel ?? 'info', stream },
  };
  return { deps, client, logs };
}
