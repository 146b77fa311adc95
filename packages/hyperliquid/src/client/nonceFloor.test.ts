import { describe, expect, it } from 'vitest';
import { NonceManager } from './nonceManager.js';

const HOUR = 3_600_000;
const SIGNER = '0xAbC0000000000000000000000000000000000001';
const OTHER = '0xAbC0000000000000000000000000000000000002';

describe('NonceManager floor (issue 32, point 3)', () => {
  it('issue 32, point 3: given a restart with the clock an hour behind the highest nonce recorded, when every signer signs, then its nonces are above that nonce and still increase', () => {
    let now = 1_700_000_000_000 - HOUR;
    const nonces = new NonceManager(() => now);
    nonces.raiseFloor(1_700_000_000_000);
    expect(nonces.next(SIGNER)).toBe(1_700_000_000_001);
    expect(nonces.next(OTHER)).toBe(1_700_000_000_001);
    now += 10;
    expect(nonces.next(SIGNER)).toBe(1_700_000_000_002);
  });

  it('given a floor below the clock, then the clock; a lower floor later changes nothing', () => {
    const now = 1_700_000_000_000;
    const nonces = new NonceManager(() => now);
    nonces.raiseFloor(now - HOUR);
    expect(nonces.next(SIGNER)).toBe(now);
    nonces.raiseFloor(now + 100);
    nonces.raiseFloor(0);
    expect(nonces.next(SIGNER)).toBe(now + 101);
  });
});
