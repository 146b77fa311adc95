import { createMeterMemory, HyperliquidClient, type ReadPriority } from '@hyperhook/hyperliquid';
import { ReservingNonceManager } from '@hyperhook/executor';
import { createSealer, loadOrCreateMasterKey, type Sealer } from '@hyperhook/secrets';
import type { KeyStore } from '@hyperhook/store';
import type { Config } from './config.js';

/** The master key of the data directory (HYPERHOOK_MASTER_KEY, else generated into the directory, mode 0600). */
export function masterKeyOf(config: Pick<Config, 'HYPERHOOK_DATA_DIR' | 'HYPERHOOK_MASTER_KEY'>): Buffer {
  return loadOrCreateMasterKey({ dataDir: config.HYPERHOOK_DATA_DIR, envKey: config.HYPERHOOK_MASTER_KEY });
}

/** The sealers: `credentials` for API wallet keys, `webhook` for webhook URL secrets, `notifications` for channel secrets. */
export function sealersOf(masterKey: Buffer, keyStore: KeyStore): { credentials: Sealer; webhook: Sealer; notifications: Sealer } {
  return {
    credentials: createSealer({ masterKey, keyStore, purpose: 'credentials' }),
    webhook: createSealer({ masterKey, keyStore, purpose: 'webhook' }),
    notifications: createSealer({ masterKey, keyStore, purpose: 'notifications' }),
  };
}

/** Exchange tuning (system tests shorten timeouts with it). */
export interface ExchangeTuning {
  /** HYPERLIQUID_TIMEOUT_MS, default 10 000. */
  readonly timeoutMs: number;
  /** HYPERLIQUID_ORDER_EXPIRY_MS, default 60 000. */
  readonly orderExpiryMs: number;
}

/** The exchange tuning of the configuration. */
export function exchangeTuningOf(config: Pick<Config, 'HYPERLIQUID_TIMEOUT_MS' | 'HYPERLIQUID_ORDER_EXPIRY_MS'>): ExchangeTuning {
  return { timeoutMs: config.HYPERLIQUID_TIMEOUT_MS, orderExpiryMs: config.HYPERLIQUID_ORDER_EXPIRY_MS };
}

/**
 * The memory of a process's weight meters, one per network: made once by the main thread and
 * handed to the role threads, because the venue counts the weight of every request that leaves
 * the machine's IP, whichever thread sent it.
 */
export interface BudgetMemory {
  readonly mainnet: SharedArrayBuffer;
  readonly testnet: SharedArrayBuffer;
}

/** Fresh meter memory for a process. */
export function budgetMemoryOf(): BudgetMemory {
  return { mainnet: createMeterMemory(), testnet: createMeterMemory() };
}

/**
 * The exchange client of a process, with the nonce manager the executor reserves nonces on
 * (one per process: nonces must be strictly increasing per API wallet). Close it when done: its
 * mid-price sockets keep the thread alive. `readPriority`: `orderRead` for the executor, whose
 * reads orders wait for; `interactive` for the api, whose reads people in the app wait for.
 */
export function exchangeClientOf(
  config: Pick<Config, 'HYPERLIQUID_API_URL' | 'HYPERLIQUID_TESTNET_API_URL' | 'HYPERLIQUID_WEIGHT_PER_MINUTE' | 'HYPERLIQUID_MARKET_SOCKET'>,
  tuning: ExchangeTuning,
  budgetMemory: BudgetMemory = budgetMemoryOf(),
  readPriority: Exclude<ReadPriority, 'deferrable'> = 'orderRead',
): { client: HyperliquidClient; nonces: ReservingNonceManager } {
  const nonces = new ReservingNonceManager();
  const client = new HyperliquidClient({
    mainnetApiUrl: config.HYPERLIQUID_API_URL,
    testnetApiUrl: config.HYPERLIQUID_TESTNET_API_URL,
    timeoutMs: tuning.timeoutMs,
    orderExpiryMs: tuning.orderExpiryMs,
    nonces,
    weightBudget: { perMinute: config.HYPERLIQUID_WEIGHT_PER_MINUTE, memory: budgetMemory },
    marketSocket: config.HYPERLIQUID_MARKET_SOCKET === 'on',
    readPriority,
  });
  return { client, nonces };
}
