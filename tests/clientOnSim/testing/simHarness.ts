/**
 * The client (@hyperhook/hyperliquid) against the strict simulator (@hyperhook/venue-sim). These
 * tests live outside both packages because the simulator depends on the client (its signing and
 * request weights): beside the client they would make the client depend on it in turn.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { type Simulator, type SimulatorOptions, startSimulator } from '@hyperhook/venue-sim';
import { HyperliquidClient, type SignerRef } from '@hyperhook/hyperliquid';
import type { HyperliquidClientConfig } from '../../../packages/hyperliquid/src/client/hyperliquidClient.js';

/** Fixed throwaway keys: a main account, its API wallet, and a second main account with its own agent. */
export const KEYS = {
  master: `0x${'a1'.repeat(32)}` as const,
  agent: `0x${'b2'.repeat(32)}` as const,
  otherMaster: `0x${'c3'.repeat(32)}` as const,
  otherAgent: `0x${'d4'.repeat(32)}` as const,
  stranger: `0x${'e5'.repeat(32)}` as const,
};

/** Addresses of {@link KEYS}, lower case. */
export const ADDRESSES = Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [name, privateKeyToAccount(key).address.toLowerCase()])) as Record<
  keyof typeof KEYS,
  `0x${string}`
>;

/** A running simulator with a funded account and a client pointed at it. */
export interface SimHarness {
  sim: Simulator;
  client: HyperliquidClient;
  /** The main account with its approved API wallet, on the simulator's (testnet) network. */
  signer: SignerRef;
  close(): Promise<void>;
}

/**
 * Starts a strict simulator (testnet, frozen prices) with the main account funded with
 * `usdc` and its named API wallet approved, plus a second account with its own agent.
 */
export async function startHarness(options: { usdc?: number; sim?: SimulatorOptions; client?: HyperliquidClientConfig } = {}): Promise<SimHarness> {
  const sim = await startSimulator({
    network: 'testnet',
    priceTickMs: null,
    ...options.sim,
    accounts: [
      {
        address: ADDRESSES.master,
        usdc: options.usdc ?? 10_000,
        spotUsdc: 25,
        agents: [{ address: ADDRESSES.agent, name: 'hyperhook', validUntil: 4_102_444_800_000 }],
      },
      { address: ADDRESSES.otherMaster, usdc: 1_000, agents: [{ address: ADDRESSES.otherAgent }] },
      ...(options.sim?.accounts ?? []),
    ],
  });
  const client = new HyperliquidClient({ testnetApiUrl: sim.url, mainnetApiUrl: 'http://127.0.0.1:9', timeoutMs: 2_000, ...options.client });
  return {
    sim,
    client,
    signer: { accountAddress: ADDRESSES.master, agentPrivateKey: KEYS.agent, isTestnet: true },
    close: () => sim.close(),
  };
}
