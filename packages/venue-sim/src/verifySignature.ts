/**
 * Signer recovery for `/exchange` (reference §2.1/§2.2), synchronous on purpose: with no `await`
 * between "recover signer" and "check + consume nonce", two concurrent copies of one signed body
 * can never both pass the duplicate-nonce check.
 *
 * EIP-712 digests of L1 actions come from the client's `l1AgentDigest` (viem's `hashTypedData` for
 * user-signed actions); public-key recovery from the client's `secp256k1` (libsecp256k1 where it
 * loads), both from @hyperhook/hyperliquid.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { hashTypedData } from 'viem';
import { l1AgentDigest, secp256k1, ZERO_ADDRESS } from '@hyperhook/hyperliquid';
import type { SimNetwork } from './types.js';

/** A posted signature; r/s may be unpadded (python `to_hex(int)`), v is 27/28 or 0/1. */
export interface LooseSignature {
  r: string;
  s: string;
  v: number;
}

/** L1 `source` of a network: "a" mainnet, "b" testnet. */
export function l1Source(network: SimNetwork): 'a' | 'b' {
  return network === 'mainnet' ? 'a' : 'b';
}

/** `hyperliquidChain` of a network. */
export function hyperliquidChain(network: SimNetwork): 'Mainnet' | 'Testnet' {
  return network === 'mainnet' ? 'Mainnet' : 'Testnet';
}

function word(hex: string): Uint8Array {
  return hexToBytes(hex.slice(2).toLowerCase().padStart(64, '0'));
}

/**
 * Recovers the lowercase address that signed `digest`, or null when the signature is not a valid
 * secp256k1 signature (r or s out of range, bad v, point not on the curve).
 */
export function recoverDigestSigner(digest: Uint8Array, signature: LooseSignature): string | null {
  const v = signature.v >= 27 ? signature.v - 27 : signature.v;
  if (v !== 0 && v !== 1) return null;
  let compact: Uint8Array;
  try {
    compact = concatBytes(word(signature.r), word(signature.s));
  } catch {
    return null;
  }
  const publicKey = secp256k1.recover(digest, { compact, recovery: v });
  return publicKey === null ? null : `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(-20))}`;
}

/** Signer of an L1 action, given its connectionId (see `l1ActionHash`). */
export function recoverL1Signer(connectionId: `0x${string}`, network: SimNetwork, signature: LooseSignature): string | null {
  return recoverDigestSigner(l1AgentDigest(l1Source(network), connectionId), signature);
}

/** A user-signed EIP-712 payload: primary type, its field list and the message. */
export interface UserSignedPayload {
  primaryType: string;
  fields: readonly { name: string; type: string }[];
  message: Record<string, unknown>;
  /** Hex chain id taken from the action's `signatureChainId`. */
  signatureChainId: string;
}

/** Signer of a user-signed action (domain "HyperliquidSignTransaction", chainId from the action). */
export function recoverUserSignedSigner(payload: UserSignedPayload, signature: LooseSignature): string | null {
  let digest: `0x${string}`;
  try {
    digest = hashTypedData({
      domain: {
        name: 'HyperliquidSignTransaction',
        version: '1',
        chainId: Number.parseInt(payload.signatureChainId, 16),
        verifyingContract: ZERO_ADDRESS,
      },
      types: { [payload.primaryType]: payload.fields },
      primaryType: payload.primaryType,
      message: payload.message,
    });
  } catch {
    return null;
  }
  return recoverDigestSigner(hexToBytes(digest.slice(2)), signature);
}
