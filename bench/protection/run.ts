/**
 * Diagnostic: what a trailing stop costs the venue in an hour (issue 41 §5). The executor and the
 * in-process strict simulator (executorFixture: one process, a temp SQLite store), the executor's,
 * the client's and the simulator's clocks all injected, so an hour of checks runs in seconds. It
 * isolates the protection keeper; it is not the product as `npm start` runs it (bench/product).
 *
 * One strategy buys 0.1 ETH with a 2% trailing stop. The mark then follows a seeded random walk for
 * an hour (below), checked every 5 s as the keeper's timer does (720 checks: the mark moves, the
 * clock skips 5 s, then executor.checkProtection()). Per hour it reports the /exchange requests, the
 * IP weight by request type (the venue's table, packages/hyperliquid/src/venue/requestWeight.ts),
 * the stop moves, and trailMoveBound's bound for the path the trail ran on; a stop that fired ends
 * the trail's hour there, and the row says when.
 *
 *   npm run bench -- protection [--seeds=5]
 *
 * Prints a markdown table and one JSON line `{"row": …}` per row; writes bench/results/protection.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { accountStreamId, trailMoveBound } from '@hyperhook/domain';
import { createExecutorFixture } from '../../packages/executor/src/testing/executorFixture.js';
import { heldOnSim } from '../../packages/executor/src/testing/liveStrategies.js';
import { requestWeight } from '../../packages/hyperliquid/src/venue/requestWeight.js';

const CHECK_INTERVAL_MS = 5_000;
const CHECKS = 720; // an hour of checks every 5 s
const TRAIL_PERCENT = 2;
const seedsArg = process.argv.find((arg) => arg.startsWith('--seeds='));
const SEEDS = Number(seedsArg?.slice('--seeds='.length) ?? 5);

/** mulberry32: a small seeded PRNG, so a row's path is the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * An hour of mids: a geometric random walk from `start`, each 5 s step's log return normal
 * (Box–Muller) with standard deviation hourlyVol/√720, so the hour's log return has standard
 * deviation hourlyVol (ETH's is about 1% in a quiet hour, 3% in a busy one); prices to 0.1 USD
 * (five significant figures at ETH's level, a valid perp price).
 */
export function pricePath(seed: number, start: number, hourlyVol: number, steps = CHECKS): number[] {
  const random = prng(seed);
  const sigma = hourlyVol / Math.sqrt(steps);
  const path: number[] = [];
  let logPx = Math.log(start);
  for (let i = 0; i < steps; i++) {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    logPx += sigma * normal;
    path.push(Math.round(Math.exp(logPx) * 10) / 10);
  }
  return path;
}

/** Weight of `count` requests of a simulator type ("exchange order", "info allMids"), one item per batch. */
function weightOf(type: string, count: number): number {
  const [endpoint = '', name = ''] = type.split(' ');
  return (
    count * requestWeight(endpoint === 'exchange' ? 'exchange' : 'info', endpoint === 'exchange' ? { action: { type: name, orders: [{}] } } : { type: name })
  );
}

interface HourResult {
  readonly seed: number;
  readonly exchangeRequests: number;
  readonly weight: number;
  readonly exchangeWeight: number;
  readonly weightByType: Record<string, number>;
  readonly stopMoves: number;
  readonly bound: number;
  readonly rangePercent: number;
  /** The check at which the stop fired and closed the position, if it did. */
  readonly stoppedAtCheck: number | undefined;
  readonly wallSeconds: number;
}

