import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BudgetExhaustedError, createMeterMemory, WeightMeter } from './weightMeter.js';

/** A clock the test moves, and a sleep that moves it (no real waiting). */
function fakeTime(start = 1_700_000_000_000) {
  const time = { now: start, slept: [] as number[] };
  return {
    time,
    now: () => time.now,
    sleep: async (ms: number) => {
      time.slept.push(ms);
      time.now += ms;
    },
  };
}

describe('WeightMeter: the venue per-IP weight over the last minute', () => {
  it('given weight charged over time, when a minute passes, then only the last minute counts', () => {
    const { time, now, sleep } = fakeTime();
    const meter = new WeightMeter({ budgetPerMinute: 1200, now, sleep });
    meter.charge(20);
    time.now += 30_000;
    meter.charge(2);
    expect(meter.used()).toBe(22);
    time.now += 31_000; // the first charge is now 61 s old
    expect(meter.used()).toBe(2);
    time.now += 60_000;
    expect(meter.used()).toBe(0);
  });

  it('given room in the share, when an order acquires, then it is charged at once and counted', async () => {
    const { time, now, sleep } = fakeTime();
    const meter = new WeightMeter({ budgetPerMinute: 100, now, sleep });
    await meter.acquire(1, 'order');
    expect(meter.stats()).toMatchObject({ used: 1, budget: 100, requests: 1, weight: 1, waited: 0 });
    expect(time.slept).toEqual([]);
  });

  it('given reads filled 90% of the budget, when a read acquires, then it waits; an order still goes at once', async () => {
    const { time, now, sleep } = fakeTime();
    const meter = new WeightMeter({ budgetPerMinute: 100, now, sleep, maxWaitMs: 120_000 });
    meter.charge(90);
    await meter.acquire(1, 'order');
    expect(time.slept).toEqual([]);
    await meter.acquire(2, 'orderRead');
    // It went only once the charged 90 left the window, a minute on.
    expect(time.slept.length).toBeGreaterThan(0);
    expect(time.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60_000);
    expect(meter.stats().waited).toBe(1);
  });

  it('given orders used 60% of the budget, when a deferrable read acquires, then it waits behind them however long', async () => {
    const { time, now, sleep } = fakeTime();
    const meter = new WeightMeter({ budgetPerMinute: 100, now, sleep, maxWaitMs: 1_000 });
    meter.charge(60);
    await meter.acquire(20, 'deferrable');
    expect(time.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60_000);
  });

  it('given a deferrable read waiting for room, when its signal aborts mid-wait, then it is given up as aborted and never charged', async () => {
    const { now } = fakeTime();
    const sleeps: number[] = [];
    // A sleep that never ends by itself: only the abort can end the wait.
    const meter = new WeightMeter({ budgetPerMinute: 100, now, sleep: (ms) => (sleeps.push(ms), new Promise(() => undefined)) });
    meter.charge(60);
    const stop = new AbortController();

    const waiting = meter.acquire(20, 'deferrable', stop.signal);
    await Promise.resolve();
    stop.abort();

    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(sleeps).toHaveLength(1);
    expect(meter.used()).toBe(60);
  });

  it('given a backlog of deferrable reads, when they acquire one after another, then they are spread over the minute, not let in at once (issue 14, point 4)', async () => {
    const { time, now, sleep } = fakeTime();
    const meter = new WeightMeter({ budgetPerMinute: 1200, now, sleep });
    const startedAt = time.now;
    const takenAt: number[] = [];
    for (let i = 0; i < 36; i += 1) {
      await meter.acquire(20, 'deferrable');
      takenAt.push(time.now);
    }
    // 36 reads of 20 are the deferrable share of a minute (720): taken over the minute, never more
    // than a sixth of it (120) within 10 s.
    for (const at of takenAt) expect(takenAt.filter((t) => t >= at && t < at + 10_000).length * 20).toBeLessThanOrEqual(120);
    expect(takenAt.at(-1)! - startedAt).toBeGreaterThanOrEqual(50_000);
    expect(meter.used()).toBe(720);
  });

  it('given a backlog of deferrable reads for a minute, when orders rise to 1,000 a minute, then no order waits (issue 14, point 4)', () => {
    const { time, now, sleep } = fakeTime(1_700_000_000_000);
    const meter = new WeightMeter({ budgetPerMinute: 1200, now, sleep });
    let refused = 0;
    let reads = 0;
    let sent = 0;
    // Each simulated second: the fill recorder's backlog (reads of 20 that wait for room) takes
    // what the meter lets it, then that second's orders (1,000 a minute, from the 61st second on).
    for (let second = 0; second < 240; second += 1) {
      time.now = 1_700_000_000_000 + second * 1000;
      while (meter.tryAcquire(20, 'deferrable')) reads += 1;
      if (second < 61) continue;
      const due = Math.floor(((second - 60) * 1000) / 60) - Math.floor(((second - 61) * 1000) / 60);
      for (let i = 0; i < due; i += 1) {
        if (meter.tryAcquire(1, 'order')) sent += 1;
        else refused += 1;
      }
    }
    expect(reads).toBeGreaterThan(36); // the backlog had its share while orders were few
    expect(sent).toBeGreaterThan(2_900);
    expect(refused).toBe(0);
    expect(meter.used()).toBeLessThanOrEqual(1200);
  });

  it('given a full budget, when an order waited maxWaitMs, then it is refused and never charged', async () => {
    const { now, sleep } = fakeTime();
    const meter = new WeightMeter({ budgetPerMinute: 10, now, sleep, maxWaitMs: 2_000 });
    meter.charge(10);
    await expect(meter.acquire(1, 'order')).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(meter.used()).toBe(10);
  });

  it('given a 429 from the venue, when anything acquires, then it waits out the pause first', async () => {
    const { time, now, sleep } = fakeTime();
    const meter = new WeightMeter({ budgetPerMinute: 1200, now, sleep });
    meter.backOff(3_000);
    await meter.acquire(1, 'order');
    expect(time.slept[0]).toBe(3_000);
    expect(meter.stats().rateLimited).toBe(1);
  });

  it('given one memory shared with a worker thread, when both charge at once, then no weight is lost', async () => {
    const memory = createMeterMemory();
    const meter = new WeightMeter({ budgetPerMinute: 1_000_000, memory });
    const entry = new URL('./testing/chargeMeterWorker.ts', import.meta.url).href;
    // The worker runs the TypeScript source, as vitest does here: tsx registers first.
    const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { memory, times: 5_000, weight: 2 } });
    const done = new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    for (let i = 0; i < 5_000; i += 1) meter.charge(1);
    await done;
    await worker.terminate();
    // Within one minute the total is exact (buckets cap at 65,535 a second, far above this).
    expect(meter.stats().weight).toBe(15_000);
    expect(meter.used()).toBe(15_000);
  });
});

