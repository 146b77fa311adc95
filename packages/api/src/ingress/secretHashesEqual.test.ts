import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretHashesEqual } from './secretHashesEqual.js';

const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

describe('secretHashesEqual (constant-time webhook secret check)', () => {
  it('API-31: given two equal hashes, when compared, then true', () => {
    // given
    const hash = hashOf('secret-one');
    // when / then
    expect(secretHashesEqual(hash, hashOf('secret-one'))).toBe(true);
  });

  it('API-31, STATE-11: given hashes of different secrets (a rotated one), when compared, then false', () => {
    expect(secretHashesEqual(hashOf('secret-one'), hashOf('secret-two'))).toBe(false);
  });

  it('API-31: given hashes differing only in their last character, when compared, then false', () => {
    // given
    const hash = hashOf('secret-one');
    const lastChanged = `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`;
    // when / then
    expect(secretHashesEqual(hash, lastChanged)).toBe(false);
  });

  it('API-31: given a shorter, longer, empty or missing stored hash, when compared, then false without throwing', () => {
    // given
    const hash = hashOf('secret-one');
    // when / then
    expect(secretHashesEqual(hash, hash.slice(0, 32))).toBe(false);
    expect(secretHashesEqual(hash, `${hash}00`)).toBe(false);
    expect(secretHashesEqual(hash, '')).toBe(false);
    expect(secretHashesEqual(hash, null)).toBe(false);
    expect(secretHashesEqual(hash, undefined)).toBe(false);
  });

  it('API-31: given a stored value of the right length that is not hex, when compared, then false without throwing', () => {
    // given: decoded as hex it would be shorter than the digest, which timingSafeEqual refuses with a throw
    const hash = hashOf('secret-one');
    const notHex = `zz${hash.slice(2)}`;
    // when / then
    expect(() => secretHashesEqual(hash, notHex)).not.toThrow();
    expect(secretHashesEqual(hash, notHex)).toBe(false);
  });
});
