import { toNewEvent } from '@hyperhook/eventsourcing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import { call, signUp, useTestApp } from '../../testing/testApp.js';

// A stack of its own: the venue's minute starts unused, so the check finds its room at once.
const stack = useTestApp();

const asked = (type: string) => stack.sim.stats().requestsByType[`info ${type}`] ?? 0;

describe('an approval check left unfinished is resumed (issue 42, point 2)', () => {
  it('issue 42, point 2: given an unnamed wallet left checking (the process that saved it stopped before its check), when the trader reads the keys, then the check runs again and confirms it', async () => {
    // given: the save's record, as a process that stopped before its background check left it
    const user = await signUp(stack.t.app);
    const agentKey = generatePrivateKey();
    const master = privateKeyToAccount(generatePrivateKey()).address;
    const agent = privateKeyToAccount(agentKey).address;
    stack.sim.seedAccount({ address: master, usdc: 500, agents: [{ address: agent }] });
    const { deps } = stack.t.app;
    const saved = await deps.store.eventStore.append(`user-${user.uid}`, [
      toNewEvent({
        type: 'CredentialsSaved',
        v: 1,
        data: {
          apiWalletAddress: agent,
          accountAddress: master,
          isTestnet: true,
          sealedPrivateKey: await deps.sealers.credentials.seal(user.uid, agentKey),
          at: deps.clock().toISOString(),
          unconfirmed: true,
        },
      }),
    ]);
    await deps.projection.waitFor(saved.lastPosition);
    const roles = asked('userRole');
    // when
    const first = await call(stack.t.app, 'GET', '/api/keys', user.token);
    await call(stack.t.app, 'GET', '/api/keys', user.token);
    // then
    expect(first.json().data.approval).toBe('checking');
    await vi.waitFor(async () => expect((await call(stack.t.app, 'GET', '/api/keys', user.token)).json().data.approval).toBe('confirmed'), { timeout: 15_000 });
    // one check for the two reads that found it checking
    expect(asked('userRole') - roles).toBe(1);
  });
});
