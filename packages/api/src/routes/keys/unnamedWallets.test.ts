import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import { call, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

/** A main account with an API wallet approved without a name, as the SDKs approve them. */
function unnamedWallet() {
  const agentKey = generatePrivateKey();
  const master = privateKeyToAccount(generatePrivateKey()).address;
  const agent = privateKeyToAccount(agentKey).address;
  stack.sim.seedAccount({ address: master, usdc: 500, agents: [{ address: agent }] });
  return { hyperliquidApiKey: agent, hyperliquidPrivateKey: agentKey, accountAddress: master, isTestnet: true };
}

const asked = (type: string) => stack.sim.stats().requestsByType[`info ${type}`] ?? 0;

describe('unnamed API wallets cost a save what a named one does (issue 42, point 2)', () => {
  it("issue 42, point 2: given another account's unnamed wallet, when saved for this account, then the background check refuses it with the message naming that account", async () => {
    // given
    const user = await signUp(stack.t.app);
    const theirs = unnamedWallet();
    const mine = privateKeyToAccount(generatePrivateKey()).address;
    stack.sim.seedAccount({ address: mine, usdc: 100 });
    // when
    const res = await call(stack.t.app, 'POST', '/api/keys', user.token, { ...theirs, accountAddress: mine });
    // then
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await call(stack.t.app, 'GET', '/api/keys', user.token)).json().data.approval).toBe('refused'), { timeout: 15_000 });
    expect((await call(stack.t.app, 'GET', '/api/keys', user.token)).json().data.approvalMessage).toContain(
      `This API wallet is authorized for the main account ${theirs.accountAddress.toLowerCase()}, not for ${mine.toLowerCase()}.`,
    );
  });

  it('issue 42, point 2: given ten traders with unnamed wallets, when all save their keys within the minute, then all ten are saved (none refused for the budget), checking, each having asked the venue what a named wallet’s save asks and nothing more before answering', async () => {
    // given
    const traders = await Promise.all(Array.from({ length: 10 }, async () => ({ user: await signUp(stack.t.app), body: unnamedWallet() })));
    const listed = asked('extraAgents');
    // when
    const answers = [];
    for (const { user, body } of traders) {
      const res = await call(stack.t.app, 'POST', '/api/keys', user.token, body);
      answers.push([res.statusCode, (res.json() as { data?: { approval?: string } }).data?.approval]);
    }
    // then: each save asked extraAgents once, as a named wallet's does, and answered before any userRole (recorded unconfirmed)
    expect(answers.map(([status]) => status)).toEqual(Array.from({ length: 10 }, () => 200));
    for (const [, approval] of answers) expect(['checking', 'confirmed']).toContain(approval);
    expect(asked('extraAgents') - listed).toBe(10);
    for (const { user } of traders) {
      const saved = (await stack.t.store.eventStore.readStream(`user-${user.uid}`)).find((e) => e.type === 'CredentialsSaved');
      expect(saved?.data).toMatchObject({ unconfirmed: true });
    }
    // and the background confirms them at the deferrable priority: the first within seconds
    const first = traders[0]!;
    await vi.waitFor(async () => expect((await call(stack.t.app, 'GET', '/api/keys', first.user.token)).json().data.approval).toBe('confirmed'), {
      timeout: 15_000,
    });
    for (const { user } of traders) expect(['checking', 'confirmed']).toContain((await call(stack.t.app, 'GET', '/api/keys', user.token)).json().data.approval);
  });

  it('issue 42, point 2: given a main account pasted as the API wallet, when saving, then it is still refused at once (400 mainAccountKey), nothing saved', async () => {
    const user = await signUp(stack.t.app);
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    const res = await call(stack.t.app, 'POST', '/api/keys', user.token, {
      hyperliquidApiKey: address,
      hyperliquidPrivateKey: key,
      accountAddress: address,
      isTestnet: true,
    });
    expect(res.statusCode).toBe(400);
    expect((await call(stack.t.app, 'GET', '/api/keys', user.token)).json().data.configured).toBe(false);
  });
});
