import { userStreamId, type SignalEvent } from '@hyperhook/domain';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/eventsourcing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_KEYS_MESSAGE } from '@hyperhook/trading';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';

const rejection = (events: readonly SignalEvent[]) => {
  const last = events.at(-1);
  return last?.type === 'SignalRejected' || last?.type === 'SignalFailed' ? { type: last.type, code: last.data.code, reason: last.data.reason } : null;
};

describe('executor: signals refused before signing (spec §5, §8, VAL-20)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  it('given a user without API keys, when an alert arrives, then it is rejected with "No API keys configured" and nothing is sent', async () => {
    await fx.addUser('u-nokeys', { keys: false });
    await fx.start();
    const signalId = await fx.receive('u-nokeys', { coin: 'BTC', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    expect(rejection(events)).toEqual({ type: 'SignalRejected', code: 'NO_CREDENTIALS', reason: NO_KEYS_MESSAGE });
    expect(fx.sim.stats().exchangeRequests).toBe(0);
  });

  it('issue 42, point 2: given keys whose named API wallet expired a minute ago, when an alert arrives, then it is rejected with KEYS_EXPIRED saying how to approve a new one, and nothing is signed', async () => {
    // given
    const user = await fx.addUser('u-expired', { validUntil: Date.now() - 60_000 });
    await fx.start();
    // when
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });
    const events = await fx.terminal(signalId);
    // then
    expect(rejection(events)).toMatchObject({ type: 'SignalRejected', code: 'KEYS_EXPIRED' });
    expect(rejection(events)?.reason).toContain(`Your API wallet ${user.apiWalletAddress} expired at `);
    expect(rejection(events)?.reason).toContain(`Authorize a new API wallet at app.hyperliquid-testnet.xyz → More → API for ${user.accountAddress}`);
    expect(fx.sim.stats().exchangeRequests).toBe(0);
  });

  it("issue 42, point 2: given an unnamed wallet the background check found approved for another account, when an alert arrives, then it is rejected with the check's message, and nothing is signed", async () => {
    // given
    const user = await fx.addUser('u-refused');
    const message = `This API wallet is authorized for the main account 0x${'ab'.repeat(20)}, not for ${user.accountAddress.toLowerCase()}.`;
    await fx.store.eventStore.append(userStreamId(user.uid), [
      toNewEvent({
        type: 'CredentialsChecked',
        v: 1,
        data: { apiWalletAddress: user.apiWalletAddress, approved: false, problem: 'wrongAccount', message, at: new Date().toISOString() },
      }),
    ]);
    await fx.start();
    // when
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });
    const events = await fx.terminal(signalId);
    // then
    expect(rejection(events)).toEqual({ type: 'SignalRejected', code: 'WALLET_NOT_APPROVED', reason: message });
    expect(fx.sim.stats().exchangeRequests).toBe(0);
  });

  it('issue 42, point 2: given keys whose API wallet is valid for another day, when an alert arrives, then it trades', async () => {
    // given
    const user = await fx.addUser('u-valid', { validUntil: Date.now() + 86_400_000 });
    await fx.start();
    // when
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });
    const events = await fx.terminal(signalId);
    // then
    expect(events.at(-1)?.type).toBe('SignalExecuted');
  });

  it('given a user who deleted their API keys (crypto-shredded), when an alert arrives, then it is rejected with "No API keys configured"', async () => {
    const user = await fx.addUser('u-deleted');
    const saved = decodeStreamEvents(await fx.store.eventStore.readStream(userStreamId(user.uid))).find((e) => e.type === 'CredentialsSaved');
    const dataKeyId = saved?.type === 'CredentialsSaved' ? saved.data.sealedPrivateKey.keyId : 'missing';
    await fx.store.eventStore.append(userStreamId(user.uid), [
      toNewEvent({ type: 'CredentialsDeleted', v: 1, data: { dataKeyId, at: new Date().toISOString() } }),
    ]);
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    expect(rejection(events)).toEqual({ type: 'SignalRejected', code: 'NO_CREDENTIALS', reason: NO_KEYS_MESSAGE });
    expect(fx.sim.stats().exchangeRequests).toBe(0);
  });

  it('given an alert received two minutes ago, when the executor picks it up, then it is rejected as stale and nothing is sent', async () => {
    const user = await fx.addUser('u-stale');
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 }, new Date(Date.now() - 120_000).toISOString());
    await fx.start();

    const events = await fx.terminal(signalId);

    expect(rejection(events)).toMatchObject({ type: 'SignalRejected', code: 'STALE_ALERT', reason: expect.stringContaining('60 s limit') });
    expect(fx.sim.stats().exchangeRequests).toBe(0);
  });

  it('given Require stop-loss, when an entry without stopLoss arrives, then it is rejected with STOP_LOSS_REQUIRED (VAL-20)', async () => {
    const user = await fx.addUser('u-sl', { settings: { trading: { requireStopLoss: true } } });
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    expect(rejection(events)).toMatchObject({ type: 'SignalRejected', code: 'STOP_LOSS_REQUIRED' });
    expect(fx.sim.stats().exchangeRequests).toBe(0);
  });

  it('given Max Open Positions 1 and an open BTC long, when an ETH entry arrives, then it is rejected with MAX_OPEN_POSITIONS', async () => {
    const user = await fx.addUser('u-max', { settings: { riskLimits: { maxOpenPositions: 1 } } });
    await fx.start();
    await fx.terminal(await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 }));
    const signalId = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    expect(rejection(events)).toMatchObject({ type: 'SignalRejected', code: 'MAX_OPEN_POSITIONS' });
  });

  it('given a $5 entry at 1x, when it arrives, then it is rejected below the $10 minimum before signing', async () => {
    const user = await fx.addUser('u-min');
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 5, leverage: 1 });

    const events = await fx.terminal(signalId);

    expect(rejection(events)).toMatchObject({ type: 'SignalRejected', code: 'BELOW_MINIMUM_NOTIONAL' });
    expect(fx.sim.stats().exchangeRequests).toBe(0);
  });

  it('given a close without an open position, when it arrives, then it is rejected with NO_POSITION_TO_CLOSE', async () => {
    const user = await fx.addUser('u-noclose');
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'SOL', action: 'close' });

    const events = await fx.terminal(signalId);

    expect(rejection(events)).toMatchObject({ type: 'SignalRejected', code: 'NO_POSITION_TO_CLOSE' });
  });

  it('given a coin Hyperliquid does not list, when it arrives, then it is rejected with UNKNOWN_COIN', async () => {
    const user = await fx.addUser('u-coin');
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'NOPE', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    expect(rejection(events)).toMatchObject({ type: 'SignalRejected', code: 'UNKNOWN_COIN', reason: expect.stringContaining('NOPE') });
  });

  it("given an API wallet the exchange never approved, when an entry arrives, then the signal fails with the exchange's own refusal", async () => {
    const user = await fx.addUser('u-agent', { approveAgent: false });
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });

    const events = await fx.terminal(signalId);

    const outcome = rejection(events);
    expect(outcome).toMatchObject({ type: 'SignalFailed', code: expect.stringMatching(/^(EXCHANGE|LEVERAGE)_REJECTED$/) });
    expect(outcome?.reason).toMatch(/does not exist|not approved|API Wallet/i);
    expect(fx.sim.stats().ordersAccepted).toBe(0);
  });
});
