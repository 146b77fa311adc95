/**
 * secp256k1 for signing orders and recovering their signers: libsecp256k1 (the `secp256k1`
 * package's N-API binding) when it loads, @noble/curves otherwise. The only module that imports
 * either driver.
 *
 * Why native: measured on the 2-core build machine, noble signs a digest in 0.77 ms and recovers a
 * public key in 3.1 ms; libsecp256k1 takes 0.05 ms and 0.07 ms. Every order pays one signature in
 * the executor and one recovery in the simulator, on the same two cores as intake. Both sign
 * RFC 6979 deterministic, low-s signatures, so they produce the same bytes (secp256k1.test.ts).
 */
import { createRequire } from 'node:module';
import { secp256k1 as noble } from '@noble/curves/secp256k1.js';
import type * as Native from 'secp256k1';

/** A 65-byte signature as Ethereum writes it: r and s (32 bytes each) and the recovery bit. */
export interface RecoverableSignature {
  /** r ‖ s, 64 bytes, s in the lower half of the order. */
  readonly compact: Uint8Array;
  readonly recovery: 0 | 1;
}

/** The operations hyperhook needs, on 32-byte digests (the caller hashes). */
export interface Secp256k1 {
  /** Which implementation this is (`hyperhook start` says so when it is not the native one). */
  readonly backend: 'libsecp256k1' | 'noble';
  /** Signs a digest; throws when the key is not a valid private key. */
  sign(digest: Uint8Array, privateKey: Uint8Array): RecoverableSignature;
  /** The uncompressed public key (65 bytes, 0x04 first) that signed `digest`, or null when none can. */
  recover(digest: Uint8Array, signature: RecoverableSignature): Uint8Array | null;
}

type NativeBinding = Pick<typeof Native, 'ecdsaSign' | 'ecdsaRecover'>;

/** libsecp256k1 through its binding, or undefined when the binary does not load on this machine. */
export function loadNativeSecp256k1(): Secp256k1 | undefined {
  let binding: NativeBinding;
  try {
    // `secp256k1/bindings` throws when no binary loads; the package's main entry would instead
    // fall back to `elliptic` without a word.
    binding = createRequire(import.meta.url)('secp256k1/bindings') as NativeBinding;
  } catch {
    return undefined;
  }
  return {
    backend: 'libsecp256k1',
    sign(digest, privateKey) {
      const { signature, recid } = binding.ecdsaSign(digest, privateKey);
      return { compact: signature, recovery: recid === 1 ? 1 : 0 };
    },
    recover(digest, signature) {
      try {
        return binding.ecdsaRecover(signature.compact, signature.recovery, digest, false);
      } catch {
        return null;
      }
    },
  };
}

/** @noble/curves, pure JavaScript: the same results, 15–40 times slower. */
export const nobleSecp256k1: Secp256k1 = {
  backend: 'noble',
  sign(digest, privateKey) {
    const bytes = noble.sign(digest, privateKey, { prehash: false, format: 'recovered' });
    return { compact: bytes.subarray(1), recovery: bytes[0] === 1 ? 1 : 0 };
  },
  recover(digest, signature) {
    try {
      return noble.Signature.fromBytes(signature.compact, 'compact').addRecoveryBit(signature.recovery).recoverPublicKey(digest).toBytes(false);
    } catch {
      return null;
    }
  },
};

/** The process's implementation: native where it loads. */
export const secp256k1: Secp256k1 = loadNativeSecp256k1() ?? nobleSecp256k1;
