import { accountStreamId, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { createMeterMemory, HyperliquidClient, WeightMeter } from '@hyperhook/hyperliquid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotEvents } from '@hyperhook/trading';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';

const executed = (events: readonly SignalEvent[]) => events.find((e) => e.type === 'SignalExecuted');
const planned = (events: readonly SignalEvent[]) => events.find((e) => e.type === 'OrderPlanned');

// A fresh simulator and store for every test of both groups.
let fx: ExecutorFixture;
beforeEach(async () => {
  fx = await createExecutorFixture();
});
afterEach(async () => {
  await fx.close();
});

/** clearinghouseState reads the venue has answered so far. */
const accountReads = () => fx.sim.stats().requestsByType['info clearinghouseState'] ?? 0;

describe('executor: account state tracked, not re-read (issue 14, point 2)', () => {
  it('given fixed-size alerts of one user, when they follow each other, then the account is read for the first only', async () => {
    const user = await fx.addUser('u-fixed');
    // The fill recorder's own reads are held back, so only the order path is counted; a balance
    // age of 1 ms shows that a fixed size does not wait on one.
    await fx.start({ fillBatchDelayMs: 60_000, accountCacheTtlMs: 1 });
    const first = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });
    expect(executed(await fx.terminal(first))).toBeDefined();
    const afterFirst = accountReads();
    for (const action of ['buy', 'sell', 'buy'] as const) {
      const next = await fx.receive(user.uid, { coin: 'BTC', action, size: 100, leverage: 2 });
      expect(executed(await fx.terminal(next))?.data).toMatchObject({ status: 'filled' });
    }
    expect(afterFirst).toBeGreaterThan(0);
    expect(accountReads()).toBe(afterFirst);
  });

  it('given tracked state, when the user syncs positions, then their next fixed-size alert reads the account again', async () => {
    const user = await fx.addUser('u-sync');
    await fx.start({ fillBatchDelayMs: 60_000 });
    const first = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });
    expect(executed(await fx.terminal(first))).toBeDefined();
    const second = await fx.receive(user.uid, { coin: 'BTC', action: 'sell', size: 100, leverage: 2 });
    expect(executed(await fx.terminal(second))).toBeDefined();
    const tracked = accountReads();
    // the Positions tab's sync, as the api records it
    await fx.store.eventStore.append(accountStreamId(user.uid), [
      toNewEvent({ type: 'PositionsSnapshotTaken', v: 2, data: { at: new Date().toISOString(), source: 'sync', positions: [] } }),
    ]);
    await expect
      .poll(() => fx.logs.some((entry) => entry.msg === 'tracked account forgotten after a sync' && entry.userId === user.uid), { timeout: 10_000 })
      .toBe(true);

    const third = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });
    expect(executed(await fx.terminal(third))).toBeDefined();
    expect(accountReads()).toBe(tracked + 1);
  });

  it("issue 28, point 2: given keys saved with the account mode and the account's first look recorded, when the trader's first fixed-size alert comes, then the order needs no account read", async () => {
    const user = await fx.addUser('u-first', { accountMode: 'standard' });
    await fx.start({ fillBatchDelayMs: 60_000 });
    // the key save's look at the account, as the api records it
    const account = { accountAddress: user.accountAddress, isTestnet: true, mode: 'standard' as const };
    const look = snapshotEvents(await fx.client.getAccountSnapshot(account), new Date().toISOString(), 'keys');
    await fx.store.eventStore.append(
      accountStreamId(user.uid),
      look.map((e) => toNewEvent(e)),
    );
    await expect
      .poll(() => fx.logs.some((entry) => entry.msg === 'account snapshot of the key save tracked' && entry.userId === user.uid), { timeout: 10_000 })
      .toBe(true);
    // the market list and mid prices every trader shares, already at hand as in a running product
    await fx.client.getAsset(true, 'BTC');
    await fx.client.getMids(true);
    const before = { ...fx.sim.stats().requestsByType };

    const first = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });
    expect(executed(await fx.terminal(first))?.data).toMatchObject({ status: 'filled' });
    const asked = Object.fromEntries(
      Object.entries(fx.sim.stats().requestsByType)
        .map(([type, n]) => [type, n - (before[type] ?? 0)])
        .filter(([, n]) => n !== 0),
    );
    // the reads sizing depends on are at hand: only the leverage read and update, and the order
    expect(asked).toEqual({ 'info activeAssetData': 1, 'exchange updateLeverage': 1, 'exchange order': 1 });
  });

  it('given keys saved with the account mode, when fills are recorded after an order, then the venue is never asked the mode', async () => {
    const user = await fx.addUser('u-mode', { accountMode: 'standard' });
    await fx.start();
    const first = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });
    expect(executed(await fx.terminal(first))).toBeDefined();
    await expect.poll(async () => (await fx.events(accountStreamId(user.uid))).some((e) => e.type === 'FillRecorded'), { timeout: 10_000 }).toBe(true);
    expect(fx.sim.stats().requestsByType['info clearinghouseState']).toBeGreaterThan(0);
    expect(fx.sim.stats().requestsByType['info userAbstraction']).toBeUndefined();
  });

  it("given keys saved without a known account mode, when the key save's look is recorded, then it is not tracked and the first alert reads the account", async () => {
    const user = await fx.addUser('u-nomode');
    await fx.start({ fillBatchDelayMs: 60_000 });
    const look = snapshotEvents(await fx.client.getAccountSnapshot({ accountAddress: user.accountAddress, isTestnet: true }), new Date().toISOString(), 'keys');
    await fx.store.eventStore.append(
      accountStreamId(user.uid),
      look.map((e) => toNewEvent(e)),
    );
    const reads = accountReads();
    const first = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });
    expect(executed(await fx.terminal(first))).toBeDefined();
    expect(accountReads()).toBe(reads + 1);
    expect(fx.logs.some((entry) => entry.msg === 'account snapshot of the key save tracked')).toBe(false);
  });

  it('given a %-of-balance user, when the tracked balance is older than its age, then it is refused and read again', async () => {
    const user = await fx.addUser('u-pct', { settings: { positionSizing: { mode: 'percentage_balance', value: 2 } } });
    await fx.start({ fillBatchDelayMs: 60_000, accountCacheTtlMs: 50 });
    const first = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', leverage: 2 });
    expect(executed(await fx.terminal(first))).toBeDefined();
    const afterFirst = accountReads();
    // older than the 50 ms a balance may be
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', leverage: 2 });
    expect(executed(await fx.terminal(second))).toBeDefined();
    expect(accountReads()).toBe(afterFirst + 1);
  });

  it('given a tracked balance too small for the alert, when money arrived meanwhile, then the plan is made again on a fresh read and trades in full', async () => {
    const user = await fx.addUser('u-topup', { usdc: 4 });
    await fx.start({ fillBatchDelayMs: 60_000 });
    const poor = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });
    const refused = await fx.terminal(poor);
    expect(refused.some((e) => e.type === 'SignalRejected')).toBe(true);
    fx.sim.seedAccount({ address: user.accountAddress, usdc: 10_000 });
    const readsBefore = accountReads();

    const rich = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });
    const events = await fx.terminal(rich);

    expect(executed(events)?.data).toMatchObject({ status: 'filled' });
    expect(planned(events)?.data).toMatchObject({ plan: { amountUsd: 100 } });
    expect(accountReads()).toBe(readsBefore + 1);
  });
});

