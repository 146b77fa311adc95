import { cloidForSignal } from '@hyperhook/hyperliquid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, SystemHarness, waitFor, type RoleProcess } from './harness.js';
import { openLiveFeed } from './liveClient.js';
import { activeDocs } from './readModelDocs.js';
import { seededRandom } from './seededRandom.js';
import { SystemStack, type StackBackend, type StackUser } from './stack.js';

/** Alerts a second, across the users, for the whole of the load. */
const RATE = 8;
const LOAD_MS = 30_000;
/** Each role is killed this many times while the load runs. */
const KILLS_PER_ROLE = 2;

type Acked = { readonly logId: string; readonly user: StackUser };
type Load = { readonly acked: Acked[]; readonly unanswered: number; readonly refused: Record<number, number> };

/**
 * Issue 32, point 3: the roles as separate processes (sim, api, projector, executor, NATS between
 * them), each killed with SIGKILL at seeded random moments while alerts arrive at a fixed rate
 * and the venue fails in every way the simulator can inject, then restarted. Whatever the
 * moment, the log is the truth: an acknowledged alert is in it and ends, an order goes out once,
 * and the read models are what a rebuild from the log makes of it.
 */
describe.each([
  { backend: 'sqlite' as StackBackend, name: 'the embedded store' },
  { backend: 'postgres' as StackBackend, name: 'PostgreSQL + NATS' },
])('issue 32, point 3: faults under load on $name', ({ backend }) => {
  const world = new SystemHarness();
  const stack = new SystemStack(world);
  const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const random = seededRandom(seed);
  let users: StackUser[] = [];
  let load: Load;
  const kills: string[] = [];

  beforeAll(async () => {
    console.log(`faults on ${backend}: seed ${seed} (FAULT_SEED=${seed} replays the schedule)`);
    await stack.start({ backend });
    users = await Promise.all(['ana', 'ben', 'cai', 'dee'].map((name) => stack.onboard(name)));
    const [api, projector, executor] = [stack.apis[0], stack.projectors[0], stack.executors[0]];
    if (api === undefined || projector === undefined || executor === undefined) throw new Error('one api, projector and executor expected');

    const started = Date.now();
    const posting = postAlerts(stack, users, RATE, LOAD_MS);
    const faulting = injectVenueFaults(stack, random, LOAD_MS);
    // Each role on a chain of its own: killed at a random moment, restarted after a random pause,
    // and killed again only once it said ready (a role killed while starting proves nothing more).
    const chains = (['api', 'projector', 'executor'] as const).map(async (kind) => {
      for (let round = 0; round < KILLS_PER_ROLE; round += 1) {
        const at = started + ((round + random()) / KILLS_PER_ROLE) * (LOAD_MS - 4_000);
        await sleep(at - Date.now());
        const victim = roleOf(stack, kind);
        await world.kill9(victim);
        kills.push(`${kind} at ${Date.now() - started} ms`);
        await sleep(200 + random() * 1_300);
        await stack.restart(victim).waitForJson((line) => line.msg === 'ready', 60_000);
      }
    });
    await Promise.all(chains);
    await faulting;
    load = await posting;
    await stack.simControl('clear-faults', {});
    console.log(`faults on ${backend}: killed ${kills.join(', ')}; ${load.acked.length} alerts acknowledged, ${load.unanswered} unanswered, refused ${JSON.stringify(load.refused)}`);
  }, 240_000);

  afterAll(async () => {
    await world.cleanup();
    await stack.close();
  });

  it('then every acknowledged alert is in the log and ends executed, failed or rejected, and each user\'s webhook logs show it', async () => {
    const finals = await Promise.all(load.acked.map(({ logId }) => stack.terminal(logId, 90_000)));

    expect(load.acked.length).toBeGreaterThan(RATE * 5);
    expect(kills).toHaveLength(3 * KILLS_PER_ROLE);
    expect(finals.map((events) => events[0]?.type)).toEqual(load.acked.map(() => 'SignalReceived'));
    for (const user of users) {
      const mine = load.acked.filter((a) => a.user === user).map((a) => a.logId);
      const logs = await waitFor(`${user.uid}'s logs to show every acknowledged alert settled`, async () => {
        const answer = await http<{ data: { webhookLogId: string; status: string }[] }>(`${stack.apiUrl}/api/webhook-logs?limit=200`, { token: user.token });
        const statuses = new Map(answer.body.data.map((log) => [log.webhookLogId, log.status]));
        return mine.every((id) => ['executed', 'failed'].includes(statuses.get(id) ?? '')) && statuses;
      }, 60_000, 250);
      expect(mine.filter((id) => !logs.has(id))).toEqual([]);
    }
  }, 180_000);

  it('then no order reached the venue twice, and every executed alert sent exactly one', async () => {
    const stats = await stack.simStats();
    const executed: string[] = [];
    for (const { logId } of load.acked) {
      const events = await stack.signalEvents(logId);
      if (events.at(-1)?.type === 'SignalExecuted') executed.push(logId);
    }

    expect(Object.entries(stats.ordersByCloid).filter(([, count]) => count > 1)).toEqual([]);
    expect(executed.length).toBeGreaterThan(0);
    expect(executed.filter((id) => stats.ordersByCloid[cloidForSignal(id)] !== 1)).toEqual([]);
  }, 60_000);

  it('then a client connecting to the restarted api is resynced with every row, and a new alert is pushed to it live', async () => {
    const [user] = users;
    if (user === undefined) throw new Error('a user expected');
    const live = openLiveFeed(stack.apiUrl, user.token);
    try {
      const snapshot = new Set((await live.resync).map((log) => log.webhookLogId));
      const mine = load.acked.filter((a) => a.user === user).map((a) => a.logId);
      const logId = await stack.alert(user, { symbol: 'BTCUSDT', action: 'buy', size: 20, id: 'after-the-faults' });
      const row = await live.waitForChange((log) => log.webhookLogId === logId && log.status === 'executed', 30_000);

      expect(mine.filter((id) => !snapshot.has(id))).toEqual([]);
      expect(row.status).toBe('executed');
    } finally {
      live.close();
    }
  }, 60_000);

  it('then, once every role stopped, the read models equal a rebuild from the log document by document, and `hyperhook verify` passes', async () => {
    const store = await stack.store();
    // The executor first: fills and balance snapshots stop arriving, then the projector takes in the rest.
    for (const executor of stack.executors) executor.child.kill('SIGTERM');
    await Promise.all(stack.executors.map((executor) => executor.exited));
    const head = await store.eventStore.headPosition();
    await waitFor('the projector to reach the head of the log', async () => (await store.checkpoints.get('read-models@g0')) === head || (await projectedTo(store)) === head, 30_000, 100);
    for (const role of [...stack.apis, ...stack.projectors]) role.child.kill('SIGTERM');
    await Promise.all([...stack.apis, ...stack.projectors].map((role) => role.exited));
    const served = await activeDocs(stack);

    const replay = world.spawnCli('replay', ['replay'], stack.roleEnv);
    expect(await replay.exited, replay.output()).toBe(0);
    const rebuilt = await activeDocs(stack);
    const verify = world.spawnCli('verify', ['verify'], stack.roleEnv);
    expect(await verify.exited, verify.output()).toBe(0);

    expect(replay.json.find((line) => line.msg === 'replayed')).toMatchObject({ position: head });
    expect(Object.keys(served)).toEqual(expect.arrayContaining(['webhookLogs']));
    expect(served).toEqual(rebuilt);
    expect(verify.json.find((line) => line.msg === 'verified')).toMatchObject({ head: { position: head } });
  }, 120_000);
});

