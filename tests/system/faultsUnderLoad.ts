import { createPrng } from '@hyperhook/venue-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemHarness, type RoleProcess } from './harness.js';
import { firstEventsOnceSettled, injectVenueFaults, missingFromLogs, orderCounts, postAlerts, servedAndRebuilt, sleep, type Load } from './faultLoad.js';
import { openLiveFeed } from './liveClient.js';
import { SystemStack, type StackBackend, type StackUser } from './stack.js';

/** Alerts a second, across the users, for the whole of the load. */
const RATE = 8;
const LOAD_MS = 30_000;
/** Acknowledged alerts the checks need to mean something (the test fails with fewer). */
const ENOUGH_ACKED = RATE * 5 + 1;
/** Each role is killed this many times while the load runs. */
const KILLS_PER_ROLE = 2;

/**
 * Issue 32, point 3: the roles as separate processes (sim, api, projector, executor, NATS between
 * them), each killed with SIGKILL at seeded random moments while alerts arrive at a fixed rate
 * and the venue fails in every way the simulator can inject, then restarted. Whatever the
 * moment, the log is the truth: an acknowledged alert is in it and ends, an order goes out once,
 * and the read models are what a rebuild from the log makes of it.
 */
export function describeFaultsUnderLoad(backend: StackBackend, name: string): void {
  describe(`issue 32, point 3: faults under load on ${name}`, () => {
    const world = new SystemHarness();
    const stack = new SystemStack(world);
    const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const random = createPrng(seed);
    let users: StackUser[] = [];
    let load: Load;
    const kills: string[] = [];

    beforeAll(async () => {
      console.log(`faults on ${backend}: seed ${seed} (FAULT_SEED=${seed} replays the schedule)`);
      await stack.start({ backend });
      users = await Promise.all(['ana', 'ben', 'cai', 'dee'].map((name) => stack.onboard(name)));

      const started = Date.now();
      const posting = postAlerts(stack, users, RATE, LOAD_MS, { acked: ENOUGH_ACKED, extraMs: 30_000 });
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
      console.log(
        `faults on ${backend}: killed ${kills.join(', ')}; ${load.acked.length} alerts acknowledged, ${load.unanswered} unanswered, refused ${JSON.stringify(load.refused)}`,
      );
    }, 240_000);

    afterAll(async () => {
      await world.cleanup();
      await stack.close();
    });

    it("then every acknowledged alert is in the log and ends executed, failed or rejected, and each user's webhook logs show it", async () => {
      const firstEvents = await firstEventsOnceSettled(stack, load);

      expect(load.acked.length).toBeGreaterThanOrEqual(ENOUGH_ACKED);
      expect(kills).toHaveLength(3 * KILLS_PER_ROLE);
      expect(firstEvents).toEqual(load.acked.map(() => 'SignalReceived'));
      expect(await missingFromLogs(stack, users, load)).toEqual([]);
    }, 180_000);

    it('then no order reached the venue twice, and every executed alert sent exactly one', async () => {
      const { twice, executed, notOnce } = await orderCounts(stack, load);

      expect(twice).toEqual([]);
      expect(executed).toBeGreaterThan(0);
      expect(notOnce).toEqual([]);
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
      const { head, served, rebuilt, replay, verify, outputs } = await servedAndRebuilt(world, stack);

      expect(replay, outputs).toMatchObject({ position: head });
      expect(Object.keys(served)).toEqual(expect.arrayContaining(['webhookLogs']));
      expect(served).toEqual(rebuilt);
      expect(verify, outputs).toMatchObject({ head: { position: head } });
    }, 120_000);
  });
}

/** The running process of one role (the stack replaces a restarted one in its list). */
function roleOf(stack: SystemStack, kind: 'api' | 'projector' | 'executor'): RoleProcess {
  const role = { api: stack.apis, projector: stack.projectors, executor: stack.executors }[kind][0];
  if (role === undefined) throw new Error(`no ${kind} running`);
  return role;
}
