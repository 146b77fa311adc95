import type { SignalEvent } from '@hyperhook/domain';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, SystemHarness, waitFor } from './harness.js';
import { openLiveFeed } from './liveClient.js';
import { SystemStack, type StackUser } from './stack.js';

const outcomeOf = (events: readonly SignalEvent[]) => events.at(-1);

/**
 * The system tier (ARCHITECTURE §7.4): sim, api, projector and two executor partitions as
 * separate processes on one SQLite file, with a real nats-server (NATS_URL) carrying appends and
 * read-model change notices between them, as in the cluster deployment (CARD-26).
 */
describe('system: separate role processes on one store', () => {
  const world = new SystemHarness();
  const stack = new SystemStack(world);
  let trader: StackUser;

  beforeAll(async () => {
    await stack.start({ executorPartitions: 2 });
    trader = await stack.onboard('trader');
  }, 60_000);

  afterAll(async () => {
    await stack.close();
    await world.cleanup();
  });

  it('(a) given a trader with keys and an open /api/live, when an alert is posted to the webhook URL, then a signed order reaches the simulator and the "executed" log row is pushed live', async () => {
    const before = await stack.simStats();
    // Connected before the alert: the row is not in the snapshot, so it can only arrive as a
    // change notice the projector process published over NATS to the api process.
    const live = openLiveFeed(stack.apiUrl, trader.token);
    try {
      await live.resync;

      const logId = await stack.alert(trader, { symbol: 'BINANCE:BTCUSDT.P', action: 'buy', size: 100, leverage: 2 });
      const row = await live.waitForChange((log) => log.webhookLogId === logId && log.status === 'executed', 20_000);
      const events = await stack.terminal(logId);

      expect((await live.resync).some((log) => log.webhookLogId === logId)).toBe(false);
      expect(row.status).toBe('executed');
      expect(outcomeOf(events)?.type).toBe('SignalExecuted');
      const after = await stack.simStats();
      expect(after.ordersByCloid[cloidForSignal(logId)]).toBe(1);
      expect(after.ordersAccepted).toBeGreaterThan(before.ordersAccepted);
    } finally {
      live.close();
    }
  }, 40_000);

  it('(b) given a slow exchange, when the executor is killed -9 between "order submitted" and the outcome, then the restarted executor reconciles: no second order, the signal ends executed', async () => {
    await stack.simControl('fault', { endpoint: 'exchange', kind: 'latency', ms: 1_500, actionType: 'order' });

    const logId = await stack.alert(trader, { symbol: 'ETHUSDT', action: 'buy', size: 100 });
    const owner = await waitFor('an executor sending the order', () =>
      stack.executors.find((e) => e.child.exitCode === null && e.json.some((l) => l.msg === 'order submitted' && l.signalId === logId)),
    );
    await world.kill9(owner);
    const partition = owner.name.startsWith('executor-') ? owner.name.slice('executor-'.length) : undefined;
    const midway = (await stack.signalEvents(logId)).map((e) => e.type);
    const restarted = stack.startExecutor(partition);
    const events = await stack.terminal(logId, 30_000);

    expect(midway).toEqual(['SignalReceived', 'SignalValidationStarted', 'OrderPlanned', 'OrderSubmitted']);
    expect(outcomeOf(events)?.type).toBe('SignalExecuted');
    expect((await stack.simStats()).ordersByCloid[cloidForSignal(logId)]).toBe(1);
    expect(restarted.json.some((l) => l.msg === 'reconciling submitted order' && l.signalId === logId)).toBe(true);
  }, 60_000);

  it('(c) given 5xx, 429, a timeout and a dropped answer, when four alerts are sent, then each is executed exactly once; and a venue that keeps failing ends in a clear transient failure', async () => {
    for (const fault of [
      { kind: 'http5xx', count: 2 },
      { kind: 'http429', count: 3 },
      { kind: 'timeout', count: 1 },
      { kind: 'dropAfterApply', count: 1 },
    ]) {
      await stack.simControl('fault', { endpoint: 'exchange', actionType: 'order', ...fault });
    }
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1)
      ids.push(await stack.alert(trader, { symbol: 'SOLUSDT', action: i % 2 === 0 ? 'buy' : 'sell', size: 50, id: `faults-${i}` }));
    const results = await Promise.all(ids.map((id) => stack.terminal(id, 45_000)));
    const stats = await stack.simStats();

    expect(results.map((r) => outcomeOf(r)?.type)).toEqual(Array(4).fill('SignalExecuted'));
    expect(ids.map((id) => stats.ordersByCloid[cloidForSignal(id)])).toEqual([1, 1, 1, 1]);

    await stack.simControl('fault', { endpoint: 'exchange', actionType: 'order', kind: 'http5xx', count: 10_000 });
    const doomed = await stack.alert(trader, { symbol: 'SOLUSDT', action: 'buy', size: 50, id: 'faults-down' });
    const failed = outcomeOf(await stack.terminal(doomed, 45_000));
    await stack.simControl('clear-faults', {});

    expect(failed?.type).toBe('SignalFailed');
    expect(failed?.type === 'SignalFailed' && failed.data).toMatchObject({
      code: 'EXCHANGE_UNAVAILABLE',
      transient: true,
      reason: expect.stringMatching(/502|Bad Gateway|server/i),
    });
    expect((await stack.simStats()).ordersByCloid[cloidForSignal(doomed)]).toBeUndefined();
  }, 90_000);

  it('(e) issue 29, point 8: given two strategies of one trader and another trader, when their alerts arrive at once through 5xx, 429, a timeout and a dropped answer, then every order lands exactly once and each log names its strategy', async () => {
    const created = await http<{ data: { id: string; webhookUrl: string } }>(`${stack.apiUrl}/api/strategies`, {
      token: trader.token,
      body: { name: 'Second strategy' },
    });
    expect(created.status).toBe(201);
    const second: StackUser = { ...trader, webhookUrl: created.body.data.webhookUrl };
    const other = await stack.onboard('other-trader');
    for (const fault of [
      { kind: 'http5xx', count: 2 },
      { kind: 'http429', count: 2 },
      { kind: 'timeout', count: 1 },
      { kind: 'dropAfterApply', count: 2 },
    ]) {
      await stack.simControl('fault', { endpoint: 'exchange', actionType: 'order', ...fault });
    }
    const senders: [StackUser, string][] = [
      [trader, 'first'],
      [second, 'second'],
      [other, 'other'],
    ];
    const sent = await Promise.all(
      senders.flatMap(([user, name]) =>
        [0, 1, 2, 3].map(async (i) => ({
          name,
          user,
          id: await stack.alert(user, { symbol: 'ETHUSDT', action: i % 2 === 0 ? 'buy' : 'sell', size: 20, id: `strategies-${name}-${i}` }),
        })),
      ),
    );
    const results = await Promise.all(sent.map(({ id }) => stack.terminal(id, 60_000)));
    await stack.simControl('clear-faults', {});
    const stats = await stack.simStats();

    expect(
      results.map((r) => outcomeOf(r)?.type),
      JSON.stringify(results.map((r) => outcomeOf(r)?.data)),
    ).toEqual(Array(12).fill('SignalExecuted'));
    expect(sent.map(({ id }) => stats.ordersByCloid[cloidForSignal(id)])).toEqual(Array(12).fill(1));
    const strategyOf = (events: readonly SignalEvent[]) => {
      const received = events.find((e) => e.type === 'SignalReceived');
      return received?.type === 'SignalReceived' ? [received.data.userId, received.data.strategyId ?? 'main'] : null;
    };
    expect(results.map(strategyOf)).toEqual(sent.map(({ name, user }) => [user.uid, name === 'second' ? created.body.data.id : 'main']));
  }, 120_000);

  it("(f) issue 30, point 5: given one trader with a live strategy and a paper one, when both buy BTC side by side, then only the live order reaches the simulator, and the two accounts' positions, balances and log rows never mix", async () => {
    type Position = { symbol: string; side: string; size: number; venue: string };
    type Balance = { totalEquity: number; totalNotional: number; marginUsed: number; venue: string };
    type Log = { webhookLogId: string; venue: string };
    const live = await stack.onboard('paper-and-live');
    const paper = await stack.paperStrategy(live, 'Paper side by side', 10_000);
    const before = await stack.simStats();

    // when
    const [liveId, paperId] = await Promise.all([
      stack.alert(live, { symbol: 'BTCUSDT', action: 'buy', size: 100 }),
      stack.alert(paper, { symbol: 'BTCUSDT', action: 'buy', size: 300 }),
    ]);
    const outcomes = await Promise.all([stack.terminal(liveId), stack.terminal(paperId)]);
    const after = await stack.simStats();
    const read = async <T>(path: string) => (await http<{ data: T }>(`${stack.apiUrl}${path}`, { token: live.token })).body.data;
    const [livePositions, paperPositions] = await waitFor(
      'both accounts to hold their BTC long',
      async () => {
        const both = await Promise.all([read<Position[]>('/api/positions'), read<Position[]>(`/api/positions?strategyId=${paper.strategyId}`)]);
        return both.every((positions) => positions.length > 0) && both;
      },
      20_000,
      200,
    );
    const liveBalance = await read<Balance>('/api/balance?refresh=true');
    const paperBalance = await read<Balance>(`/api/balance?strategyId=${paper.strategyId}`);
    const logs = await read<Log[]>('/api/webhook-logs');

    // then: both executed, and only the live alert was an order on the venue
    expect(outcomes.map((events) => outcomeOf(events)?.type)).toEqual(['SignalExecuted', 'SignalExecuted']);
    expect(after.ordersByCloid[cloidForSignal(liveId)]).toBe(1);
    expect(after.ordersByCloid[cloidForSignal(paperId)]).toBeUndefined();
    expect(after.ordersAccepted - before.ordersAccepted).toBe(1);
    // each account holds its own long, a third the size of the other, never the sum
    expect(livePositions.map(({ symbol, side, venue }) => ({ symbol, side, venue }))).toEqual([{ symbol: 'BTC', side: 'long', venue: 'live' }]);
    expect(paperPositions.map(({ symbol, side, venue }) => ({ symbol, side, venue }))).toEqual([{ symbol: 'BTC', side: 'long', venue: 'paper' }]);
    expect(paperPositions[0]!.size / livePositions[0]!.size).toBeCloseTo(3, 1);
    // the paper balance started at 10,000 and paid only fees; the real one is the simulator account's 100,000
    expect(paperBalance.venue).toBe('paper');
    expect(paperBalance.totalEquity).toBeGreaterThan(9_990);
    expect(paperBalance.totalEquity).toBeLessThan(10_000);
    expect(liveBalance.venue).toBe('live');
    expect(liveBalance.totalEquity).toBeGreaterThan(99_000);
    expect(paperBalance.totalNotional / liveBalance.totalNotional).toBeCloseTo(3, 1);
    expect(logs.filter((log) => [liveId, paperId].includes(log.webhookLogId)).map((log) => [log.webhookLogId, log.venue])).toEqual(
      expect.arrayContaining([
        [liveId, 'live'],
        [paperId, 'paper'],
      ]),
    );
  }, 60_000);

  it("(d) given 50 users, when 1,000 alerts arrive, then every one ends executed or failed and each user's orders are signed in arrival order", async () => {
    const users = await Promise.all(Array.from({ length: 50 }, (_, i) => stack.onboard(`load${i}`)));
    const sent: { user: StackUser; ids: string[] }[] = users.map((user) => ({ user, ids: [] }));
    // Each user's alerts are posted in order; users are interleaved, 50 requests in flight.
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(
        sent.map(async (entry) => {
          entry.ids.push(await stack.alert(entry.user, { symbol: 'DOGEUSDT', action: round % 2 === 0 ? 'buy' : 'sell', size: 15, id: `r${round}` }));
        }),
      );
    }
    const all = sent.flatMap((entry) => entry.ids);
    const results = new Map<string, SignalEvent[]>();
    for (const id of all) results.set(id, await stack.terminal(id, 90_000));

    const outcomes = [...results.values()].map((events) => outcomeOf(events)?.type);
    expect(outcomes.filter((t) => t !== 'SignalExecuted' && t !== 'SignalFailed' && t !== 'SignalRejected')).toEqual([]);
    expect(outcomes.filter((t) => t === 'SignalExecuted').length).toBeGreaterThan(900);
    const stats = await stack.simStats();
    expect(all.filter((id) => (stats.ordersByCloid[cloidForSignal(id)] ?? 0) > 1)).toEqual([]);
    for (const entry of sent) {
      const nonces = entry.ids
        .map((id) => results.get(id)?.find((e) => e.type === 'OrderSubmitted'))
        .map((e) => (e?.type === 'OrderSubmitted' ? e.data.nonce : null))
        .filter((n): n is number => n !== null);
      expect([...nonces].sort((x, y) => x - y)).toEqual(nonces);
    }
  }, 150_000);
});
