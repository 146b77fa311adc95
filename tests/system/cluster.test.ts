import { FIRST_STRATEGY_ID, type SignalEvent } from '@hyperhook/domain';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, SystemHarness, waitFor } from './harness.js';
import { openLiveFeed } from './liveClient.js';
import { SYSTEM_KURRENTDB_URL, SYSTEM_MONGODB_URL, SystemStack, type StackBackend, type StackUser } from './stack.js';

const outcomeOf = (events: readonly SignalEvent[]) => events.at(-1);

/**
 * The cluster deployment as processes (ISSUE 15, point 7): the store holds the log and the read
 * models, NATS carries change notices and executor leases; two api processes, one projector and
 * two executors that share the users by lease, with no partition configured. It runs on
 * PostgreSQL here, and on the design card's KurrentDB + MongoDB wherever both their URLs are set.
 */
const backends: readonly { readonly backend: StackBackend; readonly name: string }[] = [
  { backend: 'postgres', name: 'PostgreSQL + NATS' },
  ...(SYSTEM_KURRENTDB_URL !== undefined && SYSTEM_MONGODB_URL !== undefined
    ? [{ backend: 'kurrentdb+mongodb' as const, name: 'KurrentDB + MongoDB + NATS' }]
    : []),
];

if (backends.length === 1) {
  it('system: the cluster on KurrentDB + MongoDB + NATS: not run — KURRENTDB_URL and MONGODB_URL are not both set', () => {
    expect(SYSTEM_KURRENTDB_URL === undefined || SYSTEM_MONGODB_URL === undefined).toBe(true);
  });
}

