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
    const result = await h.client.verifyAgentKey({
      privateKey: KEYS.agent,
      apiWalletAddress: ADDRESSES.agent,
      accountAddress: ADDRESSES.master,
      isTestnet: true,
    });
    expect(result).toEqual({
      ok: true,
      apiWalletAddress: ADDRESSES.agent,
      accountAddress: ADDRESSES.master,
      agentName: 'hyperhook',
      validUntil: 4_102_444_800_000,
      confirmed: true,
    });
  });

  it('given the main account key pasted as API wallet, when verified, then mainAccountKey', async () => {
    const result = await h.client.verifyAgentKey({
      privateKey: KEYS.master,
      apiWalletAddress: ADDRESSES.master,
      accountAddress: ADDRESSES.master,
      isTestnet: true,
    });
    expect(result).toMatchObject({ ok: false, problem: 'mainAccountKey', transient: false });
  });

  it('given a key that was never approved, when verified, then notApproved', async () => {
    const result = await h.client.verifyAgentKey({
      privateKey: KEYS.stranger,
      apiWalletAddress: ADDRESSES.stranger,
      accountAddress: ADDRESSES.master,
      isTestnet: true,
    });
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
    const result = await h.client.verifyAgentKey({
      privateKey: KEYS.otherAgent,
      apiWalletAddress: ADDRESSES.otherAgent,
      accountAddress: ADDRESSES.master,
      isTestnet: true,
    });
    expect(result).toMatchObject({ ok: false, problem: 'otherMaster', message: expect.stringContaining(ADDRESSES.otherMaster) });
  });

  it('given a key for another address, when verified, then keyMismatch before asking the venue', async () => {
    const result = await h.client.verifyAgentKey({
      privateKey: KEYS.agent,
      apiWalletAddress: ADDRESSES.otherAgent,
      accountAddress: ADDRESSES.master,
      isTestnet: true,
    });
    expect(result).toMatchObject({ ok: false, problem: 'keyMismatch' });
  });
});