describe('WeightMeter: orders, their reads, then people, then bookkeeping (issue 28, points 2-4)', () => {
  it('given key checks and syncs filled the interactive share (75%), when an order-path read comes, then it goes at once while the next key check waits', async () => {
    const { time, now, sleep } = fakeTime();
    const meter = new WeightMeter({ budgetPerMinute: 1200, now, sleep });
    for (let i = 0; i < 45; i += 1) expect(meter.tryAcquire(20, 'interactive')).toBe(true); // 900 = 75%
    expect(meter.tryAcquire(20, 'interactive')).toBe(false);
    await meter.acquire(20, 'orderRead');
    await meter.acquire(1, 'order');
    expect(time.slept).toEqual([]);
    expect(meter.tryAcquire(20, 'deferrable')).toBe(false);
  });

  it('given the share of a priority is full, when asked how long until a request fits, then it is the time until enough of the oldest seconds leave the window', () => {
    const { time, now, sleep } = fakeTime(1_700_000_000_000);
    const meter = new WeightMeter({ budgetPerMinute: 100, now, sleep });
    meter.charge(50); // second 0
    time.now += 10_000;
    meter.charge(40); // second 10
    time.now += 250; // 10.25 s: 90 used, interactive share 75
    expect(meter.retryAfterMs(1, 'order')).toBe(0);
    // the 50 of second 0 leaves the 61 s window at second 61: 50.75 s from now
    expect(meter.retryAfterMs(20, 'interactive')).toBe(50_750);
    // 40 + 50 leave by second 71 for a request the share can never hold beside them
    expect(meter.retryAfterMs(80, 'interactive')).toBe(60_750);
  });

  it("given a read that cannot get room in time, when it gives up, then the refusal says it is this server's limit and when to try again", async () => {
    const { time, now, sleep } = fakeTime(1_700_000_000_000);
    const meter = new WeightMeter({ budgetPerMinute: 100, now, sleep, maxWaitMs: 2_000 });
    meter.charge(100);
    time.now += 30_000;
    const error = await meter.acquire(20, 'interactive').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExhaustedError);
    const refusal = error as BudgetExhaustedError;
    expect(refusal.waitedMs).toBeGreaterThanOrEqual(2_000);
    expect(refusal.retryAfterMs).toBeGreaterThan(28_000);
    expect(refusal.retryAfterMs).toBeLessThanOrEqual(29_000);
    expect(refusal.message).toBe(`hyperhook is at Hyperliquid's request limit for this server; try again in ${Math.ceil(refusal.retryAfterMs / 1000)} s.`);
    expect(refusal.message).not.toContain('could not be reached');
  });

  it('given requests that waited, when the stats are read, then the waits and their time are counted by priority and in the last minute', async () => {
    const { time, now, sleep } = fakeTime(1_700_000_000_000);
    const meter = new WeightMeter({ budgetPerMinute: 100, now, sleep, maxWaitMs: 1_500 });
    expect(meter.stats()).toMatchObject({ waited: 0, waitedLastMinute: 0 });
    meter.charge(80);
    await meter.acquire(10, 'interactive').catch(() => undefined); // 80 + 10 > 75: waits, refused
    await meter.acquire(10, 'orderRead'); // fits in 90: no wait
    expect(meter.stats()).toMatchObject({
      waited: 1,
      waitedLastMinute: 1,
      byPriority: {
        interactive: { waits: 1, waitedMs: expect.any(Number) },
        orderRead: { waits: 0, waitedMs: 0 },
        order: { waits: 0 },
        deferrable: { waits: 0 },
      },
    });
    expect(meter.stats().byPriority.interactive.waitedMs).toBeGreaterThanOrEqual(1_500);
    time.now += 61_000;
    expect(meter.stats()).toMatchObject({ waited: 1, waitedLastMinute: 0 });
  });
});
