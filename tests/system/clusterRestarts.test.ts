import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemHarness } from './harness.js';
import { firstEventsOnceSettled, missingFromLogs, orderCounts, postAlerts, servedAndRebuilt, sleep, type Load } from './faultLoad.js';
import { startPrivatePostgres, type PrivatePostgres } from './privatePostgres.js';
import { SystemStack, type StackUser } from './stack.js';

const RATE = 6;
const LOAD_MS = 30_000;

/**
 * Issue 32, point 3: "NATS and PostgreSQL restarted under load in the cluster". The cluster
 * layout (two apis, a projector, two executors sharing the users by lease over NATS) on a
 * PostgreSQL server of the test's own, which it crashes (`pg_ctl stop -m immediate`) and starts
 * again while alerts arrive; the nats-server carrying notices and leases is killed and started
 * again on its port the same way. No role is restarted by hand: each must ride both out.
 */
describe('issue 32, point 3: given the cluster under load, when NATS and then PostgreSQL are killed and started again', () => {
  const world = new SystemHarness();
  const stack = new SystemStack(world);
  let postgres: PrivatePostgres;
  let users: StackUser[] = [];
  let load: Load;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    await stack.start({ backend: 'postgres', databaseUrl: postgres.url, apis: 2, leasedExecutors: 2 });
    users = await Promise.all(['kim', 'lou', 'max', 'ned'].map((name) => stack.onboard(name)));

    const posting = postAlerts(stack, users, RATE, LOAD_MS);
    await sleep(6_000);
    await stack.nats?.restart(2_000);
    await sleep(8_000);
    await postgres.restart(2_000);
    load = await posting;
    console.log(`cluster restarts: ${load.acked.length} alerts acknowledged, ${load.unanswered} unanswered, refused ${JSON.stringify(load.refused)}`);
  }, 180_000);

  afterAll(async () => {
    await world.cleanup();
    await stack.close().catch(() => undefined);
    postgres.stop();
  });

  it("then every role is still running, and every acknowledged alert is in the log, ends, and shows in its owner's logs", async () => {
    const firstEvents = await firstEventsOnceSettled(stack, load);

    expect(
      [...stack.apis, ...stack.projectors, ...stack.executors].filter((role) => role.child.exitCode !== null).map((role) => `${role.name}: ${role.output()}`),
    ).toEqual([]);
    expect(load.acked.length).toBeGreaterThan(RATE * 10);
    expect(firstEvents).toEqual(load.acked.map(() => 'SignalReceived'));
    expect(await missingFromLogs(stack, users, load)).toEqual([]);
  }, 180_000);

  it('then while PostgreSQL was down alerts were answered 503 "try again" (never 500, never a 200 the log does not hold), and no order reached the venue twice', async () => {
    const { twice, executed, notOnce } = await orderCounts(stack, load);

    expect(Object.keys(load.refused).filter((status) => status !== '503')).toEqual([]);
    expect(twice).toEqual([]);
    expect(executed).toBeGreaterThan(0);
    expect(notOnce).toEqual([]);
  }, 60_000);

  it('then the read models equal a rebuild from the log document by document, and `hyperhook verify` passes', async () => {
    const { head, served, rebuilt, replay, verify, outputs } = await servedAndRebuilt(world, stack);

    expect(replay, outputs).toMatchObject({ position: head });
    expect(served).toEqual(rebuilt);
    expect(verify, outputs).toMatchObject({ head: { position: head } });
  }, 120_000);
});
