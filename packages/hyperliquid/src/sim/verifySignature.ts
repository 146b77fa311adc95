/**
 * Signer recovery for `/exchange` (reference §2.1/§2.2), synchronous on purpose: with no `await`
 * between "recover signer" and "check + consume nonce", two concurrent copies of one signed body
 * can never both pass the duplicate-nonce check.
 *
 * EIP-712 digests come from viem's `hashTypedData`; public-key recovery from @noble/curves.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { hashTypedData, type TypedDataDomain } from 'viem';
import type { SimNetwork } from './types.js';

/** A posted signature; r/s may be unpadded (python `to_hex(int)`), v is 27/28 or 0/1. */
export interface LooseSignature {
  r: string;
  s: string;
  v: number;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Domain of L1 ("phantom agent") signatures: fixed chainId 1337, unrelated to any wallet chain. */
export const L1_DOMAIN = {
  name: 'Exchange',
  version: '1',
  chainId: 1337,
  verifyingContract: ZERO_ADDRESS,
} as const satisfies TypedDataDomain;

/** EIP-712 type of the phantom agent. */
export const AGENT_TYPES = {
  Agent: [
    { name: 'source', type: 'string' },
    { name: 'connectionId', type: 'bytes32' },
  ],
} as const;

/** EIP-712 type of approveAgent (field order = type-hash order). */
export const APPROVE_AGENT_TYPES = {
  'HyperliquidTransaction:ApproveAgent': [
    { name: 'hyperliquidChain', type: 'string' },
    { name: 'agentAddress', type: 'address' },
    { name: 'agentName', type: 'string' },
    { name: 'nonce', type: 'uint64' },
  ],
} as const;

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
export function recoverDigestSigner(digest: `0x${string}`, signature: LooseSignature): string | null {
  const v = signature.v >= 27 ? signature.v - 27 : signature.v;
  if (v !== 0 && v !== 1) return null;
  try {
    const sig = secp256k1.Signature.fromBytes(concatBytes(word(signature.r), word(signature.s)), 'compact').addRecoveryBit(v);
    const publicKey = sig.recoverPublicKey(hexToBytes(digest.slice(2))).toBytes(false);
    return `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(-20))}`;
  } catch {
    return null;
  }
}

/** EIP-712 digest of the phantom agent for a connectionId. */
export function l1SigningDigest(connectionId: `0x${string}`, network: SimNetwork): `0x${string}` {
  return hashTypedData({
    domain: L1_DOMAIN,
    types: AGENT_TYPES,
    primaryType: 'Agent',
    message: { source: l1Source(network), connectionId },
  });
}

/** Signer of an L1 action, given its connectionId (see `l1ActionHash`). */
export function recoverL1Signer(connectionId: `0x${string}`, network: SimNetwork, signature: LooseSignature): string | null {
  return recoverDigestSigner(l1SigningDigest(connectionId, network), signature);
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
  return recoverDigestSigner(digest, signature);
}
