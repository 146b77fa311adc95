/** An EVM address: 0x followed by 40 hexadecimal characters, any case (spec §5). */
export const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** A secp256k1 private key as wallets export it: 0x followed by 64 hexadecimal characters. */
export const PRIVATE_KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** A hex SHA-256 digest, lower case (how webhook secrets are looked up). */
export const SHA256_HEX_PATTERN = /^[0-9a-f]{64}$/;

/**
 * Compares two EVM addresses case-insensitively: checksummed and lower-case
 * spellings of one address are the same account.
 */
export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
