import { describe, expect, it } from 'vitest';
import { ReservingNonceManager } from './reservingNonceManager.js';

describe('ReservingNonceManager: the recorded nonce is the signed nonce', () => {
  it('given a reservation, when the signer signs next, then it uses exactly the reserved nonce, and later nonces stay above it', () => {
    const nonces = new ReservingNonceManager(() => 1_000);
    const reserved = nonces.reserve('0xABC');
    expect(nonces.next('0xabc')).toBe(reserved);
    expect(nonces.next('0xabc')).toBeGreaterThan(reserved);
  });

  it('given a released reservation, when the signer signs, then it gets a fresh nonce above the released one', () => {
    const nonces = new ReservingNonceManager(() => 1_000);
    const reserved = nonces.reserve('0xabc');
    nonces.release('0xabc');
    expect(nonces.next('0xabc')).toBe(reserved + 1);
  });
});