describe('executor: one exchange call per alert, inside the venue budget (issue 14, points 1 and 4)', () => {
  it('given prices over the WebSocket and a user who traded, when fixed-size alerts follow, then each costs the venue one REST request: the order', async () => {
    const client = new HyperliquidClient({
      testnetApiUrl: fx.sim.url,
      mainnetApiUrl: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
      nonces: fx.nonces,
      marketSocket: true,
    });
    try {
      const user = await fx.addUser('u-steady');
      await fx.start({ client, fillBatchDelayMs: 60_000 });
      const first = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 100, leverage: 3 });
      expect(executed(await fx.terminal(first))).toBeDefined();
      const before = { ...fx.sim.stats().requestsByType };
      for (const action of ['sell', 'buy', 'sell', 'buy'] as const) {
        const next = await fx.receive(user.uid, { coin: 'ETH', action, size: 100, leverage: 3 });
        expect(executed(await fx.terminal(next))?.data).toMatchObject({ status: 'filled' });
      }
      const after = fx.sim.stats().requestsByType;
      const sent = Object.fromEntries(
        Object.entries(after)
          .map(([type, n]) => [type, n - (before[type] ?? 0)])
          .filter(([, n]) => n !== 0),
      );
      expect(sent).toEqual({ 'exchange order': 4 });
    } finally {
      await client.close();
    }
  });

  it('given the exchange budget used up, when an alert arrives, then nothing beyond it is sent and the signal fails as the exchange being unavailable', async () => {
    // Another thread of the process used the whole minute: requests wait 200 ms for room that never comes.
    const memory = createMeterMemory();
    new WeightMeter({ budgetPerMinute: 30, memory }).charge(30);
    const client = new HyperliquidClient({
      testnetApiUrl: fx.sim.url,
      mainnetApiUrl: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
      nonces: fx.nonces,
      weightBudget: { perMinute: 30, maxWaitMs: 200, memory: { testnet: memory } },
      backoff: { maxRetries: 1, baseDelayMs: 20, maxDelayMs: 50 },
    });
    try {
      const user = await fx.addUser('u-budget');
      await fx.start({ client, retryDeadlineMs: 1_500, fillBatchDelayMs: 60_000 });
      const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });
      const events = await fx.terminal(signalId);
      const failed = events.find((e) => e.type === 'SignalFailed');
      expect(failed?.type === 'SignalFailed' && failed.data).toMatchObject({
        code: 'EXCHANGE_UNAVAILABLE',
        reason: expect.stringContaining("hyperhook is at Hyperliquid's request limit for this server; try again in"),
      });
      expect(client.budget(true).used).toBe(30);
      expect(fx.sim.stats().requestsByType).toEqual({});
      expect(fx.sim.stats().rateLimited).toBe(0);
    } finally {
      await client.close();
    }
  });
});
