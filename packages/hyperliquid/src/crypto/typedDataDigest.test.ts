import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { hashTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { approveAgentTypedData } from '../testing/approveAgentTypedData.js';
import { AGENT_TYPES, L1_DOMAIN, l1AgentDigest, typedDataDigest } from './typedDataDigest.js';

const connectionId = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => `0x${bytesToHex(bytes)}` as `0x${string}`);
const viemAgent = (source: string, id: `0x${string}`) =>
  hashTypedData({ domain: L1_DOMAIN, types: AGENT_TYPES, primaryType: 'Agent', message: { source, connectionId: id } });
const hex = (bytes: Uint8Array) => `0x${bytesToHex(bytes)}`;

describe('typedDataDigest: EIP-712 digests, the phantom agent the short way (CARD-19)', () => {
  it('given any connectionId on either network, when the agent digest is taken, then it equals viem hashTypedData', () => {
    fc.assert(
      fc.property(connectionId, fc.constantFrom('a', 'b'), (id, source) => {
        expect(hex(l1AgentDigest(source, id))).toBe(viemAgent(source, id));
      }),
      { numRuns: 200 },
    );
  });

  it('given the agent as the SDK passes it (EIP712Domain among the types, upper-case hex), when digested, then it equals viem', () => {
    const id = `0x${'AB'.repeat(32)}` as const;
    const types = {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      ...AGENT_TYPES,
    };
    const input = { domain: L1_DOMAIN, types, primaryType: 'Agent', message: { source: 'a', connectionId: id } };
    expect(hex(typedDataDigest(input))).toBe(viemAgent('a', id));
  });

  it('given typed data that is not exactly the L1 agent (another chain, another field, a user-signed action), when digested, then viem generic digest is used', () => {
    const id = `0x${'01'.repeat(32)}` as const;
    const otherChain = { domain: { ...L1_DOMAIN, chainId: 1 }, types: AGENT_TYPES, primaryType: 'Agent' as const, message: { source: 'a', connectionId: id } };
    expect(hex(typedDataDigest(otherChain))).toBe(hashTypedData(otherChain));
    expect(hex(typedDataDigest(otherChain))).not.toBe(viemAgent('a', id));
    const moreFields = {
      domain: L1_DOMAIN,
      types: { Agent: [...AGENT_TYPES.Agent, { name: 'extra', type: 'uint64' } as const] },
      primaryType: 'Agent' as const,
      message: { source: 'a', connectionId: id, extra: 1n },
    };
    expect(hex(typedDataDigest(moreFields))).toBe(hashTypedData(moreFields));
    const approveAgent = approveAgentTypedData('Mainnet', '0x0000000000000000000000000000000000000001', 'bot', 1n);
    expect(hex(typedDataDigest(approveAgent))).toBe(hashTypedData(approveAgent));
  });

  it('given a connectionId that is not 32 bytes of hex, when the agent digest is taken, then it throws instead of signing something else', () => {
    expect(() => l1AgentDigest('a', '0x1234')).toThrow(/connectionId/);
    expect(() => l1AgentDigest('a', `0x${'zz'.repeat(32)}`)).toThrow(/connectionId/);
  });
});
