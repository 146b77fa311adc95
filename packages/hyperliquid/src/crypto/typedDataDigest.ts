/**
 * EIP-712 digests. Every L1 action (orders, cancels, leverage) signs the same tiny struct, the
 * "phantom agent" `Agent(string source, bytes32 connectionId)` in one fixed domain; viem's generic
 * `hashTypedData` spends about 0.2 ms validating and encoding it, three Keccak hashes do the same.
 * Anything else (user-signed actions such as approveAgent) takes viem's generic path.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { hashDomain, hashTypedData, type TypedDataDomain, type TypedDataParameter } from 'viem';

/** The verifying contract of Hyperliquid's EIP-712 domains: none. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

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

const EIP712_DOMAIN_FIELDS = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const;

const L1_DOMAIN_SEPARATOR = hexToBytes(
  hashDomain({ domain: { ...L1_DOMAIN, chainId: BigInt(L1_DOMAIN.chainId) }, types: { EIP712Domain: EIP712_DOMAIN_FIELDS } }).slice(2),
);
const AGENT_TYPE_HASH = keccak_256(utf8ToBytes('Agent(string source,bytes32 connectionId)'));
const PREFIX = new Uint8Array([0x19, 0x01]);
const CONNECTION_ID = /^0x[0-9a-fA-F]{64}$/;

/**
 * The digest an L1 action's signature covers: the phantom agent with `source` ("a" mainnet, "b"
 * testnet) and the action hash as `connectionId`.
 */
export function l1AgentDigest(source: string, connectionId: string): Uint8Array {
  if (!CONNECTION_ID.test(connectionId)) throw new TypeError('connectionId must be 0x followed by 64 hexadecimal characters');
  const struct = keccak_256(concatBytes(AGENT_TYPE_HASH, keccak_256(utf8ToBytes(source)), hexToBytes(connectionId.slice(2))));
  return keccak_256(concatBytes(PREFIX, L1_DOMAIN_SEPARATOR, struct));
}

/** Typed data as signers receive it (viem's `signTypedData` parameters). */
export interface TypedDataInput {
  readonly domain?: TypedDataDomain | undefined;
  readonly types: Readonly<Record<string, readonly TypedDataParameter[]>>;
  readonly primaryType: string;
  readonly message: Record<string, unknown>;
}

function sameFields(actual: readonly TypedDataParameter[] | undefined, expected: readonly TypedDataParameter[]): boolean {
  return (
    actual !== undefined &&
    actual.length === expected.length &&
    actual.every((field, i) => field.name === expected[i]!.name && field.type === expected[i]!.type)
  );
}

function isL1Domain(domain: TypedDataDomain | undefined): boolean {
  return (
    domain !== undefined &&
    domain.name === L1_DOMAIN.name &&
    domain.version === L1_DOMAIN.version &&
    Number(domain.chainId) === L1_DOMAIN.chainId &&
    domain.verifyingContract?.toLowerCase() === ZERO_ADDRESS &&
    domain.salt === undefined
  );
}

/** Whether `input` is exactly the phantom agent in the L1 domain (and nothing more). */
function isL1Agent(input: TypedDataInput): boolean {
  const names = Object.keys(input.types).filter((name) => name !== 'EIP712Domain');
  return (
    input.primaryType === 'Agent' &&
    names.length === 1 &&
    sameFields(input.types.Agent, AGENT_TYPES.Agent) &&
    (input.types.EIP712Domain === undefined || sameFields(input.types.EIP712Domain, EIP712_DOMAIN_FIELDS)) &&
    isL1Domain(input.domain) &&
    Object.keys(input.message).length === 2 &&
    typeof input.message.source === 'string' &&
    typeof input.message.connectionId === 'string'
  );
}

/** The EIP-712 digest of any typed data; the phantom agent takes the short way. */
export function typedDataDigest(input: TypedDataInput): Uint8Array {
  if (isL1Agent(input)) return l1AgentDigest(input.message.source as string, input.message.connectionId as string);
  return hexToBytes(hashTypedData(input as Parameters<typeof hashTypedData>[0]).slice(2));
}
