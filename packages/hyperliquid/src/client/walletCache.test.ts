import { describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { InvalidPrivateKeyError } from './signerAccount.js';
import { createWalletCache } from './walletCache.js';

const KEY_A = `0x${'11'.repeat(32)}` as const;
const KEY_B = `0x${'22'.repeat(32)}` as const;

describe('walletCache: each API wallet key is derived once', () => {
  it('given a key asked for twice, when the cache answers, then the same account comes back with the address the key derives', () => {
    const wallets = createWalletCache();
    const first = wallets.of(KEY_A);
    expect(first.address).toBe(privateKeyToAccount(KEY_A).address);
    expect(wallets.of(KEY_A)).toBe(first);
    expect(wallets.of(KEY_A.slice(2).toUpperCase())).toBe(first); // the same key written another way
  });

  it('given two keys, when each is asked for, then each gets its own account', () => {
    const wallets = createWalletCache();
    expect(wallets.of(KEY_B).address).toBe(privateKeyToAccount(KEY_B).address);
    expect(wallets.of(KEY_A).address).not.toBe(wallets.of(KEY_B).address);
  });

  it('given a key unused for longer than the ttl, when asked again, then it is derived anew', () => {
    let now = 0;
    const wallets = createWalletCache({ ttlMs: 1_000, now: () => now });
    const first = wallets.of(KEY_A);
    now = 999;
    expect(wallets.of(KEY_A)).toBe(first); // a use keeps it
    now = 2_000;
    expect(wallets.of(KEY_A)).not.toBe(first);
  });

  it('given more keys than the cache holds, when the oldest is asked again, then it is derived anew', () => {
    const wallets = createWalletCache({ max: 1 });
    const first = wallets.of(KEY_A);
    wallets.of(KEY_B);
    expect(wallets.of(KEY_A)).not.toBe(first);
  });

  it('given a string that is not a key, when asked, then it throws the error that never quotes the key, every time', () => {
    const wallets = createWalletCache();
    expect(() => wallets.of('0x1234')).toThrow(InvalidPrivateKeyError);
    expect(() => wallets.of('0x1234')).toThrow(InvalidPrivateKeyError);
  });
});