async function oneHour(seed: number, hourlyVol: number): Promise<HourResult> {
  let skipped = 0;
  const clock = () => Date.now() + skipped;
  const fx = await createExecutorFixture({ clock, venueOnClock: true });
  try {
    const user = await fx.addUser('u-trail-bench', { usdc: 50_000 });
    const executor = await fx.start();
    await fx.terminal(
      await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, trailingStop: { percent: TRAIL_PERCENT } }, new Date(clock()).toISOString()),
    );
    await executor.idle();
    const start = (await fx.client.getMids(true)).ETH ?? 0;
    const path = pricePath(seed, start, hourlyVol);
    // Only the keeper's requests count: the harness's own reads (the mids it waits for, the position
    // it looks at) fall between the checks, outside these windows.
    const requestsByType: Record<string, number> = {};
    let exchangeRequests = 0;
    const movesBefore = (await fx.events(accountStreamId(user.uid))).filter((e) => e.type === 'ProtectionUpdated').length;
    const startedAt = performance.now();
    let low = start;
    let high = start;
    let stoppedAtCheck: number | undefined;
    for (const [i, px] of path.entries()) {
      fx.sim.setMarkPrice('ETH', px);
      skipped += CHECK_INTERVAL_MS;
      // The mids cache is paced on the injected clock: after the skip the keeper's read is fresh.
      for (let tries = 0; tries < 100 && (await fx.client.getMids(true)).ETH !== px; tries++) await new Promise((resolve) => setTimeout(resolve, 5));
      low = Math.min(low, px);
      high = Math.max(high, px);
      const before = fx.sim.totals();
      await executor.checkProtection();
      const after = fx.sim.totals();
      exchangeRequests += after.exchangeRequests - before.exchangeRequests;
      for (const [type, count] of Object.entries(after.requestsByType))
        requestsByType[type] = (requestsByType[type] ?? 0) + count - (before.requestsByType[type] ?? 0);
      if ((await heldOnSim(fx, user.accountAddress, 'ETH')) === 0) {
        stoppedAtCheck = i + 1;
        break;
      }
    }
    const wallSeconds = (performance.now() - startedAt) / 1000;
    const weightByType: Record<string, number> = {};
    for (const [type, count] of Object.entries(requestsByType)) if (count > 0) weightByType[type] = weightOf(type, count);
    const updates = (await fx.events(accountStreamId(user.uid))).flatMap((e) => (e.type === 'ProtectionUpdated' ? [e.data] : [])).slice(movesBefore);
    // A move is an update that moved the trail (movedAt changes); the last one of a stopped hour only cancels.
    const stopMoves = new Set(updates.flatMap((update) => (update.trailingStop?.movedAt !== undefined ? [update.trailingStop.movedAt] : []))).size;
    const exchangeWeight = Object.entries(weightByType).reduce((sum, [type, w]) => sum + (type.startsWith('exchange ') ? w : 0), 0);
    return {
      seed,
      exchangeRequests,
      weight: Object.values(weightByType).reduce((sum, w) => sum + w, 0),
      exchangeWeight,
      weightByType,
      stopMoves,
      // The distance at the path's low is the smallest step the trail can take (trailMoveBound's doc).
      bound: trailMoveBound(high - low, (low * TRAIL_PERCENT) / 100),
      rangePercent: Math.round(((high - low) / start) * 10_000) / 100,
      stoppedAtCheck,
      wallSeconds: Math.round(wallSeconds * 10) / 10,
    };
  } finally {
    await fx.close();
  }
}

const rows: unknown[] = [];
const loadAtStart = loadavg()[0]!;
console.log(
  '| row (diagnostic) | seed | range of the hour | exchange requests | IP weight (of which /exchange) | stop moves | trailMoveBound | stop fired | wall s |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---|---:|');
for (const hourlyVol of [0.01, 0.03]) {
  const name = `trailing stop, venue requests per hour (diagnostic: executor + simulator, injected clock), 2% trail, ETH random walk ${hourlyVol * 100}%/h, checked every 5 s`;
  const hours: HourResult[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const hour = await oneHour(seed, hourlyVol);
    hours.push(hour);
    const fired = hour.stoppedAtCheck === undefined ? 'no' : `at minute ${Math.round((hour.stoppedAtCheck * CHECK_INTERVAL_MS) / 60_000)}`;
    console.log(
      `| ${name} | ${seed} | ${hour.rangePercent}% | ${hour.exchangeRequests} | ${hour.weight} (${hour.exchangeWeight}) | ${hour.stopMoves} | ${hour.bound} | ${fired} | ${hour.wallSeconds} |`,
    );
  }
  const mean = (pick: (hour: HourResult) => number) => Math.round((hours.reduce((sum, hour) => sum + pick(hour), 0) / hours.length) * 10) / 10;
  const max = (pick: (hour: HourResult) => number) => Math.max(...hours.map(pick));
  const summary = {
    exchangeRequests: { mean: mean((h) => h.exchangeRequests), max: max((h) => h.exchangeRequests) },
    weight: { mean: mean((h) => h.weight), max: max((h) => h.weight) },
    exchangeWeight: { mean: mean((h) => h.exchangeWeight), max: max((h) => h.exchangeWeight) },
    stopMoves: { mean: mean((h) => h.stopMoves), max: max((h) => h.stopMoves) },
    bound: { mean: mean((h) => h.bound), max: max((h) => h.bound) },
    withinBound: hours.every((h) => h.stopMoves <= h.bound),
    stopped: hours.filter((h) => h.stoppedAtCheck !== undefined).length,
  };
  const row = { row: name, checks: CHECKS, checkIntervalMs: CHECK_INTERVAL_MS, trailPercent: TRAIL_PERCENT, hourlyVol, seeds: SEEDS, summary, hours };
  rows.push(row);
  console.log(JSON.stringify(row));
}
const load = `${loadAtStart.toFixed(1)}–${loadavg()[0]!.toFixed(1)}`;
console.log(`\n${new Date().toISOString()}, load average (1 min) ${load}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/protection.json', `${JSON.stringify({ at: new Date().toISOString(), load, rows }, null, 2)}\n`);
