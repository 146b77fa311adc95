import { cloidForSignal } from '@hyperhook/hyperliquid';
import { http, waitFor, type SystemHarness } from './harness.js';
import type { Doc } from '../smoke/embeddedHistory.js';
import { activeDocs } from './readModelDocs.js';
import type { StackUser, SystemStack } from './stack.js';

/** An alert the api answered 200 with its log id. */
export type Acked = { readonly logId: string; readonly user: StackUser };
/** What the load saw: acknowledged alerts, requests no api answered, and other answers by status. */
export type Load = { readonly acked: Acked[]; readonly unanswered: number; readonly refused: Record<number, number> };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Past the load's duration, posting goes on at the same rate until this many were acknowledged, for at most `extraMs`. */
export type AtLeast = { readonly acked: number; readonly extraMs: number };

/**
 * Posts alerts as TradingView would, open loop at `rate` a second round the users (and the apis,
 * when several), whatever the answers; an alert counts as acknowledged only on a 200 with its log id.
 * With `atLeast`, a busy machine whose restarts left the api down for much of the window gets
 * the alerts a test needs to mean something, after the window rather than never.
 */
export async function postAlerts(stack: SystemStack, users: readonly StackUser[], rate: number, durationMs: number, atLeast?: AtLeast): Promise<Load> {
  const acked: Acked[] = [];
  const refused: Record<number, number> = {};
  let unanswered = 0;
  const sent: Promise<void>[] = [];
  const started = Date.now();
  const more = (i: number) =>
    i < (rate * durationMs) / 1000 || (atLeast !== undefined && acked.length < atLeast.acked && Date.now() < started + durationMs + atLeast.extraMs);
  for (let i = 0; more(i); i += 1) {
    await sleep(started + (i * 1000) / rate - Date.now());
    const user = users[i % users.length];
    const api = stack.apiUrls[i % stack.apiUrls.length];
    if (user === undefined || api === undefined) continue;
    const alert = { symbol: i % 3 === 0 ? 'ETHUSDT' : 'BTCUSDT', action: i % 2 === 0 ? 'buy' : 'sell', size: 20 + (i % 5), id: `fault-load-${i}` };
    sent.push(
      fetch(`${api}${new URL(user.webhookUrl).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(alert),
        signal: AbortSignal.timeout(10_000),
      }).then(
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
export async function injectVenueFaults(stack: SystemStack, random: () => number, durationMs: number): Promise<void> {
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

/** Each acknowledged alert's first event, once all have ended (executed, failed or rejected). */
export async function firstEventsOnceSettled(stack: SystemStack, load: Load): Promise<(string | undefined)[]> {
  const finals = await Promise.all(load.acked.map(({ logId }) => stack.terminal(logId, 90_000)));
  return finals.map((events) => events[0]?.type);
}

/** The acknowledged alerts of each user that the api's webhook logs do not show settled, waiting up to a minute for them. */
export async function missingFromLogs(stack: SystemStack, users: readonly StackUser[], load: Load): Promise<string[]> {
  const missing: string[] = [];
  for (const user of users) {
    const mine = load.acked.filter((a) => a.user === user).map((a) => a.logId);
    const settled = async () => {
      const answer = await http<{ data: { webhookLogId: string; status: string }[] }>(`${stack.apiUrl}/api/webhook-logs?limit=200`, { token: user.token });
      const statuses = new Map(answer.body.data.map((log) => [log.webhookLogId, log.status]));
      return mine.filter((id) => !['executed', 'failed'].includes(statuses.get(id) ?? ''));
    };
    await waitFor(`${user.uid}'s logs to show every acknowledged alert settled`, async () => (await settled()).length === 0, 60_000, 250).catch(
      () => undefined,
    );
    missing.push(...(await settled()));
  }
  return missing;
}

/** Cloids the venue received more than once, and executed alerts whose order it did not receive exactly once. */
export async function orderCounts(stack: SystemStack, load: Load): Promise<{ twice: [string, number][]; executed: number; notOnce: string[] }> {
  const stats = await stack.simStats();
  const executed: string[] = [];
  for (const { logId } of load.acked) if ((await stack.signalEvents(logId)).at(-1)?.type === 'SignalExecuted') executed.push(logId);
  return {
    twice: Object.entries(stats.ordersByCloid).filter(([, count]) => count > 1),
    executed: executed.length,
    notOnce: executed.filter((id) => stats.ordersByCloid[cloidForSignal(id)] !== 1),
  };
}

/**
 * Stops every role (the executors first, so fills stop arriving, then waits for the projector to
 * take in the rest), reads the documents served, rebuilds them with `hyperhook replay` and runs
 * `hyperhook verify`.
 */
export async function servedAndRebuilt(
  world: SystemHarness,
  stack: SystemStack,
): Promise<{
  head: number;
  served: Record<string, Doc[]>;
  rebuilt: Record<string, Doc[]>;
  replay: Record<string, unknown> | undefined;
  verify: Record<string, unknown> | undefined;
  outputs: string;
}> {
  const store = await stack.store();
  for (const executor of stack.executors) executor.child.kill('SIGTERM');
  await Promise.all(stack.executors.map((executor) => executor.exited));
  const head = await store.eventStore.headPosition();
  await waitFor(
    'the projector to reach the head of the log',
    async () => (await store.checkpoints.get(`read-models@g${await store.readStore.activeGeneration('webhookLogs')}`)) === head,
    30_000,
    100,
  );
  const others = [...stack.apis, ...stack.projectors];
  for (const role of others) role.child.kill('SIGTERM');
  await Promise.all(others.map((role) => role.exited));
  const served = await activeDocs(stack);
  const replay = world.spawnCli('replay', ['replay'], stack.roleEnv);
  await replay.exited;
  const rebuilt = await activeDocs(stack);
  const verify = world.spawnCli('verify', ['verify'], stack.roleEnv);
  await verify.exited;
  return {
    head,
    served,
    rebuilt,
    replay: replay.json.find((line) => line.msg === 'replayed'),
    verify: verify.json.find((line) => line.msg === 'verified'),
    outputs: `${replay.output()}\n${verify.output()}`,
  };
}
