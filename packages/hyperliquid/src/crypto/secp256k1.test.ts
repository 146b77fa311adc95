import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { loadNativeSecp256k1, nobleSecp256k1, secp256k1 } from './secp256k1.js';

const native = loadNativeSecp256k1();
const ORDER_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const word = (value: bigint) => Uint8Array.from(Buffer.from(value.toString(16).padStart(64, '0'), 'hex'));
const validKey = fc.bigInt({ min: 1n, max: ORDER_N - 1n }).map(word);
const digest = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe('secp256k1: libsecp256k1 where it loads, noble otherwise (CARD-19)', () => {
  it('given this machine, when the module loads, then the native libsecp256k1 is the one in use', () => {
    expect(native?.backend).toBe('libsecp256k1');
    expect(secp256k1.backend).toBe('libsecp256k1');
  });

  it('given any key and digest, when both sign, then the signatures are byte for byte the same (RFC 6979, low s)', () => {
    fc.assert(
      fc.property(validKey, digest, (key, hash) => {
        const a = native!.sign(hash, key);
        const b = nobleSecp256k1.sign(hash, key);
        expect(bytesToHex(a.compact)).toBe(bytesToHex(b.compact));
        expect(a.recovery).toBe(b.recovery);
        expect(BigInt(`0x${bytesToHex(a.compact.subarray(32))}`) <= ORDER_N / 2n).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('given a signature, when either recovers it, then both find the public key of the key that signed', () => {
    fc.assert(
      fc.property(validKey, digest, (key, hash) => {
        const signature = native!.sign(hash, key);
        const expected = privateKeyToAccount(`0x${bytesToHex(key)}`).publicKey.slice(2);
        expect(bytesToHex(native!.recover(hash, signature)!)).toBe(expected);
        expect(bytesToHex(nobleSecp256k1.recover(hash, signature)!)).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('given signatures no key can have made (r or s zero or past the order, wrong length), when recovered, then both answer null', () => {
    const hash = new Uint8Array(32).fill(7);
    const s = word(5n);
    for (const compact of [
      new Uint8Array(64),
      Uint8Array.from([...word(ORDER_N), ...s]),
      Uint8Array.from([...word(ORDER_N + 1n), ...s]),
      Uint8Array.from([...word(5n), ...word(0n)]),
      new Uint8Array(63).fill(1),
    ]) {
      for (const recovery of [0, 1] as const) {
        expect(native!.recover(hash, { compact, recovery })).toBeNull();
        expect(nobleSecp256k1.recover(hash, { compact, recovery })).toBeNull();
      }
    }
  });

  it('given keys that are not private keys (zero, the order, too short), when signing, then both throw', () => {
    const hash = new Uint8Array(32).fill(7);
    for (const key of [new Uint8Array(32), word(ORDER_N), new Uint8Array(31).fill(1)]) {
      expect(() => native!.sign(hash, key)).toThrow();
      expect(() => nobleSecp256k1.sign(hash, key)).toThrow();
    }
  });
});
