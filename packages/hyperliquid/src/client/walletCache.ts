import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { LocalAccount } from 'viem/accounts';
import { accountFromPrivateKey } from './signerAccount.js';

/** Options of {@link createWalletCache}. */
export interface WalletCacheOptions {
  /** Most API wallets kept, default 1,024 (least recently used go first). */
  readonly max?: number;
  /** How long an unused wallet is kept, default 10 minutes. */
  readonly ttlMs?: number;
  /** Milliseconds, monotonic; default performance.now. */
  readonly now?: () => number;
}

/** The signing account of each API wallet key, derived once. */
export interface WalletCache {
  /** The account of `privateKey`; throws InvalidPrivateKeyError (never caching it) when it is not a key. */
  of(privateKey: string): LocalAccount;
}

/**
 * Deriving an account from its key is a secp256k1 point multiplication and a keccak (about 1 ms),
 * which every order and leverage change paid again; a trader's key changes rarely. Entries are
 * found by the key's SHA-256, so no key is held as a map key, and an unused one expires, so the
 * signing closures of a deleted key do not stay in memory for long.
 */
export function createWalletCache(options: WalletCacheOptions = {}): WalletCache {
  const cache = new LRUCache<string, LocalAccount>({
    max: options.max ?? 1024,
    ttl: options.ttlMs ?? 10 * 60_000,
    updateAgeOnGet: true,
    ...(options.now ? { perf: { now: options.now } } : {}),
  });
  return {
    of(privateKey) {
      const id = createHash('sha256').update(privateKey.trim().toLowerCase().replace(/^0x/, '')).digest('base64');
      let account = cache.get(id);
      if (account === undefined) cache.set(id, (account = accountFromPrivateKey(privateKey)));
      return account;
    },
  };
}
