import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESSES, call, KEYS, keysBody, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

describe('GET/POST/DELETE /api/keys', () => {
  it('API-08, ENT-03: given a new user, when reading keys, then not configured and no private key', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'GET', '/api/keys', user.token);
    expect(res.json()).toEqual({
      success: true,
      data: {
        configured: false,
        accountAddress: null,
        apiWalletAddress: null,
        isTestnet: false,
        lastUsed: null,
        validUntil: null,
        approval: null,
        approvalMessage: null,
      },
    });
  });

  it('API-09, ENT-05, ENT-03: given the save payload {hyperliquidApiKey (the API wallet address), hyperliquidPrivateKey, accountAddress, isTestnet} of an approved API wallet, when saving, then the summary is configured with that wallet and never holds the private key', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'POST', '/api/keys', user.token, { ...keysBody('A'), hyperliquidApiKey: `  ${ADDRESSES.agentA}  ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      configured: true,
      accountAddress: ADDRESSES.masterA,
      apiWalletAddress: ADDRESSES.agentA,
      isTestnet: true,
      lastUsed: null,
      // The test app's agents are named, approved until 2100: the summary shows when Hyperliquid drops the wallet.
      validUntil: '2100-01-01T00:00:00.000Z',
      approval: 'confirmed',
      approvalMessage: null,
    });
    const read = await call(stack.t.app, 'GET', '/api/keys', user.token);
    expect(read.json().data.configured).toBe(true);
    expect(read.body).not.toContain(KEYS.agentA.slice(2));
    // LEGAL-08: the log holds the key only sealed.
    const events = await stack.t.store.eventStore.readStream(`user-${user.uid}`);
    expect(JSON.stringify(events)).not.toContain(KEYS.agentA.slice(2));
    expect(events.map((e) => e.type)).toContain('CredentialsSaved');
  });

  it('issue 28, points 1 and 2: given a named API wallet, when saving, then the check asks extraAgents only, the account mode is recorded with the keys and the first snapshot taken; the same key saved again asks no check', async () => {
    const user = await signUp(stack.t.app);
    const asked = (type: string) => stack.sim.stats().requestsByType[`info ${type}`] ?? 0;
    // an API wallet made in Hyperliquid's app: named
    const agentKey = generatePrivateKey();
    const master = privateKeyToAccount(generatePrivateKey()).address;
    const validUntil = Date.parse('2027-03-01T00:00:00.000Z');
    stack.sim.seedAccount({ address: master, usdc: 500, agents: [{ address: privateKeyToAccount(agentKey).address, name: 'hyperhook', validUntil }] });
    const body = { hyperliquidApiKey: privateKeyToAccount(agentKey).address, hyperliquidPrivateKey: agentKey, accountAddress: master, isTestnet: true };
    const before = { extraAgents: asked('extraAgents'), userRole: asked('userRole'), userAbstraction: asked('userAbstraction') };
    const first = await call(stack.t.app, 'POST', '/api/keys', user.token, body);
    expect(first.statusCode).toBe(200);
    // issue 42, point 2: the named wallet's expiry, from the same extraAgents answer, shows on the summary
    expect(first.json().data.validUntil).toBe('2027-03-01T00:00:00.000Z');
    expect({ extraAgents: asked('extraAgents'), userRole: asked('userRole') }).toEqual({ extraAgents: before.extraAgents + 1, userRole: before.userRole });
    const saved = (await stack.t.store.eventStore.readStream(`user-${user.uid}`)).find((e) => e.type === 'CredentialsSaved');
    expect(saved?.data).toMatchObject({ accountMode: 'standard', validUntil: '2027-03-01T00:00:00.000Z' });
    const account = await stack.t.store.eventStore.readStream(`account-${user.uid}`);
    expect(account.map((e) => [e.type, (e.data as { source?: string }).source])).toEqual([
      ['PositionsSnapshotTaken', 'keys'],
      ['BalanceSnapshotTaken', undefined],
    ]);
    // when: the same key again (a reload, a second tap)
    const checks = asked('extraAgents') + asked('userRole');
    expect((await call(stack.t.app, 'POST', '/api/keys', user.token, body)).statusCode).toBe(200);
    // then: no key check and no second mode read; only the account's look is taken again
    expect(asked('extraAgents') + asked('userRole')).toBe(checks);
    expect(asked('userAbstraction')).toBe(before.userAbstraction + 1);
  });

  it('VAL-07: given a malformed main account address, when saving, then 400 "Main account address must be 0x followed by 40 hexadecimal characters."', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'POST', '/api/keys', user.token, { ...keysBody('A'), accountAddress: '0x1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'Main account address must be 0x followed by 40 hexadecimal characters.',
      title: 'Invalid account address',
    });
  });

  it('VAL-08: given the same address twice (other case), when saving, then 400 "Two different addresses required"', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'POST', '/api/keys', user.token, {
      ...keysBody('A'),
      accountAddress: ADDRESSES.agentA.toUpperCase().replace('0X', '0x'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      title: 'Two different addresses required',
      error: 'The main account address cannot be the same as the API wallet address.',
    });
  });

  it('VAL-05, VAL-09, VAL-10: given missing or malformed fields, when saving, then 400 with the field named', async () => {
    const user = await signUp(stack.t.app);
    const missing = await call(stack.t.app, 'POST', '/api/keys', user.token, { ...keysBody('A'), hyperliquidPrivateKey: '   ' });
    expect(missing.json()).toMatchObject({
      error: 'Private key is required.',
      fieldErrors: [{ field: 'hyperliquidPrivateKey', message: 'Private key is required.' }],
    });
    const badKey = await call(stack.t.app, 'POST', '/api/keys', user.token, { ...keysBody('A'), hyperliquidPrivateKey: '0x1234' });
    expect(badKey.json().error).toBe('Private key must be 0x followed by 64 hexadecimal characters.');
    const badWallet = await call(stack.t.app, 'POST', '/api/keys', user.token, { ...keysBody('A'), hyperliquidApiKey: 'wallet' });
    expect(badWallet.json().error).toBe('API wallet address must be 0x followed by 40 hexadecimal characters.');
  });

  it("ERR-11, issue 42 point 2: given an API wallet Hyperliquid never approved (listed nowhere), when saving, then it is saved as checking, and the background check records it refused with the exchange check's message", async () => {
    // given
    const user = await signUp(stack.t.app);
    // when
    const res = await call(stack.t.app, 'POST', '/api/keys', user.token, {
      hyperliquidApiKey: ADDRESSES.stranger,
      hyperliquidPrivateKey: KEYS.stranger,
      accountAddress: ADDRESSES.masterA,
      isTestnet: true,
    });
    // then
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ configured: true });
    expect(['checking', 'refused']).toContain(res.json().data.approval);
    await vi.waitFor(async () => expect((await call(stack.t.app, 'GET', '/api/keys', user.token)).json().data.approval).toBe('refused'), { timeout: 30_000 });
    const read = (await call(stack.t.app, 'GET', '/api/keys', user.token)).json().data;
    expect(read.approvalMessage).toContain('does not know this API wallet');
    const checked = (await stack.t.store.eventStore.readStream(`user-${user.uid}`)).filter((e) => e.type === 'CredentialsChecked');
    expect(checked.map((e) => e.data)).toEqual([expect.objectContaining({ approved: false, problem: 'notApproved' })]);
  });

  it("ERR-11: given a key that belongs to another wallet, when saving, then 400 keyMismatch whose error string (the message ERR-11's toast shows) names the key's own wallet, without echoing the key", async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'POST', '/api/keys', user.token, { ...keysBody('A'), hyperliquidPrivateKey: KEYS.agentB });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'keyMismatch',
      error: `This private key belongs to the wallet ${ADDRESSES.agentB.toLowerCase()}, not to the API wallet address you entered (${ADDRESSES.agentA.toLowerCase()}). Paste the private key that was shown when that API wallet was generated.`,
    });
    expect(res.body).not.toContain(KEYS.agentB.slice(2));
  });

  it('API-10: given saved keys, when deleting, then not configured and the data key is destroyed (crypto-shredding)', async () => {
    const user = await signUp(stack.t.app);
    await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('A'));
    const saved = (await stack.t.store.eventStore.readStream(`user-${user.uid}`)).find((e) => e.type === 'CredentialsSaved');
    const keyId = (saved?.data as { sealedPrivateKey: { keyId: string } }).sealedPrivateKey.keyId;
    expect(await stack.t.store.keyStore.get(keyId)).toBeDefined();
    const res = await call(stack.t.app, 'DELETE', '/api/keys', user.token);
    expect(res.json()).toEqual({ success: true, data: { configured: false } });
    expect(await stack.t.store.keyStore.get(keyId)).toBeUndefined();
    expect((await call(stack.t.app, 'GET', '/api/keys', user.token)).json().data.configured).toBe(false);
    // Idempotent.
    expect((await call(stack.t.app, 'DELETE', '/api/keys', user.token)).statusCode).toBe(200);
  });

  it('API-09: given keys saved twice, when replaced, then the first data key is shredded', async () => {
    const user = await signUp(stack.t.app);
    await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('A'));
    await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('B'));
    const saves = (await stack.t.store.eventStore.readStream(`user-${user.uid}`)).filter((e) => e.type === 'CredentialsSaved');
    const [first, second] = saves.map((e) => (e.data as { sealedPrivateKey: { keyId: string } }).sealedPrivateKey.keyId);
    expect(await stack.t.store.keyStore.get(first as string)).toBeUndefined();
    expect(await stack.t.store.keyStore.get(second as string)).toBeDefined();
    expect((await call(stack.t.app, 'GET', '/api/keys', user.token)).json().data.accountAddress).toBe(ADDRESSES.masterB);
  });
});
