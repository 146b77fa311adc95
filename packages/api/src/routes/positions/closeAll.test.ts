import { cloidForSignal } from '@hyperhook/hyperliquid';
import type { Executor } from '@hyperhook/executor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testing/eventually.js';
import { openBtcLong } from '../../testing/openBtcLong.js';
import { startTestExecutor } from '../../testing/startTestExecutor.js';
import { call, seedFreshAccount, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

describe('POST /api/positions/close-all: the panic close (issue 29, point 4)', () => {
  let executor: Executor;
  beforeAll(async () => {
    executor = await startTestExecutor(stack.t);
  });
  afterAll(async () => {
    await executor.stop();
  });

  it('given a BTC long and an ETH short and all trading paused, when the trader confirms with "CLOSE ALL", then each gets its own reduce-only close and log row, both execute, the account is flat, and the request is an event', async () => {
    // given
    const user = await signUp(stack.t.app);
    const account = seedFreshAccount(stack.sim, 10_000);
    expect((await call(stack.t.app, 'POST', '/api/keys', user.token, account.keys)).statusCode).toBe(200);
    expect((await openBtcLong(stack.t.client, account.signer, '0.002', cloidForSignal('close-all-btc'))).outcome.kind).toBe('filled');
    const short = await stack.t.client.placeOrder(account.signer, {
      coin: 'ETH',
      isBuy: false,
      price: '3465',
      size: '0.1',
      reduceOnly: false,
      tif: 'Ioc',
      cloid: cloidForSignal('close-all-eth'),
    });
    expect(short.outcome.kind).toBe('filled');
    await call(stack.t.app, 'POST', '/api/trading/pause-all', user.token);
    // when: a slip of the finger first
    const refused = await call(stack.t.app, 'POST', '/api/positions/close-all', user.token, { confirm: 'close all' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'CONFIRMATION_REQUIRED', error: 'Type "CLOSE ALL" to confirm closing every open position.' });
    expect((await stack.t.store.eventStore.readStream(`user-${user.uid}`)).some((e) => e.type === 'CloseAllRequested')).toBe(false);
    const res = await call(stack.t.app, 'POST', '/api/positions/close-all', user.token, { confirm: 'CLOSE ALL' });
    // then
    expect(res.statusCode, res.body).toBe(200);
    const closing: { coin: string; webhookLogId: string }[] = res.json().data.closing;
    expect(closing.map((c) => c.coin).sort()).toEqual(['BTC', 'ETH']);
    await eventually(async () => {
      const logs = (await call(stack.t.app, 'GET', '/api/webhook-logs', user.token)).json<{
        data: { webhookLogId: string; status: string; payload: { action?: string } }[];
      }>().data;
      for (const { webhookLogId } of closing)
        expect(logs.find((log) => log.webhookLogId === webhookLogId)).toMatchObject({ status: 'executed', payload: { action: 'close' } });
    });
    expect((await stack.t.client.getAccountSnapshot({ accountAddress: account.keys.accountAddress, isTestnet: true })).positions).toEqual([]);
    const requested = (await stack.t.store.eventStore.readStream(`user-${user.uid}`)).find((e) => e.type === 'CloseAllRequested');
    expect(requested?.data).toMatchObject({ coins: expect.arrayContaining(['BTC', 'ETH']), signalIds: closing.map((c) => c.webhookLogId) });
  });

  it('issue 39, point 2: given a strategy trading on a sub-account that holds ETH, when the trader closes all, then the sub-account’s position is closed too, signed for it', async () => {
    // given
    const user = await signUp(stack.t.app);
    const account = seedFreshAccount(stack.sim, 10_000);
    expect((await call(stack.t.app, 'POST', '/api/keys', user.token, account.keys)).statusCode).toBe(200);
    const sub = `0x${'3c'.repeat(20)}`;
    stack.sim.createSubAccount({ master: account.keys.accountAddress, address: sub, name: 'close-all-sub', usdc: 5_000 });
    const strategy: string = (await call(stack.t.app, 'POST', '/api/strategies', user.token, { name: 'On sub' })).json().data.id;
    expect((await call(stack.t.app, 'PATCH', `/api/strategies/${strategy}`, user.token, { subAccountAddress: sub })).statusCode).toBe(200);
    const onSub = await stack.t.client.placeOrder(
      { ...account.signer, accountAddress: sub, vaultAddress: sub },
      { coin: 'ETH', isBuy: true, price: '3535', size: '0.1', reduceOnly: false, tif: 'Ioc', cloid: cloidForSignal('close-all-sub') },
    );
    expect(onSub.outcome.kind).toBe('filled');
    // when
    const res = await call(stack.t.app, 'POST', '/api/positions/close-all', user.token, { confirm: 'CLOSE ALL' });
    // then
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.closing.map((c: { coin: string }) => c.coin)).toEqual(['ETH']);
    await eventually(async () => expect((await stack.t.client.getAccountSnapshot({ accountAddress: sub, isTestnet: true })).positions).toEqual([]));
  });

  it('given no keys, when closing all, then 400 "No API keys configured" and nothing is recorded', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'POST', '/api/positions/close-all', user.token, { confirm: 'CLOSE ALL' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('No API keys configured');
    expect((await stack.t.store.eventStore.readStream(`user-${user.uid}`)).some((e) => e.type === 'CloseAllRequested')).toBe(false);
  });
});
