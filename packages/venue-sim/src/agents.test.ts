/** approveAgent through /exchange (user-signed, the real way) and the agent-related /info views. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { parseAgentName } from '@hyperhook/venue-engine';
import { agent, approveAgentRequest, exchange, info, limit, master, orderAction, startTestSim, stranger, type TestSim } from './testing/harness.js';

const OK = { status: 'ok', response: { type: 'default' } };
const DAY = 86_400_000;
const key = (n: number) => privateKeyToAccount(`0x${n.toString(16).padStart(64, '0')}`);

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

describe('parseAgentName', () => {
  it('given a valid_until suffix, then name and expiry are split', () => {
    expect(parseAgentName('bot valid_until 1710000000000')).toEqual({ name: 'bot', validUntil: 1710000000000 });
    expect(parseAgentName('bot')).toEqual({ name: 'bot', validUntil: null });
  });
});

describe('approveAgent', () => {
  it('given the master approves a named agent, when the agent trades, then it acts for the master and info lists it', async () => {
    const fresh = key(0xa1);
    expect(await approveAgentRequest(t.sim.url, master, fresh.address, 'exec', t.clock.nonce())).toEqual(OK);
    await exchange(t.sim.url, fresh, orderAction([limit(0, true, '90000', '0.001')]), { nonce: t.clock.nonce() });
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toHaveLength(1);
    expect(await info(t.sim.url, { type: 'userRole', user: fresh.address.toUpperCase().replace('0X', '0x') })).toEqual({
      role: 'agent',
      data: { user: master.address.toLowerCase() },
    });
    expect(await info(t.sim.url, { type: 'userRole', user: master.address })).toEqual({ role: 'user' });
    expect(await info(t.sim.url, { type: 'userRole', user: stranger.address })).toEqual({ role: 'missing' });
    expect(await info(t.sim.url, { type: 'extraAgents', user: master.address })).toEqual([
      { name: 'bot', address: agent.address.toLowerCase(), validUntil: expect.any(Number) },
      { name: 'exec', address: fresh.address.toLowerCase(), validUntil: t.clock.now() + 90 * DAY },
    ]);
  });

  it('given an unnamed agent, then it is not listed by extraAgents and a second unnamed one replaces it', async () => {
    const first = key(0xb1);
    const second = key(0xb2);
    await approveAgentRequest(t.sim.url, master, first.address, '', t.clock.nonce());
    await approveAgentRequest(t.sim.url, master, second.address, '', t.clock.nonce());
    expect(await info(t.sim.url, { type: 'extraAgents', user: master.address })).toHaveLength(1);
    expect(await info(t.sim.url, { type: 'userRole', user: first.address })).toEqual({ role: 'missing' });
    expect(await info(t.sim.url, { type: 'userRole', user: second.address })).toEqual({ role: 'agent', data: { user: master.address.toLowerCase() } });
  });

  it('given an agent signs approveAgent, then "Must deposit before performing actions. User: <agent>"', async () => {
    expect(await approveAgentRequest(t.sim.url, agent, key(0xc1).address, 'x', t.clock.nonce())).toEqual({
      status: 'err',
      response: `Must deposit before performing actions. User: ${agent.address.toLowerCase()}`,
    });
  });

  it('given a Mainnet-signed approval on the testnet simulator, then it recovers to an unfunded address', async () => {
    const reply = (await approveAgentRequest(t.sim.url, master, key(0xc2).address, 'x', t.clock.nonce(), 'Mainnet')) as { response: string };
    expect(reply.response).toMatch(/^Must deposit before performing actions\. User: 0x[0-9a-f]{40}$/);
    expect(reply.response).not.toContain(master.address.toLowerCase());
  });

  it('given valid_until in the past or beyond 180 days, then "Agent valid_until already expired."', async () => {
    const expired = { status: 'err', response: 'Agent valid_until already expired.' };
    expect(await approveAgentRequest(t.sim.url, master, key(0xd1).address, `a valid_until ${t.clock.now() - 1}`, t.clock.nonce())).toEqual(expired);
    expect(await approveAgentRequest(t.sim.url, master, key(0xd2).address, `a valid_until ${t.clock.now() + 181 * DAY}`, t.clock.nonce())).toEqual(expired);
    expect(await approveAgentRequest(t.sim.url, master, key(0xd3).address, `a valid_until ${t.clock.now() + 179 * DAY}`, t.clock.nonce())).toEqual(OK);
  });

  it('given three named agents, when a fourth name is approved, then the venue limit string', async () => {
    await approveAgentRequest(t.sim.url, master, key(0xe1).address, 'n1', t.clock.nonce());
    await approveAgentRequest(t.sim.url, master, key(0xe2).address, 'n2', t.clock.nonce());
    expect(await approveAgentRequest(t.sim.url, master, key(0xe3).address, 'n3', t.clock.nonce())).toEqual({
      status: 'err',
      response: 'Too many extra agents for cumulative volume traded. Current limit is 3',
    });
  });

  it('given an address approved before, when approved again, then "Extra agent already used."', async () => {
    expect(await approveAgentRequest(t.sim.url, master, agent.address, 'other', t.clock.nonce())).toEqual({
      status: 'err',
      response: 'Extra agent already used.',
    });
  });

  it('given approval of 0x0 under a name, then that agent is removed and can no longer sign', async () => {
    expect(await approveAgentRequest(t.sim.url, master, '0x0000000000000000000000000000000000000000', 'bot', t.clock.nonce())).toEqual(OK);
    expect(await info(t.sim.url, { type: 'extraAgents', user: master.address })).toEqual([]);
    expect(await exchange(t.sim.url, agent, { type: 'noop' }, { nonce: t.clock.nonce() })).toEqual({
      status: 'err',
      response: `User or API Wallet ${agent.address.toLowerCase()} does not exist.`,
    });
  });

  it('given a 17-character name, then the name-length error', async () => {
    expect(await approveAgentRequest(t.sim.url, master, key(0xf1).address, 'a'.repeat(17), t.clock.nonce())).toEqual({
      status: 'err',
      response: 'Extra agent name must be between 1 and 16 characters long',
    });
  });
});
