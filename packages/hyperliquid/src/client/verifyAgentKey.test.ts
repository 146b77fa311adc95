import type { UserRoleResponse } from '@nktkas/hyperliquid/api/info';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { rejected, transientError } from './exchangeOutcome.js';
import { HyperliquidReadError } from './readError.js';
import { AgentKeyCheckSchema, confirmUnnamedAgent, rememberCheckUntil, verifyAgentKey, type AgentKeyLookups } from './verifyAgentKey.js';

const AGENT_KEY = `0x${'a1'.repeat(32)}` as const;
const AGENT = privateKeyToAccount(AGENT_KEY).address;
const MASTER = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';

function lookups(role: UserRoleResponse | Error, extra: AgentKeyLookups['extraAgents'] = async () => []): AgentKeyLookups & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    userRole: async (who) => {
      asked.push(who);
      if (role instanceof Error) throw role;
      return role;
    },
    extraAgents: extra,
  };
}

const input = (overrides: Partial<Parameters<typeof verifyAgentKey>[0]> = {}) => ({
  privateKey: AGENT_KEY,
  apiWalletAddress: AGENT,
  accountAddress: MASTER,
  isTestnet: true,
  ...overrides,
});

describe('verifyAgentKey', () => {
  it('given an agent approved for the account, when checked, then ok with lower-case addresses', async () => {
    const io = lookups({ role: 'agent', data: { user: MASTER } });
    const result = await verifyAgentKey(input(), io);
    expect(AgentKeyCheckSchema.parse(result)).toEqual({
      ok: true,
      apiWalletAddress: AGENT.toLowerCase(),
      accountAddress: MASTER,
      agentName: null,
      validUntil: null,
      confirmed: true,
    });
    expect(io.asked).toEqual([AGENT.toLowerCase()]); // the role of the API wallet, not of the master
  });

  it('issue 42, point 2: given a wallet extraAgents does not list and deferUnnamed, when checked, then ok unconfirmed without asking userRole; confirmUnnamedAgent then asks it and tells another account apart', async () => {
    // given
    const io = lookups({ role: 'agent', data: { user: '0x3333333333333333333333333333333333333333' } });
    // when
    const deferred = await verifyAgentKey(input(), io, { deferUnnamed: true });
    // then
    expect(deferred).toEqual({ ok: true, apiWalletAddress: AGENT.toLowerCase(), accountAddress: MASTER, agentName: null, validUntil: null, confirmed: false });
    expect(io.asked).toEqual([]);
    const confirmed = await confirmUnnamedAgent({ apiWallet: AGENT.toLowerCase() as `0x${string}`, account: MASTER as `0x${string}`, isTestnet: true }, io);
    expect(confirmed).toMatchObject({ ok: false, problem: 'otherMaster' });
    expect(io.asked).toEqual([AGENT.toLowerCase()]);
    // and a check left unconfirmed is never remembered: the next save asks again
    expect(rememberCheckUntil(deferred, 0, 60_000)).toBeUndefined();
  });

  it('issue 42, point 2: given extraAgents refused (a venue that does not know it) and deferUnnamed, when checked, then userRole is asked at once as before', async () => {
    const io = lookups({ role: 'missing' }, async () => {
      throw new HyperliquidReadError('the named API wallets', rejected({ reason: 'badRequest', message: 'unknown request', stage: 'venue', httpStatus: 422 }));
    });
    expect(await verifyAgentKey(input(), io, { deferUnnamed: true })).toMatchObject({ ok: false, problem: 'notApproved' });
    expect(io.asked).toEqual([AGENT.toLowerCase()]);
  });

  it('given a named agent, when checked, then its name and expiry are reported', async () => {
    const io = lookups({ role: 'agent', data: { user: MASTER } }, async () => [{ address: AGENT, name: 'hyperhook', validUntil: 1_800_000_000_000 }]);
    expect(await verifyAgentKey(input(), io)).toMatchObject({ ok: true, agentName: 'hyperhook', validUntil: 1_800_000_000_000 });
  });

  it('given a named agent whose expiry passed but the venue still lists, when checked, then notApproved with the expiry', async () => {
    const io = { ...lookups({ role: 'agent', data: { user: MASTER } }, async () => [{ address: AGENT, name: 'old', validUntil: 1_000 }]), now: () => 2_000 };
    const result = await verifyAgentKey(input(), io);
    expect(result).toMatchObject({ ok: false, problem: 'notApproved', message: expect.stringContaining('expired on 1970-01-01T00:00:01.000Z') });
  });

  it('given a key that derives another address, when checked, then keyMismatch names both addresses and the venue is not asked', async () => {
    const io = lookups({ role: 'agent', data: { user: MASTER } });
    const result = await verifyAgentKey(input({ apiWalletAddress: OTHER }), io);
    expect(result).toMatchObject({ ok: false, problem: 'keyMismatch', transient: false });
    expect(result.ok === false && result.message).toContain(AGENT.toLowerCase());
    expect(result.ok === false && result.message).toContain(OTHER);
    expect(io.asked).toEqual([]);
  });

  it('given a main account key pasted as API wallet, when checked, then mainAccountKey explains how to create an API wallet', async () => {
    const result = await verifyAgentKey(input(), lookups({ role: 'user' }));
    expect(result).toMatchObject({ ok: false, problem: 'mainAccountKey', message: expect.stringContaining('not an API wallet') });
    expect(result.ok === false && result.message).toContain('app.hyperliquid-testnet.xyz');
  });

  it('given an unapproved or expired agent, when checked, then notApproved says how to authorize it', async () => {
    const result = await verifyAgentKey(input({ isTestnet: false }), lookups({ role: 'missing' }));
    expect(result).toMatchObject({ ok: false, problem: 'notApproved', message: expect.stringContaining('never authorized, its authorization expired') });
    expect(result.ok === false && result.message).toContain('Testnet setting');
  });

  it('given an agent of another main account, when checked, then otherMaster names that account', async () => {
    const result = await verifyAgentKey(input(), lookups({ role: 'agent', data: { user: OTHER } }));
    expect(result).toMatchObject({ ok: false, problem: 'otherMaster', message: expect.stringContaining(OTHER) });
  });

  it('given the master address in another case, when checked, then it still matches', async () => {
    const upper = '0xABCDEF0000000000000000000000000000000001';
    const result = await verifyAgentKey(input({ accountAddress: upper }), lookups({ role: 'agent', data: { user: upper.toLowerCase() as `0x${string}` } }));
    expect(result.ok).toBe(true);
  });

  it('given a vault or a sub-account address, when checked, then it is refused as not an API wallet', async () => {
    expect(await verifyAgentKey(input(), lookups({ role: 'vault' }))).toMatchObject({ ok: false, problem: 'vault' });
    expect(await verifyAgentKey(input(), lookups({ role: 'subAccount', data: { master: MASTER } }))).toMatchObject({ ok: false, problem: 'subAccount' });
  });

  it('given the venue unreachable, when checked, then unreachable and transient', async () => {
    expect(await verifyAgentKey(input(), lookups(new Error('ECONNREFUSED')))).toMatchObject({ ok: false, problem: 'unreachable', transient: true });
  });

  it('given malformed keys, when checked, then invalidKey without echoing the key', async () => {
    for (const privateKey of ['0x1234', `0x${'zz'.repeat(32)}`, `0x${'00'.repeat(32)}`]) {
      const result = await verifyAgentKey(input({ privateKey }), lookups({ role: 'user' }));
      expect(result).toMatchObject({ ok: false, problem: 'invalidKey' });
      expect(JSON.stringify(result)).not.toContain(privateKey.slice(2));
    }
  });

  it('given any answer, when checked, then the private key never appears in the result', async () => {
    for (const role of [{ role: 'user' }, { role: 'missing' }, { role: 'agent', data: { user: OTHER } }] as UserRoleResponse[]) {
      const result = await verifyAgentKey(input(), lookups(role));
      expect(JSON.stringify(result)).not.toContain(AGENT_KEY.slice(2));
    }
  });

  it('given malformed addresses, when checked, then invalidAddress', async () => {
    expect(await verifyAgentKey(input({ accountAddress: '0x12' }), lookups({ role: 'user' }))).toMatchObject({ ok: false, problem: 'invalidAddress' });
    expect(await verifyAgentKey(input({ apiWalletAddress: 'nope' }), lookups({ role: 'user' }))).toMatchObject({ ok: false, problem: 'invalidAddress' });
  });

  it('given a named agent of the account, when checked, then userRole (60 weight) is never asked (issue 28, point 1)', async () => {
    const io = lookups(new Error('userRole must not be asked'), async () => [{ address: AGENT, name: 'hyperhook', validUntil: 4_102_444_800_000 }]);
    expect(await verifyAgentKey(input(), io)).toMatchObject({ ok: true, agentName: 'hyperhook' });
    expect(io.asked).toEqual([]);
  });

  it('given a venue that does not know extraAgents (4xx), when checked, then userRole answers alone', async () => {
    const refused = new HyperliquidReadError(
      'the named API wallets',
      rejected({ reason: 'badRequest', message: 'Failed to deserialize the JSON body into the target type', stage: 'venue', httpStatus: 422 }),
    );
    const io = lookups({ role: 'agent', data: { user: MASTER } }, async () => Promise.reject(refused));
    expect(await verifyAgentKey(input(), io)).toMatchObject({ ok: true, agentName: null });
  });

  it('given this server\'s budget refused the read, when checked, then busy with the wait, never "could not be reached" (issue 28, point 3)', async () => {
    const refused = new HyperliquidReadError(
      'the API wallet',
      transientError({
        reason: 'budgetExhausted',
        message: "hyperhook is at Hyperliquid's request limit for this server; try again in 12 s.",
        stage: 'client',
        retryAfterMs: 11_400,
      }),
    );
    const result = await verifyAgentKey(
      input(),
      lookups(refused, async () => Promise.reject(refused)),
    );
    expect(result).toEqual({
      ok: false,
      problem: 'busy',
      transient: true,
      retryAfterMs: 11_400,
      message: "hyperhook is at Hyperliquid's request limit for this server; try again in 12 s.",
    });
  });

  it("given the venue answered 429, when checked, then busy naming Hyperliquid's limit and its Retry-After", async () => {
    const limited = new HyperliquidReadError(
      'the API wallet',
      transientError({
        reason: 'rateLimited',
        message: 'Hyperliquid is rate limiting requests (HTTP 429)',
        stage: 'venue',
        httpStatus: 429,
        retryAfterMs: 3_000,
      }),
    );
    const result = await verifyAgentKey(input(), lookups(limited));
    expect(result).toEqual({
      ok: false,
      problem: 'busy',
      transient: true,
      retryAfterMs: 3_000,
      message: 'Hyperliquid testnet is limiting requests from this server; try again in 3 s.',
    });
  });
});