describe('verifyAgentKey: cheap checks, remembered (issue 28, point 1)', () => {
  /** The simulator's count of each info request type so far. */
  const asked = (type: string) => h.sim.stats().requestsByType[`info ${type}`] ?? 0;

  it('given a named agent of the account, when verified, then only extraAgents is asked: 20 weight, not 80', async () => {
    const fresh = await startHarness();
    try {
      const before = fresh.client.budget(true).weight;
      const result = await fresh.client.verifyAgentKey({
        privateKey: KEYS.agent,
        apiWalletAddress: ADDRESSES.agent,
        accountAddress: ADDRESSES.master,
        isTestnet: true,
      });
      expect(result).toMatchObject({ ok: true, agentName: 'hyperhook' });
      expect(fresh.sim.stats().requestsByType).toMatchObject({ 'info extraAgents': 1 });
      expect(fresh.sim.stats().requestsByType['info userRole']).toBeUndefined();
      expect(fresh.client.budget(true).weight - before).toBe(20);
    } finally {
      await fresh.close();
    }
  });

  it('given an unnamed agent of another account, when verified, then userRole still tells which account it trades for', async () => {
    const roles = asked('userRole');
    const result = await h.client.verifyAgentKey({
      privateKey: KEYS.otherAgent,
      apiWalletAddress: ADDRESSES.otherAgent,
      accountAddress: ADDRESSES.otherMaster,
      isTestnet: true,
    });
    expect(result).toMatchObject({ ok: true, agentName: null });
    expect(asked('userRole')).toBe(roles + 1);
  });

  it('issue 42, point 2: given an unnamed agent and deferUnnamed, when verified, then ok unconfirmed for the cost of extraAgents alone; confirmAgentKey then asks userRole (60) and confirms it', async () => {
    const fresh = await startHarness();
    try {
      // given
      const wallet = { apiWalletAddress: ADDRESSES.otherAgent, accountAddress: ADDRESSES.otherMaster, isTestnet: true };
      const weight = fresh.client.budget(true).weight;
      const roles = () => fresh.sim.stats().requestsByType['info userRole'] ?? 0;
      // when
      const deferred = await fresh.client.verifyAgentKey({ privateKey: KEYS.otherAgent, ...wallet }, { deferUnnamed: true });
      // then
      expect(deferred).toMatchObject({ ok: true, agentName: null, confirmed: false });
      expect(roles()).toBe(0);
      expect(fresh.client.budget(true).weight - weight).toBe(20);
      // when the background asks
      const confirmed = await fresh.client.confirmAgentKey(wallet);
      // then
      expect(confirmed).toMatchObject({ ok: true, confirmed: true });
      expect(roles()).toBe(1);
      expect(fresh.client.budget(true).weight - weight).toBe(80);
    } finally {
      await fresh.close();
    }
  });

  it('given the account address entered as the API wallet with its key, when verified, then mainAccountKey without asking the venue', async () => {
    const before = h.client.budget(true).requests;
    const result = await h.client.verifyAgentKey({
      privateKey: KEYS.master,
      apiWalletAddress: ADDRESSES.master,
      accountAddress: ADDRESSES.master,
      isTestnet: true,
    });
    expect(result).toMatchObject({ ok: false, problem: 'mainAccountKey' });
    expect(h.client.budget(true).requests).toBe(before);
  });

  it('given an approved key checked once, when the same key is saved again (a page reload), then the venue is not asked again', async () => {
    const input = { privateKey: KEYS.agent, apiWalletAddress: ADDRESSES.agent, accountAddress: ADDRESSES.master, isTestnet: true };
    const first = await h.client.verifyAgentKey(input);
    const requests = h.client.budget(true).requests;
    expect(await h.client.verifyAgentKey({ ...input, apiWalletAddress: ADDRESSES.agent.toUpperCase().replace('0X', '0x') })).toEqual(first);
    expect(h.client.budget(true).requests).toBe(requests);
    // the key itself is still checked: a remembered approval does not vouch for another key
    expect(await h.client.verifyAgentKey({ ...input, privateKey: KEYS.stranger })).toMatchObject({ ok: false, problem: 'keyMismatch' });
  });

  it('given a key the venue does not know, when it is approved after the first check, then the next check asks again and passes', async () => {
    const agentKey = `0x${'a7'.repeat(32)}` as const;
    const { privateKeyToAccount } = await import('viem/accounts');
    const agent = privateKeyToAccount(agentKey).address.toLowerCase();
    const input = { privateKey: agentKey, apiWalletAddress: agent, accountAddress: ADDRESSES.master, isTestnet: true };
    expect(await h.client.verifyAgentKey(input)).toMatchObject({ ok: false, problem: 'notApproved' });
    h.sim.seedAccount({ address: ADDRESSES.master, usdc: 0, agents: [{ address: agent, name: 'late' }] });
    expect(await h.client.verifyAgentKey(input)).toMatchObject({ ok: true, agentName: 'late' });
  });

  it('given this server used its whole budget, when a key is verified, then busy with the time to wait, and the venue was not asked', async () => {
    // 40 a minute: reads may fill 36 of it, and meta (20) leaves no room for extraAgents (20)
    const tight = await startHarness({ client: { weightBudget: { perMinute: 40, maxWaitMs: 0 } } });
    try {
      await tight.client.getAsset(true, 'BTC');
      const requests = tight.sim.stats().requestsByType;
      const result = await tight.client.verifyAgentKey({
        privateKey: KEYS.agent,
        apiWalletAddress: ADDRESSES.agent,
        accountAddress: ADDRESSES.master,
        isTestnet: true,
      });
      expect(result).toMatchObject({
        ok: false,
        problem: 'busy',
        transient: true,
        message: expect.stringMatching(/^hyperhook is at Hyperliquid's request limit for this server; try again in \d+ s\.$/),
      });
      expect(result.ok === false && result.retryAfterMs).toBeGreaterThan(0);
      expect(tight.sim.stats().requestsByType).toEqual(requests);
    } finally {
      await tight.close();
    }
  });
});