/** The running process of one role (the stack replaces a restarted one in its list). */
function roleOf(stack: SystemStack, kind: 'api' | 'projector' | 'executor'): RoleProcess {
  const role = { api: stack.apis, projector: stack.projectors, executor: stack.executors }[kind][0];
  if (role === undefined) throw new Error(`no ${kind} running`);
  return role;
}

/** The position the active generation's projector checkpoint holds (a rebuild moves past g0). */
async function projectedTo(store: Awaited<ReturnType<SystemStack['store']>>): Promise<number | undefined> {
  const generation = await store.readStore.activeGeneration('webhookLogs');
  return store.checkpoints.get(`read-models@g${generation}`);
}

/**
 * Posts alerts as TradingView would, open loop at `rate` a second round the users, whatever the
 * answers; an alert counts as acknowledged only on a 200 with its log id.
 */
async function postAlerts(stack: SystemStack, users: readonly StackUser[], rate: number, durationMs: number): Promise<Load> {
  const acked: Acked[] = [];
  const refused: Record<number, number> = {};
  let unanswered = 0;
  const sent: Promise<void>[] = [];
  const started = Date.now();
  for (let i = 0; i < (rate * durationMs) / 1000; i += 1) {
    await sleep(started + (i * 1000) / rate - Date.now());
    const user = users[i % users.length];
    if (user === undefined) continue;
    const alert = { symbol: i % 3 === 0 ? 'ETHUSDT' : 'BTCUSDT', action: i % 2 === 0 ? 'buy' : 'sell', size: 20 + (i % 5), id: `fault-load-${i}` };
    sent.push(
      fetch(user.webhookUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(alert), signal: AbortSignal.timeout(10_000) }).then(
        async (answer) => {
          const body = (await answer.json().catch(() => ({}))) as { data?: { logId?: string } };
          if (answer.status === 200 && body.data?.logId !== undefined) acked.push({ logId: body.data.logId, user });
          else refused[answer.status] = (refused[answer.status] ?? 0) + 1;
        },
        // The api was killed with the request in flight, or was down: TradingView would see no 200.
        () => void (unanswered += 1),
      ),
    );
  }
  await Promise.all(sent);
  return { acked, refused, unanswered };
}

/** Every fault kind the simulator has, on orders and on reads, at seeded random moments of the load. */
async function injectVenueFaults(stack: SystemStack, random: () => number, durationMs: number): Promise<void> {
  const faults = [
    { endpoint: 'exchange', kind: 'http5xx', count: 2 },
    { endpoint: 'exchange', kind: 'http429', count: 2 },
    { endpoint: 'exchange', kind: 'timeout', count: 1 },
    { endpoint: 'exchange', kind: 'dropAfterApply', count: 1, actionType: 'order' },
    { endpoint: 'exchange', kind: 'latency', ms: 800, count: 3 },
    { endpoint: 'info', kind: 'http5xx', count: 2 },
    { endpoint: 'info', kind: 'latency', ms: 500, count: 2 },
  ];
  const started = Date.now();
  const schedule = faults.map((fault) => ({ fault, at: random() * (durationMs - 2_000) })).sort((a, b) => a.at - b.at);
  for (const { fault, at } of schedule) {
    await sleep(started + at - Date.now());
    await stack.simControl('fault', fault);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
