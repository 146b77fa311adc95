import { describe, expect, it } from 'vitest';
import { NONCE_MAX_AGE_MS, NONCE_MAX_LEAD_MS, NonceBook, checkNonceWindow } from './nonceBook.js';

const NOW = 1_790_000_000_000;

describe('nonce window', () => {
  it('given nonces inside (now − 2d, now + 1d), then they pass', () => {
    expect(checkNonceWindow(NOW, NOW)).toBeNull();
    expect(checkNonceWindow(NOW - NONCE_MAX_AGE_MS + 1, NOW)).toBeNull();
    expect(checkNonceWindow(NOW + NONCE_MAX_LEAD_MS - 1, NOW)).toBeNull();
  });
  it('given nonces at or beyond the bounds, then the venue strings come back', () => {
    const low = NOW - NONCE_MAX_AGE_MS;
    expect(checkNonceWindow(low, NOW)).toBe(`Invalid nonce: nonce too low ${low} < ${low}`);
    const high = NOW + NONCE_MAX_LEAD_MS;
    expect(checkNonceWindow(high + 5, NOW)).toBe(`Invalid nonce: nonce too high ${high + 5} > ${high}`);
  });
});

describe('NonceBook', () => {
  it('given a committed nonce, when reused by the same signer, then duplicate; another signer may use it', () => {
    const book = new NonceBook();
    book.commit('0xa', 5);
    expect(book.check('0xa', 5)).toBe('Invalid nonce: duplicate nonce 5');
    expect(book.check('0xb', 5)).toBeNull();
  });

  it('given 100 stored nonces, when a smaller one arrives, then too low; checking alone consumes nothing', () => {
    const book = new NonceBook();
    for (let n = 1000; n < 1100; n += 1) book.commit('0xa', n);
    expect(book.check('0xa', 999)).toBe('Invalid nonce: nonce too low 999 < 1000');
    expect(book.check('0xa', 1100)).toBeNull();
    expect(book.check('0xa', 1100)).toBeNull();
    book.commit('0xa', 1100);
    // The smallest (1000) is forgotten once a 101st is stored.
    expect(book.check('0xa', 1000)).toBe('Invalid nonce: nonce too low 1000 < 1001');
  });

  it('given fewer than 100 nonces, when an older unused one arrives, then it is accepted (out of order is fine)', () => {
    const book = new NonceBook();
    book.commit('0xa', 2000);
    expect(book.check('0xa', 1500)).toBeNull();
  });
});
