import { privateKeyToAccount, type LocalAccount } from 'viem/accounts';

/** Thrown when a stored or pasted private key is unusable. Never carries the key. */
export class InvalidPrivateKeyError extends Error {
  constructor() {
    super('The API wallet private key is not a valid key: it must be 0x followed by 64 hexadecimal characters.');
    this.name = 'InvalidPrivateKeyError';
  }
}

const PRIVATE_KEY_SHAPE = /^0x[0-9a-fA-F]{64}$/;

/**
 * Turns a private key into a viem local account. The key string goes no further than this
 * function: the account keeps only signing closures, and any error is replaced by one that
 * cannot echo the key (the underlying libraries may quote their input in messages).
 */
export function accountFromPrivateKey(privateKey: string): LocalAccount {
  const trimmed = privateKey.trim();
  const normalized = trimmed.startsWith('0x') || trimmed.startsWith('0X') ? `0x${trimmed.slice(2)}` : `0x${trimmed}`;
  if (!PRIVATE_KEY_SHAPE.test(normalized)) throw new InvalidPrivateKeyError();
  try {
    return privateKeyToAccount(normalized as `0x${string}`);
  } catch {
    throw new InvalidPrivateKeyError();
  }
}