describe.each(backends)('system: the cluster on $name (two apis, two projectors by lease, two leased executors)', ({ backend }) => {
  const world = new SystemHarness();
  const stack = new SystemStack(world);
  let traders: StackUser[];

  beforeAll(async () => {
    await stack.start({ backend, apis: 2, projectors: 2, leasedExecutors: 2 });
    traders = await Promise.all(Array.from({ length: 6 }, (_, i) => stack.onboard(`cluster${i}`)));
  }, 90_000);

  afterAll(async () => {
    await world.cleanup();
    await stack.close();
  });

  it('given both executors, then they split the partitions between them by lease, each partition held once', async () => {
    const held = await waitFor(
      'both executors holding partitions',
      () => {
        const byExecutor = stack.executors.map((executor) => [...heldBy(executor.lines)]);
        return byExecutor.every((taken) => taken.length === 4) ? byExecutor : undefined;
      },
      20_000,
    );
    expect(new Set(held.flat()).size).toBe(8);
  }, 30_000);

  it('issue 40, point 8: given two projector processes, then exactly one projects; when it is killed -9, then the other takes over and the read models move on: a new alert shows executed through the api', async () => {
    const active = await waitFor(
      'one projector holding the lease',
      () => {
        const projecting = stack.projectors.filter((projector) => isProjecting(projector.lines));
        return projecting.length === 1 ? projecting[0] : undefined;
      },
      10_000,
    );
    const standby = stack.projectors.find((projector) => projector !== active);
    if (standby === undefined) throw new Error('two projectors expected');
    expect(standby.lines.some((line) => line.includes('projector on standby'))).toBe(true);

    await world.kill9(active);
    // The standby takes over once the dead one's lease expires by nats-server's clock (6 s), which
    // no clock of the test can move across processes (issue 40, point 8): the takeover is waited
    // for with room to spare, and what it leads to asserted, not how long it took.
    await waitFor('the standby projecting', () => (isProjecting(standby.lines) ? true : undefined), 30_000);
    const trader = traders[1] as StackUser;
    const id = await stack.alert(trader, { symbol: 'BTCUSDT', action: 'buy', size: 20, id: 'after-projector-takeover' });
    const row = await waitFor(
      'the new alert executed in the read models',
      async () => {
        const answer = await http<{ data: { webhookLogId: string; status: string }[] }>(`${stack.apiUrls[1]}/api/webhook-logs`, { token: trader.token });
        return answer.body.data.find((log) => log.webhookLogId === id && log.status === 'executed');
      },
      30_000,
      100,
    );

    expect(isProjecting(standby.lines)).toBe(true);
    expect(row.status).toBe('executed');
  }, 60_000);

  it('given two apis, when alerts are posted to both, then every order is placed once, and a live client on one api sees the rows of alerts posted to the other', async () => {
    const [viaA, viaB] = stack.apiUrls as [string, string];
    const trader = traders[0] as StackUser;
    const live = openLiveFeed(viaA, trader.token);
    try {
      await live.resync;
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1)
        ids.push(
          await stack.alert(trader, { symbol: 'BTCUSDT', action: i % 2 === 0 ? 'buy' : 'sell', size: 20, id: `two-apis-${i}` }, i % 2 === 0 ? viaA : viaB),
        );
      const lastViaB = ids[5] as string;
      const row = await live.waitForChange((log) => log.webhookLogId === lastViaB && log.status === 'executed', 30_000);
      const results = await Promise.all(ids.map((id) => stack.terminal(id, 30_000)));
      const stats = await stack.simStats();

      expect(row.status).toBe('executed');
      expect(results.map((events) => outcomeOf(events)?.type)).toEqual(Array(6).fill('SignalExecuted'));
      expect(ids.map((id) => stats.ordersByCloid[cloidForSignal(id)])).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      live.close();
    }
  }, 60_000);

  it('issue 42: given an entry held for manual approval, when both apis approve it at once, then one answer wins, the other is told, and one order is placed', async () => {
    const [viaA, viaB] = stack.apiUrls as [string, string];
    // A trader of its own: manual approval would hold the other tests' entries.
    const trader = await stack.onboard('cluster-approval');
    const guards = await http(`${viaA}/api/strategies/${FIRST_STRATEGY_ID}/filters`, { method: 'PUT', token: trader.token, body: { approval: 'manual' } });
    expect(guards.status).toBe(200);
    const id = await stack.alert(trader, { symbol: 'BTCUSDT', action: 'buy', size: 20, id: 'approve-twice' }, viaB);
    await waitFor(
      'the entry awaiting approval on the other api',
      async () => {
        const list = await http<{ data: { logId: string }[] }>(`${viaB}/api/approvals`, { token: trader.token });
        return list.body.data.some((waiting) => waiting.logId === id) ? true : undefined;
      },
      30_000,
      100,
    );

    const answers = await Promise.all(
      [viaA, viaB].map((api) => http<{ error?: { message: string } }>(`${api}/api/approvals/${id}/approve`, { method: 'POST', token: trader.token })),
    );
    const events = await stack.terminal(id, 30_000);
    const stats = await stack.simStats();

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(JSON.stringify(answers.find((answer) => answer.status === 409)?.body)).toContain('This alert was already approved');
    expect(events.filter((event) => event.type === 'SignalApproved')).toHaveLength(1);
    expect(outcomeOf(events)?.type).toBe('SignalExecuted');
    expect(stats.ordersByCloid[cloidForSignal(id)]).toBe(1);
  }, 60_000);

  it('issue 40, point 8: given a burst across users, when an executor is killed -9 in the middle of it, then the other takes over its partitions and every alert ends executed, none ordered twice', async () => {
    await stack.simControl('fault', { endpoint: 'exchange', kind: 'latency', ms: 300, actionType: 'order' });
    const ids: string[] = [];
    const posting = (async () => {
      for (let round = 0; round < 5; round += 1) {
        for (const [i, trader] of traders.entries()) {
          ids.push(
            await stack.alert(trader, { symbol: 'ETHUSDT', action: round % 2 === 0 ? 'buy' : 'sell', size: 25, id: `burst-${round}` }, stack.apiUrls[i % 2]),
          );
        }
      }
    })();
    // Users hash to partitions, so either executor may hold every trader of this burst: the
    // victim is whichever sends an order first, which is the one that has work to lose.
    const [first, second] = stack.executors;
    if (first === undefined || second === undefined) throw new Error('two executors expected');
    const victim = await waitFor(
      'an executor sending an order',
      () => [first, second].find((executor) => executor.json.some((l) => l.msg === 'order submitted')),
      20_000,
    );
    const orphaned = [...heldBy(victim.lines)];
    await world.kill9(victim);
    await posting;

    // As for the projector: the victim's leases expire by nats-server's clock (issue 40, point 8),
    // so the takeover is waited for generously and its outcome asserted, not timed.
    const survivor = victim === first ? second : first;
    await waitFor('the survivor holding all partitions', () => (heldBy(survivor.lines).size === 8 ? true : undefined), 30_000);
    const results = await Promise.all(ids.map((id) => stack.terminal(id, 60_000)));
    await stack.simControl('clear-faults', {});
    const stats = await stack.simStats();

    expect(orphaned.length).toBeGreaterThan(0);
    expect(orphaned.filter((partition) => !heldBy(survivor.lines).has(partition))).toEqual([]);
    expect(results.map((events) => outcomeOf(events)?.type).filter((type) => type !== 'SignalExecuted')).toEqual([]);
    expect(ids.filter((id) => stats.ordersByCloid[cloidForSignal(id)] !== 1)).toEqual([]);
  }, 120_000);
});

/** Whether a projector process's log says it runs the projector now. */
function isProjecting(lines: readonly string[]): boolean {
  const last = lines.findLast((line) => /projector took its lease|projector gave its lease up|projector on standby/.test(line));
  return last !== undefined && last.includes('took its lease');
}

/** The partitions an executor's log says it holds now. */
function heldBy(lines: readonly string[]): Set<string> {
  const held = new Set<string>();
  for (const line of lines) {
    const took = /executor took partition (\d+)\/\d+/.exec(line)?.[1];
    const gave = /executor gave up partition (\d+)\/\d+/.exec(line)?.[1];
    if (took !== undefined) held.add(took);
    if (gave !== undefined) held.delete(gave);
  }
  return held;
}
