import { randomBytes } from 'node:crypto';
import { accountStreamId, userStreamId, type DomainEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILLS_CLOCK_MARGIN_MS } from './fillRecorder.js';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';

const fillsOf = (events: readonly DomainEvent[]) => events.filter((e) => e.type === 'FillRecorded');

describe("fill recorder: fills and account state after the executor's orders, batched per user", () => {
  let fx: ExecutorFixture;
  let fillReads: number;
  let fillReadsSince: number[];
  beforeEach(async () => {
    fx = await createExecutorFixture();
    fillReads = 0;
    const read = fx.client.getUserFills.bind(fx.client);
    fillReadsSince = [];
    fx.client.getUserFills = async (...args) => {
      fillReads += 1;
      fillReadsSince.push(args[1]);
      return read(...args);
    };
  });
  afterEach(async () => {
    await fx.close();
  });

  /**
   * The waits the fill recorder asks for before each read, recorded; the read then runs at once:
   * the test asserts the wait the recorder chose, not how long the wall clock took (issue 40, point 8).
   */
  function recordedWaits(): { waits: number[]; fillTimer: (run: () => void, delayMs: number) => NodeJS.Timeout } {
    const waits: number[] = [];
    const fillTimer = (run: () => void, delayMs: number): NodeJS.Timeout => {
      waits.push(delayMs);
      return setTimeout(run, 0);
    };
    return { waits, fillTimer };
  }

  /** A BTC buy executed by an executor that stops before the fills are due; the signal's id. */
  async function buyThenStop(uid: string): Promise<string> {
    const executor = await fx.start({ fillBatchDelayMs: 60_000 });
    const signalId = await fx.receive(uid, { coin: 'BTC', action: 'buy', size: 50 });
    await fx.terminal(signalId);
    await executor.stop();
    return signalId;
  }

  /** The user saves the keys of another funded account, as the api records it. */
  async function saveKeysOfAnotherAccount(uid: string): Promise<void> {
    const agentKey = `0x${randomBytes(32).toString('hex')}` as const;
    const other = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
    const apiWalletAddress = privateKeyToAccount(agentKey).address;
    fx.sim.seedAccount({ address: other, usdc: 10_000, agents: [{ address: apiWalletAddress, name: 'hyperhook' }] });
    const saved: DomainEvent = {
      type: 'CredentialsSaved',
      v: 1,
      data: { apiWalletAddress, accountAddress: other, isTestnet: true, sealedPrivateKey: await fx.sealer.seal(uid, agentKey), at: new Date().toISOString() },
    };
    await fx.store.eventStore.append(userStreamId(uid), [toNewEvent(saved)]);
  }

  it('given three buys of one user executed within one batch window, then ONE fills read records all three fills, each caused by its signal, followed by one pair of snapshots', async () => {
    const user = await fx.addUser('u-batch');
    const executor = await fx.start({ fillBatchDelayMs: 1_000 });
    const signals: string[] = [];
    for (const coin of ['BTC', 'ETH', 'SOL']) signals.push(await fx.receive(user.uid, { coin, action: 'buy', size: 50 }));
    for (const signalId of signals) await fx.terminal(signalId);

    await executor.idle();

    const account = await fx.events(accountStreamId(user.uid));
    expect(account.map((e) => e.type)).toEqual(['FillRecorded', 'FillRecorded', 'FillRecorded', 'PositionsSnapshotTaken', 'BalanceSnapshotTaken']);
    expect(fillsOf(account).map((e) => e.type === 'FillRecorded' && [e.data.coin, e.data.signalId])).toEqual([
      ['BTC', signals[0]],
      ['ETH', signals[1]],
      ['SOL', signals[2]],
    ]);
    const positions = account[3];
    expect(positions?.type === 'PositionsSnapshotTaken' && positions.data.positions.map((p) => p.coin).sort()).toEqual(['BTC', 'ETH', 'SOL']);
    expect(fillReads).toBe(1);
  });

  it('given an order filled now, when its fills are read, then the read starts the clock margin before the fill, not earlier: each read returns every fill since then', async () => {
    const user = await fx.addUser('u-since');
    const executor = await fx.start();
    const before = Date.now();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 50 });
    await fx.terminal(signalId);
    await executor.idle();

    expect(fillReadsSince).toHaveLength(1);
    expect(fillReadsSince[0]).toBeGreaterThanOrEqual(before - FILLS_CLOCK_MARGIN_MS);
    expect(fillReadsSince[0]).toBeLessThanOrEqual(Date.now() - FILLS_CLOCK_MARGIN_MS);
  });

  it("issue 40, point 8: given a user whose second order executes 300 ms after the first one's fills were read (on the executor's clock), when its fills are due, then that read waits the rest of minReadInterval, and both orders' fills are recorded", async () => {
    // given
    const user = await fx.addUser('u-paced');
    let now = Date.now();
    const { waits, fillTimer } = recordedWaits();
    const executor = await fx.start({ clock: () => now, fillTimer, fillBatchDelayMs: 10, fillMinReadIntervalMs: 1_500 });
    const first = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 50 });
    await fx.terminal(first);
    await executor.idle(); // the first read is done
    // when
    now += 300;
    const second = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 50 });
    await fx.terminal(second);
    await executor.idle();
    // then: the batch window before the first read; 1,500 - 300 ms before the second
    expect(fillReads).toBe(2);
    expect(waits).toEqual([10, 1_200]);
    const fills = fillsOf(await fx.events(accountStreamId(user.uid)));
    expect(fills.map((e) => e.type === 'FillRecorded' && e.data.signalId)).toEqual([first, second]);
  });

  it('issue 40, point 8: given four users whose orders executed together, when their fills are due, then their reads wait for parts of readSpread drawn apart, not one moment', async () => {
    // given
    const users = await Promise.all(['u-spread-0', 'u-spread-1', 'u-spread-2', 'u-spread-3'].map((uid) => fx.addUser(uid)));
    const parts = [0, 0.25, 0.5, 0.75];
    let drawn = 0;
    const { waits, fillTimer } = recordedWaits();
    const executor = await fx.start({ fillTimer, fillBatchDelayMs: 10, fillReadSpreadMs: 2_000, random: () => parts[drawn++ % parts.length]! });
    // when
    const signals = await Promise.all(users.map((user) => fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 50 })));
    await Promise.all(signals.map((signalId) => fx.terminal(signalId)));
    await executor.idle();
    // then: the batch window and each user's part of 2 s
    expect(fillReads).toBe(4);
    expect([...waits].sort((a, b) => a - b)).toEqual([10, 510, 1_010, 1_510]);
    for (const user of users) expect(fillsOf(await fx.events(accountStreamId(user.uid)))).toHaveLength(1);
  });

  it('given five users whose fills are read at one moment, then Node warns of no listener leak: each read listens on the stop signal only while it runs', async () => {
    // given: five users' reads (three requests each) fit the deferrable pace together, and are let go at once
    const users = await Promise.all(Array.from({ length: 5 }, (_, i) => fx.addUser(`u-together-${i}`)));
    const due: Array<() => void> = [];
    const fillTimer = (run: () => void): NodeJS.Timeout => {
      due.push(run);
      if (due.length === users.length) for (const go of due) go();
      return setTimeout(() => undefined, 0);
    };
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const executor = await fx.start({ fillTimer });
      // when
      const signals = await Promise.all(users.map((user) => fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 50 })));
      await Promise.all(signals.map((signalId) => fx.terminal(signalId)));
      await executor.idle();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    // then
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    for (const user of users) expect(fillsOf(await fx.events(accountStreamId(user.uid)))).toHaveLength(1);
  });

  it("given the executor stopped before the fills were recorded, when it starts again, then they are recorded: the recorder's checkpoint stayed before them", async () => {
    const user = await fx.addUser('u-restart');
    const signalId = await buyThenStop(user.uid);
    expect(fillsOf(await fx.events(accountStreamId(user.uid)))).toEqual([]);

    const second = await fx.start();
    await second.idle();

    const fills = fillsOf(await fx.events(accountStreamId(user.uid)));
    expect(fills.map((e) => e.type === 'FillRecorded' && e.data.signalId)).toEqual([signalId]);
  });

  it("given a user's fills read waiting for room in the venue's budget, when the executor stops, then the stop gives the read up without a warning, and the next start records the fills: the checkpoint stayed before them", async () => {
    const user = await fx.addUser('u-stop-waiting');
    const read = fx.client.getUserFills;
    let waited = false;
    // As the weight meter holds a deferrable read while its pace is full: until room comes, or its signal aborts.
    fx.client.getUserFills = (_account, _since, lane = {}) => {
      waited = true;
      return new Promise((_resolve, reject) => lane.signal?.addEventListener('abort', () => reject(lane.signal?.reason)));
    };
    const executor = await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 50 });
    await fx.terminal(signalId);
    await vi.waitFor(() => expect(waited).toBe(true));

    await executor.stop();

    expect(fillsOf(await fx.events(accountStreamId(user.uid)))).toEqual([]);
    expect(fx.logs.filter((entry) => entry.msg === 'could not record fills and account state; trying again')).toEqual([]);
    fx.client.getUserFills = read;
    const second = await fx.start();
    await second.idle();
    expect(fillsOf(await fx.events(accountStreamId(user.uid))).map((e) => e.type === 'FillRecorded' && e.data.signalId)).toEqual([signalId]);
  });

  it('given a user who saves keys of another account while fills of the first are still due, when both orders executed, then the fills of both are recorded (neither is passed over)', async () => {
    const user = await fx.addUser('u-switch');
    const executor = await fx.start({ fillBatchDelayMs: 2_000 });
    const first = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 50 });
    await fx.terminal(first);

    await saveKeysOfAnotherAccount(user.uid);
    const second = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 50 });
    await fx.terminal(second);

    await executor.idle();

    const fills = fillsOf(await fx.events(accountStreamId(user.uid)));
    expect(fills.map((e) => e.type === 'FillRecorded' && [e.data.coin, e.data.signalId])).toEqual([
      ['BTC', first],
      ['ETH', second],
    ]);
  });

  it('given an order executed and then keys of another account saved before the recorder read the execution, when the recorder starts, then the fills are read on the account the order was placed on', async () => {
    const user = await fx.addUser('u-switched-before-read');
    const signalId = await buyThenStop(user.uid);
    await saveKeysOfAnotherAccount(user.uid);

    const second = await fx.start({ fillBatchDelayMs: 10 });
    await second.idle();

    const fills = fillsOf(await fx.events(accountStreamId(user.uid)));
    expect(fills.map((e) => e.type === 'FillRecorded' && [e.data.coin, e.data.signalId])).toEqual([['BTC', signalId]]);
    expect(fx.logs.some((entry) => entry.msg === 'the venue lists no fills for a filled order; given up')).toBe(false);
  });

  it("given fills recorded while the checkpoint interval has not passed, then the recorder's checkpoint is not written per batch, and stopping writes it past the recorded executions", async () => {
    const user = await fx.addUser('u-checkpoint');
    const executor = await fx.start({ checkpointIntervalMs: 60_000 });
    const name = 'executor-fills';
    const before = await fx.store.checkpoints.get(name);
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 50 });
    await fx.terminal(signalId);
    await executor.idle();
    expect(fillsOf(await fx.events(accountStreamId(user.uid)))).toHaveLength(1);
    expect(await fx.store.checkpoints.get(name)).toBe(before);

    await executor.stop();

    const executed = (await fx.store.eventStore.readStream(`signal-${signalId}`)).find((e) => e.type === 'SignalExecuted');
    expect(await fx.store.checkpoints.get(name)).toBeGreaterThanOrEqual(executed?.globalPosition ?? Number.POSITIVE_INFINITY);
  });

  it('given the venue failing the reads at first, when the fills are due, then the failure is logged and the next round records them', async () => {
    const user = await fx.addUser('u-retry');
    const executor = await fx.start({ fillBatchDelayMs: 500 });
    const signalId = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 50 });
    await fx.terminal(signalId);
    // Three reads (fills, account, spot balances), each tried three times by the client: all fail.
    fx.sim.injectFault({ endpoint: 'info', kind: 'http5xx', count: 9 });

    await executor.idle();

    expect(fx.logs.some((entry) => entry.msg === 'could not record fills and account state; trying again')).toBe(true);
    expect(fillsOf(await fx.events(accountStreamId(user.uid))).map((e) => e.type === 'FillRecorded' && e.data.signalId)).toEqual([signalId]);
  });
});
