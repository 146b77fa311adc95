import { join } from 'node:path';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteRows } from '../smoke/embeddedHistory.js';
import { freePort, SystemHarness, waitFor } from './harness.js';
import { SYSTEM_TUNING, SystemStack, type StackUser } from './stack.js';

type Row = Record<string, unknown>;

/**
 * Issue 32, point 3: "SIGTERM drains work in flight". `hyperhook start` as an operator's
 * supervisor stops it (a deploy, a reboot) while orders are on their way to a slow venue.
 */
describe('issue 32, point 3: given `hyperhook start` with orders on their way to a slow venue, when it gets SIGTERM', () => {
  const world = new SystemHarness();
  const stack = new SystemStack(world);
  const file = join(world.dataDir, 'hyperhook.db');
  const acked: { logId: string; user: StackUser }[] = [];
  let code: number | string;
  let inFlightAtSignal: string[] = [];
  let afterSignal: { status: number | 'refused'; logId?: string }[] = [];
  let env: NodeJS.ProcessEnv;

  afterAll(async () => {
    await world.cleanup();
  });

  it('then every order in flight reaches its outcome before the process exits 0, and an alert arriving during shutdown is refused or kept, never acknowledged and lost', async () => {
    const [simPort, apiPort] = await Promise.all([freePort(), freePort()]);
    const sim = world.spawnCli('sim', ['sim', '--port', String(simPort), '--ip-weight-per-minute', 'off'], world.env());
    stack.simUrl = String((await sim.waitForJson((line) => line.msg === 'ready')).url);
    stack.apiUrl = `http://127.0.0.1:${apiPort}`;
    env = world.env({
      ...SYSTEM_TUNING,
      HYPERLIQUID_ORDER_EXPIRY_MS: '10000',
      HYPERLIQUID_TIMEOUT_MS: '5000',
      HYPERLIQUID_TESTNET_API_URL: stack.simUrl,
      HYPERLIQUID_API_URL: stack.simUrl,
      PORT: String(apiPort),
      PUBLIC_URL: stack.apiUrl,
    });
    const start = world.spawnCli('start', ['start'], env);
    await start.waitForJson((line) => line.msg === 'ready');
    const users = await Promise.all(['una', 'vic', 'wes'].map((name) => stack.onboard(name)));
    // Every order answered after 1.5 s: two alerts per user queue in each user's lane.
    await stack.simControl('fault', { endpoint: 'exchange', kind: 'latency', ms: 1_500, actionType: 'order', count: 100 });
    for (const [i, user] of [...users, ...users].entries())
      acked.push({ logId: await stack.alert(user, { symbol: 'BTCUSDT', action: 'buy', size: 30, id: `drain-${i}` }), user });
    await waitFor('an order on its way', () => start.json.some((line) => line.msg === 'order submitted'), 15_000);

    inFlightAtSignal = signalsWithout('SignalExecuted');
    start.child.kill('SIGTERM');
    // Alerts keep coming while it shuts down, as TradingView does not know.
    afterSignal = await Promise.all(users.map((user, i) => post(user, { symbol: 'ETHUSDT', action: 'buy', size: 30, id: `during-shutdown-${i}` })));
    code = await start.exited;

    const unfinished = signalsWithout('SignalExecuted', 'SignalFailed', 'SignalRejected');
    const submittedWithoutOutcome = unfinished.filter((id) => typesOf(id).includes('OrderSubmitted'));
    const stats = await stack.simStats();
    console.log(
      `drain: ${inFlightAtSignal.length} of ${acked.length} unfinished at SIGTERM, ${unfinished.length} left unstarted at exit; during shutdown answered ${afterSignal.map((a) => a.status).join(', ')}`,
    );

    expect(code, start.output()).toBe(0);
    expect(inFlightAtSignal.length).toBeGreaterThan(0);
    expect(start.lines.some((line) => line.includes('SIGTERM received, shutting down'))).toBe(true);
    expect(submittedWithoutOutcome).toEqual([]);
    expect(Object.values(stats.ordersByCloid).filter((count) => count > 1)).toEqual([]);
    for (const answer of afterSignal) {
      if (answer.status === 200) expect(typesOf(answer.logId ?? '')).toContain('SignalReceived');
      else expect([503, 'refused']).toContain(answer.status);
    }
  }, 120_000);

  it('then, started again, it finishes what the drain left unstarted: every acknowledged alert executed, each order sent once', async () => {
    await stack.simControl('clear-faults', {});
    const again = world.spawnCli('start again', ['start'], env);
    await again.waitForJson((line) => line.msg === 'ready');
    const ids = [...acked.map((a) => a.logId), ...afterSignal.flatMap((a) => (a.status === 200 && a.logId !== undefined ? [a.logId] : []))];
    const finals = await Promise.all(ids.map((id) => stack.terminal(id, 45_000)));
    const stats = await stack.simStats();

    expect(finals.map((events) => events.at(-1)?.type)).toEqual(ids.map(() => 'SignalExecuted'));
    expect(ids.map((id) => stats.ordersByCloid[cloidForSignal(id)])).toEqual(ids.map(() => 1));
  }, 90_000);

  /** The signal ids of the log whose stream holds none of `types`. */
  function signalsWithout(...types: string[]): string[] {
    const rows = sqliteRows(file, `SELECT stream_id, group_concat(type) AS types FROM events WHERE stream_id LIKE 'signal-%' GROUP BY stream_id`);
    return rows
      .filter((row: Row) => !types.some((type) => String(row.types).split(',').includes(type)))
      .map((row: Row) => String(row.stream_id).slice('signal-'.length));
  }

  function typesOf(signalId: string): string[] {
    return sqliteRows(file, `SELECT type FROM events WHERE stream_id = 'signal-${signalId}' ORDER BY stream_version`).map((row: Row) => String(row.type));
  }
});

/** Posts an alert, reporting the answer's status, or 'refused' when nothing listens any more. */
async function post(user: StackUser, alert: Record<string, unknown>): Promise<{ status: number | 'refused'; logId?: string }> {
  try {
    const answer = await fetch(user.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(alert),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await answer.json().catch(() => ({}))) as { data?: { logId?: string } };
    return { status: answer.status, ...(body.data?.logId !== undefined ? { logId: body.data.logId } : {}) };
  } catch {
    return { status: 'refused' };
  }
}
