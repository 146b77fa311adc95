import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { privateKeyToAccount, type LocalAccount } from 'viem/accounts';
import { type RecoverableSignature, secp256k1 } from '../crypto/secp256k1.js';
import { typedDataDigest, type TypedDataInput } from '../crypto/typedDataDigest.js';

/** Thrown when a stored or pasted private key is unusable. Never carries the key. */
export class InvalidPrivateKeyError extends Error {
  constructor() {
    super('The API wallet private key is not a valid key: it must be 0x followed by 64 hexadecimal characters.');
    this.name = 'InvalidPrivateKeyError';
  }
}

const PRIVATE_KEY_SHAPE = /^0x[0-9a-fA-F]{64}$/;

/** r ‖ s ‖ v as Ethereum serialises it (v 27 or 28), the form the Hyperliquid SDK splits. */
function serialized(signature: RecoverableSignature): `0x${string}` {
  return `0x${bytesToHex(signature.compact)}${signature.recovery === 1 ? '1c' : '1b'}`;
}

/**
 * Turns a private key into a viem local account. The key string goes no further than this
 * function: the account keeps only signing closures, and any error is replaced by one that
 * cannot echo the key (the underlying libraries may quote their input in messages).
 *
 * Typed data, which is all Hyperliquid asks an API wallet to sign, is signed by
 * {@link secp256k1} (libsecp256k1 where it loads) over {@link typedDataDigest}: the same
 * signature as viem's, in a twentieth of the time. Everything else stays viem's.
 */
export function accountFromPrivateKey(privateKey: string): LocalAccount {
  const trimmed = privateKey.trim();
  const normalized = trimmed.startsWith('0x') || trimmed.startsWith('0X') ? `0x${trimmed.slice(2)}` : `0x${trimmed}`;
  if (!PRIVATE_KEY_SHAPE.test(normalized)) throw new InvalidPrivateKeyError();
  let account: LocalAccount;
  try {
    account = privateKeyToAccount(normalized as `0x${string}`);
  } catch {
    throw new InvalidPrivateKeyError();
  }
  const key = hexToBytes(normalized.slice(2));
  // One declared parameter: the SDK tells a viem account from an ethers signer by the arity.
  const signTypedData = async (parameters: TypedDataInput) => serialized(secp256k1.sign(typedDataDigest(parameters), key));
  return { ...account, signTypedData: signTypedData as LocalAccount['signTypedData'] };
}
