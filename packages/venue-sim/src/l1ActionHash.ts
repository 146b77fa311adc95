/**
 * L1 action hash (`connectionId`, reference §2.1), written against @msgpack/msgpack and
 * @noble/hashes only — deliberately not the SDK's hashing, so the simulator catches SDK or client
 * serialisation bugs instead of reproducing them.
 *
 *   keccak256( msgpack(action) ‖ nonce u64 BE ‖ (0x00 | 0x01 ‖ vault 20 bytes) [‖ 0x00 ‖ expiresAfter u64 BE] )
 */
import { encode } from '@msgpack/msgpack';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';

function u64be(value: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(value));
  return out;
}

/**
 * The 32-byte connectionId as 0x-hex. `action` must already be canonical: msgpack keeps insertion
 * order, and @msgpack/msgpack encodes safe integers ≥ 2^32 as uint64 like python's msgpack.
 */
export function l1ActionHash(action: unknown, nonce: number, vaultAddress?: string | null, expiresAfter?: number | null): `0x${string}` {
  const parts: Uint8Array[] = [encode(action, { ignoreUndefined: true }), u64be(nonce)];
  if (vaultAddress) parts.push(new Uint8Array([1]), hexToBytes(vaultAddress.slice(2).toLowerCase()));
  else parts.push(new Uint8Array([0]));
  // The expiresAfter marker is 0x00 (not 0x01) — a classic source of "wrong signer" bugs.
  if (expiresAfter !== undefined && expiresAfter !== null) parts.push(new Uint8Array([0]), u64be(expiresAfter));
  return `0x${bytesToHex(keccak_256(concatBytes(...parts)))}`;
}
