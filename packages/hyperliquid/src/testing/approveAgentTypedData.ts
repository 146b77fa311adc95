import { APPROVE_AGENT_TYPES, L1_DOMAIN } from '../crypto/typedDataDigest.js';

/** approveAgent's typed data: a user-signed action, which takes viem's generic EIP-712 path. */
export function approveAgentTypedData(chain: 'Mainnet' | 'Testnet', agentAddress: `0x${string}`, agentName: string, nonce: bigint) {
  return {
    domain: { name: 'HyperliquidSignTransaction', version: '1', chainId: 421614, verifyingContract: L1_DOMAIN.verifyingContract },
    types: APPROVE_AGENT_TYPES,
    primaryType: 'HyperliquidTransaction:ApproveAgent',
    message: { hyperliquidChain: chain, agentAddress, agentName, nonce },
  } as const;
}
