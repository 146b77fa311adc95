import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES, KEYS, type SimHarness, startHarness } from './testing/simHarness.js';

let h: SimHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('verifyAgentKey against the simulator', () => {
  it('given the approved named agent of the account, when verified, then ok with its name and expiry', async () => {
    const result = await h.client.verifyAgentKey({ privateKey: KEYS.agent, apiWalletAddress: ADDRESSES.agent, accountAddress: ADDRESSES.master, isTestnet: true });
    expect(result).toEqual({ ok: true, apiWalletAddress: ADDRESSES.agent, accountAddress: ADDRESSES.master, agentName: 'hyperhook', validUntil: 4_102_444_800_000 });
  });

  it('given the main account key pasted as API wallet, when verified, then mainAccountKey', async () => {
    const result = await h.client.verifyAgentKey({ privateKey: KEYS.master, apiWalletAddress: ADDRESSES.master, accountAddress: ADDRESSES.master, isTestnet: true });
    expect(result).toMatchObject({ ok: false, problem: 'mainAccountKey', transient: false });
  });

  it('given a key that was never approved, when verified, then notApproved', async () => {
    const result = await h.client.verifyAgentKey({ privateKey: KEYS.stranger, apiWalletAddress: ADDRESSES.stranger, accountAddress: ADDRESSES.master, isTestnet: true });
    expect(result).toMatchObject({ ok: false, problem: 'notApproved' });
  });

  it('given an agent that expired, when verified, then notApproved', async () => {
    const expiredAgent = `0x${'f6'.repeat(32)}` as const;
    const { privateKeyToAccount } = await import('viem/accounts');
    const address = privateKeyToAccount(expiredAgent).address;
    h.sim.seedAccount({ address: ADDRESSES.master, usdc: 0, agents: [{ address, name: 'old', validUntil: Date.now() - 60_000 }] });
    const result = await h.client.verifyAgentKey({ privateKey: expiredAgent, apiWalletAddress: address, accountAddress: ADDRESSES.master, isTestnet: true });
    expect(result).toMatchObject({ ok: false, problem: 'notApproved' });
  });

  it('given the agent of another main account, when verified, then otherMaster names that account', async () => {
    const result = await h.client.verifyAgentKey({ privateKey: KEYS.otherAgent, apiWalletAddress: ADDRESSES.otherAgent, accountAddress: ADDRESSES.master, isTestnet: true });
    expect(result).toMatchObject({ ok: false, problem: 'otherMaster', message: expect.stringContaining(ADDRESSES.otherMaster) });
  });

  it('given a key for another address, when verified, then keyMismatch before asking the venue', async () => {
    const result = await h.client.verifyAgentKey({ privateKey: KEYS.agent, apiWalletAddress: ADDRESSES.otherAgent, accountAddress: ADDRESSES.master, isTestnet: true });
    expect(result).toMatchObject({ ok: false, problem: 'keyMismatch' });
  });
});
