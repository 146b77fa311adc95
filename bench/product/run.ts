// The product as users run it: the built CLI started as `npm start` starts it (`hyperhook start`,
// every role in one process, embedded SQLite store with synchronous=FULL on disk) and the strict
// simulator (`hyperhook sim`), both child processes; users signed up through the api; alerts posted
// to each user's webhook URL by an open-loop generator in a third process.
//
//   npm run bench -- product [--quick] [--only=<row text>[|<row text>…]] [--skip-build] [--soak [--soak-minutes=10]] [--postgres | --kurrent] [--cluster]
//     [--paper-depth=10000]   (the fills the deep paper row's strategy has before its alerts)
//
// --postgres: the same rows with every role on PostgreSQL (DATABASE_URL, a fresh schema each run,
// HYPERHOOK_TEST_DATABASE_URL or the local server) instead of the embedded file. --kurrent: on
// KurrentDB + MongoDB (KURRENTDB_URL and MONGODB_URL from the environment; a fresh stream namespace
// and database each run). --cluster: also the cluster layout's rows (two apis, a projector, two
// leased executors; PostgreSQL + NATS).
import { fork, spawnSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cloidForSignal } from '../../packages/hyperliquid/src/client/cloid.js';
import { Product, type SimAccount } from '../../tests/browser/support/product.js';
import { REPO_ROOT } from '../../tests/system/harness.js';
import { percentile } from '../executor/percentile.js';
import type { OpenLoopResult } from '../ingress/openLoopLoad.js';
import { LatencyBySecond, worstSecondsText } from '../ingress/worstSeconds.js';
import { loadText, sampleLoad } from '../pwa/loadSampler.js';
import { signUp, type BenchUser } from '../pwa/users.js';
import { BENCH_DATABASE_URL, onStore as onStoreOf, storeEnv as storeEnvOf, storeFromArgs } from './benchStore.js';
import type { LoadPlan } from './loadGenerator.js';
import {
  ordersSentTwice,
  requestsPerAlert,
  sampleMeter,
  sampleProduct,
  simCounts,
  simWindowWeight,
  traceProduct,
  waitForFinal,
  waitForReadModels,
  weightPerAlert,
  type MeterSample,
  type SimCounts,
} from './productProbe.js';
import { paperLatencies, paperUsers, p50p99 } from './paperUsers.js';
import { signUpMany } from './signUpMany.js';
import { cpuText, threadCpu } from './threadCpu.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
// --only=<text>[|<text>…]: the rows whose name contains any of the texts.
const wanted = (row: string) => only === undefined || only.split('|').some((text) => row.includes(text));
/** The store every product of this run uses (--postgres, --kurrent, else the embedded file). */
const store = storeFromArgs(args);
const storeEnv = () => storeEnvOf(store);
const onStore = (name: string): string => onStoreOf(name, store);

/** Runs one load plan in the generator's own process. */
function generate(plan: LoadPlan): Promise<OpenLoopResult & { cpuMs: number }> {
  const child = fork(join(here, 'loadGenerator.ts'), [], {
    execArgv: ['--conditions=source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { result?: OpenLoopResult; cpuMs?: number; error?: string }) =>
      message.result ? resolve({ ...message.result, cpuMs: message.cpuMs ?? 0 }) : reject(new Error(message.error)),
    );
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
    child.send(plan);
  });
}

/** The generators' results of one row: counts added, latencies side by side (one api: as they are). */
function combine(results: readonly (OpenLoopResult & { cpuMs: number })[]): OpenLoopResult & { cpuMs: number; latencyText: string } {
  const [first] = results;
  if (first === undefined) throw new Error('no load generator ran');
  const sum = (pick: (r: OpenLoopResult & { cpuMs: number }) => number) => results.reduce((total, r) => total + pick(r), 0);
  return {
    ...first,
    ok: sum((r) => r.ok),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    rps: Math.round(sum((r) => r.rps)),
    cpuMs: sum((r) => r.cpuMs),
    latencyText: results.map((r) => `${r.p50} / ${r.p99} / ${r.max}`).join(' · '),
  };
}

/**
 * When the executor logged each signal's plan, its durable OrderSubmitted and, on paper, its fill
 * booked after the append that made it durable (its JSON lines on the product's stdout).
 */
type ExecutorStages = ReadonlyMap<string, { planned?: number; submitted?: number; paperFilled?: number }>;

const STAGE_OF_MESSAGE: Readonly<Record<string, 'planned' | 'submitted' | 'paperFilled'>> = {
  'order planned': 'planned',
  'order submitted': 'submitted',
  'paper order filled': 'paperFilled',
};

function executorStages(lines: readonly Record<string, unknown>[]): ExecutorStages {
  const stages = new Map<string, { planned?: number; submitted?: number; paperFilled?: number }>();
  for (const line of lines) {
    if (line.role !== 'executor' || typeof line.signalId !== 'string' || typeof line.time !== 'string') continue;
    const step = typeof line.msg === 'string' ? STAGE_OF_MESSAGE[line.msg] : undefined;
    if (step === undefined) continue;
    const entry = stages.get(line.signalId) ?? {};
    entry[step] ??= Date.parse(line.time);
    stages.set(line.signalId, entry);
  }
  return stages;
}

/**
 * Each executed alert of this run, from its receipt (the log's received stage) to its order: as the
 * product records it (the sent stage, taken as the order is signed, before OrderSubmitted is
 * durable) and as the simulator saw it arrive (after that append, the signing and the HTTP hop),
 * with the way there in three legs from the executor's log.
 */
async function orderLatencies(origin: string, users: readonly BenchUser[], runId: string, arrivals: Readonly<Record<string, number>>, stages: ExecutorStages) {
  const signed: number[] = [];
  const wire: number[] = [];
  const wireAt: { readonly received: number; readonly ms: number }[] = [];
  const legs = { toPlanned: [] as number[], toDurable: [] as number[], toWire: [] as number[] };
  let missing = 0;
  for (const user of users) {
    const answer = await fetch(`${origin}/api/webhook-logs?limit=200&status=executed`, { headers: { authorization: `Bearer ${user.session.token}` } });
    const logs = ((await answer.json()) as { data: { webhookLogId: string; payload: { id?: string }; stages: { received: string; sent: string | null } }[] })
      .data;
    for (const log of logs) {
      if (log.stages.sent === null || !String(log.payload?.id ?? '').startsWith(runId)) continue;
      const received = Date.parse(log.stages.received);
      signed.push(Date.parse(log.stages.sent) - received);
      const arrived = arrivals[cloidForSignal(log.webhookLogId)];
      if (arrived === undefined) {
        missing += 1;
        continue;
      }
      wire.push(arrived - received);
      wireAt.push({ received, ms: arrived - received });
      const { planned, submitted } = stages.get(log.webhookLogId) ?? {};
      if (planned === undefined || submitted === undefined) continue;
      legs.toPlanned.push(planned - received);
      legs.toDurable.push(submitted - planned);
      legs.toWire.push(arrived - submitted);
    }
  }
  return { signed, wire, wireAt, missing, legs };
}

/** Whether the wire's tail is a few stalls or spread over the run: the slowest seconds by receipt. */
function worstWireSeconds(wireAt: readonly { readonly received: number; readonly ms: number }[]): string {
  if (wireAt.length === 0) return '';
  const start = Math.min(...wireAt.map((w) => w.received));
  const bySecond = new LatencyBySecond();
  for (const { received, ms } of wireAt) bySecond.add(received - start, ms);
  return worstSecondsText(bySecond.worst());
}

type Row = Record<string, string | number>;

/**
 * Said in the name of every row with orders on the speed product: it runs with the exchange
 * budget raised (simulator unlimited, HYPERLIQUID_WEIGHT_PER_MINUTE 10 M), not the default 1,200.
 */
const RAISED = 'exchange budget raised';
const rows: Row[] = [];
const pathOf = (user: BenchUser) => new URL(user.webhookUrl).pathname;
let runs = 0;

/** One row: the load, then every accepted alert followed to its final status. */
async function measure(
  product: Product,
  name: string,
  users: readonly BenchUser[],
  rate: number,
  durationS: number,
  options: { orders: boolean; traceEveryS?: number; unsized?: boolean; paper?: boolean; burst?: boolean },
): Promise<Row> {
  const runId = `r${Date.now().toString(36)}${(runs += 1)}`;
  const before = await sampleProduct(product.url);
  const simBeforeCounts = await simCounts(product.simUrl);
  const pid = product.app?.child.pid ?? 0;
  const simPid = product.world.processes.find((role) => role.name === 'sim')?.child.pid ?? 0;
  const cpuBefore = threadCpu(pid);
  const simBefore = threadCpu(simPid);
  const load = sampleLoad();
  const trace = options.traceEveryS === undefined ? undefined : traceProduct(product.url, options.traceEveryS * 1000, pid);
  // Several apis (the cluster layout): a generator each, sharing the rate; latency is reported per api.
  const origins = product.apiUrls.length > 0 ? product.apiUrls : [product.url];
  const share = rate / origins.length;
  const perApi = await Promise.all(
    origins.map((origin, i) =>
      generate({
        origin,
        paths: users.map(pathOf),
        ratePerSecond: share,
        durationS,
        connections: Math.min(256, Math.max(50, share / 10)),
        runId: `${runId}a${i}`,
        unsized: options.unsized === true,
      }),
    ),
  );
  const result = combine(perApi);
  const cpuAfter = threadCpu(pid);
  const simAfter = threadCpu(simPid);
  const traced = await trace?.stop();
  const during = await sampleProduct(product.url);
  const final = await waitForFinal(product.url, before.final + result.ok, options.burst === true ? 300_000 : 120_000);
  const loadDuring = load.stop();
  // A burst's work mostly follows its second of load: its CPU is counted to the last final status.
  const cpuToFinal = options.burst === true ? { product: threadCpu(pid), sim: threadCpu(simPid) } : undefined;
  const row: Row = {
    row: onStore(name),
    'alerts/s offered': rate,
    'alerts/s served': result.rps,
    'ack p50 / p99 / max ms': result.latencyText,
    'non-2xx / errors': `${result.non2xx} / ${result.errors}`,
    'loop delay p99 / max ms': `${during.loopDelayP99Ms} / ${during.loopDelayMaxMs}`,
    'RSS / heap MiB': `${during.rssMiB} / ${during.heapUsedMiB}`,
    // Measured over the load only; the work still queued when it ended is not in it.
    'CPU ms per alert, by thread': cpuText(cpuBefore, cpuAfter, 1000 / Math.max(1, result.ok)),
    'simulator CPU ms per alert': cpuText(simBefore, simAfter, 1000 / Math.max(1, result.ok)),
    'load generator CPU ms per alert': Number((result.cpuMs / Math.max(1, result.ok)).toFixed(3)),
    'final status': `${final.sample.final - before.final}/${result.ok}${final.complete ? '' : ' (INCOMPLETE)'} after ${final.afterMs} ms`,
    load: loadText(loadDuring),
    // How late the generator itself sent (its timer, its own pauses): latency it adds to every column.
    'generator send lag p99 ms': result.sendLagP99,
    // Whether the tail is spread over the run or a few stalls: the slowest seconds by due time.
    'worst seconds (s: p99 / max ms)': worstSecondsText(result.worstSeconds),
  };
  if (traced !== undefined) {
    // Each /metrics scrape resets the loop-delay histogram, so the row's own figure covers only the last interval.
    row[`RSS / heap MiB every ${options.traceEveryS} s`] = traced.map((t) => `${t.rssMiB}/${t.heapUsedMiB}`).join(' ');
    row[`main thread heap used / reserved MiB every ${options.traceEveryS} s`] = traced.map((t) => `${t.heapUsedMiB}/${t.heapTotalMiB}`).join(' ');
    row[`RSS anonymous / file-backed MiB every ${options.traceEveryS} s`] = traced.map((t) => `${t.anonMiB}/${t.fileMiB}`).join(' ');
    const threads = [...new Set(traced.flatMap((t) => Object.keys(t.threadHeapsMiB)))].sort();
    for (const thread of threads)
      row[`${thread} thread heap used / physical MiB every ${options.traceEveryS} s`] = traced
        .map((t) => `${t.threadHeapsMiB[thread] ?? '?'}/${t.threadHeapsPhysicalMiB[thread] ?? '?'}`)
        .join(' ');
    row['loop delay p99, worst interval ms'] = Math.max(...traced.map((t) => t.loopDelayP99Ms));
  }
  if (options.orders) {
    // The fills and account reads follow an execution by about half a second.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const simAfterCounts = await simCounts(product.simUrl);
    // The latencies and errors below are read from the webhook logs: a read model behind the log
    // (the cluster's projector after a burst) would leave its last alerts out of them.
    const readModels = await waitForReadModels(product.url, 120_000);
    row['read models caught up after ms'] = `${readModels.afterMs}${readModels.complete ? '' : ' (NOT CAUGHT UP)'}`;
    row['exchange requests per alert'] = requestsPerAlert(simBeforeCounts.requestsByType, simAfterCounts.requestsByType, result.ok);
    row['exchange weight per alert'] = weightPerAlert(simBeforeCounts.requestsByType, simAfterCounts.requestsByType, result.ok);
    row['429 from the simulator'] = (simAfterCounts.rateLimited ?? 0) - (simBeforeCounts.rateLimited ?? 0);
    const latencies = await orderLatencies(product.url, users, runId, simAfterCounts.firstOrderArrivalByCloid ?? {}, executorStages(product.app?.json ?? []));
    const twice = ordersSentTwice(simAfterCounts);
    row['alert → order signed p50 / p99 ms'] = `${percentile(latencies.signed, 50)} / ${percentile(latencies.signed, 99)}`;
    row['alert → order on the wire (at the simulator) p50 / p99 ms'] =
      `${percentile(latencies.wire, 50)} / ${percentile(latencies.wire, 99)} (${latencies.wire.length} orders${latencies.missing > 0 ? `; ${latencies.missing} executed without an arrival on record` : ''})`;
    const { toPlanned, toDurable, toWire } = latencies.legs;
    const p5099 = (xs: number[]) => `${percentile(xs, 50)}/${percentile(xs, 99)}`;
    // The legs come from the executor's log lines, which only a single `hyperhook start` gives the bench.
    row['legs p50/p99 ms: received → planned · → OrderSubmitted durable · → at the simulator'] =
      toPlanned.length === 0 ? 'not reported (no executor log lines)' : `${p5099(toPlanned)} · ${p5099(toDurable)} · ${p5099(toWire)}`;
    row['on the wire, worst seconds (s: p99 / max ms)'] = worstWireSeconds(latencies.wireAt);
    if (options.burst === true) row['alert → order on the wire max ms'] = latencies.wire.reduce((a, b) => Math.max(a, b), 0);
    row['orders sent twice'] = twice.twice;
    // Why alerts ended without an order, in the words their logs give the trader, their figures
    // (an alert's age, a price) left out so that one reason is counted once.
    row['failed alerts’ errors'] = countedText((await failedAlertErrors(product.url, users, runId)).map((error) => error.replace(/\d+\.\d+/g, '…')));
  }
  if (cpuToFinal !== undefined) {
    const total = (before: Record<string, number>, after: Record<string, number>) =>
      Object.keys(after).reduce((sum, name) => sum + (after[name] ?? 0) - (before[name] ?? 0), 0);
    const perAlert = 1000 / Math.max(1, result.ok);
    row['CPU ms per acknowledged alert, load to last final status: product (by thread) · simulator'] =
      `${(total(cpuBefore, cpuToFinal.product) * perAlert).toFixed(2)} (${cpuText(cpuBefore, cpuToFinal.product, perAlert)}) · ${(total(simBefore, cpuToFinal.sim) * perAlert).toFixed(2)}`;
  }
  if (options.paper === true) {
    const paper = await paperLatencies(product.url, users, runId, executorStages(product.app?.json ?? []));
    row['alert → paper fill durable p50 / p99 ms'] =
      `${p50p99(paper.durable)} (${paper.durable.length} fills${paper.notFilled > 0 ? `; ${paper.notFilled} not filled` : ''})`;
    row["alert → the log row's filled stage p50 / p99 ms"] = p50p99(paper.filled);
  }
  if (process.env.BENCH_SERVER_TIMES !== undefined) {
    const times = (product.app?.json ?? [])
      .filter((l) => typeof l.responseTime === 'number' && String((l.req as { url?: string } | undefined)?.url ?? '').startsWith('/hook/'))
      .map((l) => l.responseTime as number);
    row['server time p50 / p99 / max ms (access log)'] = `${percentile(times, 50)} / ${percentile(times, 99)} / ${times.reduce((a, b) => Math.max(a, b), 0)}`;
    product.app?.json.splice(0);
  }
  console.log(JSON.stringify(row));
  rows.push(row);
  return row;
}

async function main(): Promise<void> {
  if (!args.includes('--skip-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  // BENCH_CPU_PROF=<dir> writes a CPU profile of each of the product's threads when it stops;
  // BENCH_NODE_ARGS (e.g. "--trace-gc") adds node options, and the product's non-JSON output then
  // goes to stderr.
  const profile = process.env.BENCH_CPU_PROF;
  const extraArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  // These rows measure speed beyond the venue's per-IP budget (200 orders/s is 12,000 weight a
  // minute against its 1,200): the simulator enforces none and the product's meter allows 10 M.
  // The harness keeps (and parses) only the product's lines the rows read: parsing every access-log
  // line cost the bench's own process a seventh of a core at 500 alerts/s, on the cores the product runs on.
  const serverTimes = process.env.BENCH_SERVER_TIMES !== undefined;
  const keepStdoutLine = (line: string): boolean =>
    !line.startsWith('{') ||
    ['"msg":"ready"', '"msg":"order planned"', '"msg":"order submitted"', '"msg":"paper order filled"', '"level":"error"', '"level":50', '"level":60'].some(
      (text) => line.includes(text),
    ) ||
    (serverTimes && line.includes('"responseTime"'));
  const product = await new Product().start({
    keepStdoutLine,
    nodeArgs: [...(profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`]), ...extraArgs],
    simArgs: ['--ip-weight-per-minute', 'off'],
    env: { HYPERLIQUID_WEIGHT_PER_MINUTE: '10000000', ...storeEnv() },
  });
  if (extraArgs.length > 0) {
    product.app?.child.stdout?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line !== '' && !line.startsWith('{')) process.stderr.write(`${line}\n`);
    });
  }
  try {
    const noKeys = await signUpMany(product, 'nokeys', 100, false);
    const sustainS = quick ? 10 : 60;

    const intakeRow = `intake, 100 users without keys, 1,000 alerts/s, ${sustainS} s`;
    // The first seconds of load on a fresh process run cold code (and, after its sign-ups, cold
    // caches): their own row, so the sustained row measures the steady state and neither hides the other.
    const coldRow = `intake, cold start: the first load of a fresh process, 100 users without keys, 1,000 alerts/s, ${quick ? 5 : 10} s`;
    if (wanted(coldRow) || wanted(intakeRow)) await measure(product, coldRow, noKeys, 1_000, quick ? 5 : 10, { orders: false });
    if (wanted(intakeRow)) await measure(product, intakeRow, noKeys, 1_000, sustainS, { orders: false });
    for (const rate of [50, 500, 1_000, 1_500, 2_000, 2_500]) {
      const name = `intake ramp, 100 users without keys, ${rate.toLocaleString('en')} alerts/s, ${quick ? 5 : 10} s`;
      if (wanted(name)) await measure(product, name, noKeys, rate, quick ? 5 : 10, { orders: false });
    }

    // Orders at rising rates: where alert → order on the wire starts to queue.
    const ordersRows = [50, 100, 200].map((rate) => {
      const durationS = rate < 200 || quick ? 10 : 30;
      return { rate, durationS, name: `orders, 40 users with keys, ${rate} alerts/s, ${durationS} s, ${RAISED}` };
    });
    // The idle path: alerts 200 ms apart, so each meets an executor with nothing else in flight
    // (an alert is done in a few ms). The figure a single trader's alert sees; it once doubled unseen.
    const idleRow = `orders, idle: one alert in flight at a time, 40 users with keys, 5 alerts/s, ${quick ? 10 : 30} s, ${RAISED}`;
    const keyed = [...ordersRows.map((row) => row.name), idleRow].some(wanted) ? await signUpMany(product, 'keys', 40, true) : [];
    // Each user's first alert reads the account and sets leverage: its own row, so the others measure the steady state.
    const warmUpRow = `orders, 40 users with keys: warm-up, one alert per user at 20/s, ${RAISED}`;
    if (keyed.length > 0 && wanted(warmUpRow)) await measure(product, warmUpRow, keyed, 20, keyed.length / 20, { orders: true });
    // The first seconds at 200/s after a start run code V8 has not optimised yet: its background
    // compiler threads took a fourth of a core on the two the product shares, and the wire's p99
    // was 0.7–1 s in those seconds against about 0.1 s in a second run. A product that has run for
    // a while is warm, so this row warms it; its figures are the cold start's, not the steady state's.
    const hotRow = `orders, 40 users with keys: warm-up of the code, 200 alerts/s, 10 s, ${RAISED}`;
    if (keyed.length > 0 && wanted(hotRow)) await measure(product, hotRow, keyed, 200, 10, { orders: true });
    if (keyed.length > 0 && wanted(idleRow)) await measure(product, idleRow, keyed, 5, quick ? 10 : 30, { orders: true });
    for (const { rate, durationS, name } of ordersRows) if (wanted(name)) await measure(product, name, keyed, rate, durationS, { orders: true });

    // Against the real venue every call is a WAN round trip: with 50 ms added to each, an alert
    // whose reads are served by tracked state and the price socket reaches the wire at once.
    const latencyRow = `orders, 40 users with keys, 50 ms simulator latency per call, 20 alerts/s, ${quick ? 5 : 10} s, ${RAISED}`;
    if (wanted(latencyRow)) {
      const users = keyed.length > 0 ? keyed : await signUpMany(product, 'keys', 40, true);
      await product.simControl('fault', { kind: 'latency', ms: 50, count: 1_000_000_000 });
      try {
        await measure(product, latencyRow, users, 20, quick ? 5 : 10, { orders: true });
      } finally {
        await product.simControl('clear-faults', {});
      }
    }

    const burstRow = `burst, 300 users with keys, 3,000 alerts within 1 s, ${RAISED}`;
    if (wanted(burstRow)) await measure(product, burstRow, await signUpMany(product, 'burst', 300, true), 3_000, 1, { orders: true, burst: true });
    // Issue 44 §4: the bar close of a hosted deployment, a thousand traders with ten alerts each in
    // the second TradingView sends them in (it gives up on an answer after 3 s).
    const barCloseRow = `bar close, 1,000 users with keys, 10,000 alerts within 1 s, ${RAISED}`;
    if (wanted(barCloseRow)) await measure(product, barCloseRow, await signUpMany(product, 'barclose', 1_000, true), 10_000, 1, { orders: true, burst: true });

    // Paper (issue 44 §2): the idle path on paper strategies, then one strategy deep in its history,
    // its fills posted first at a rate the product keeps up with, then the same idle load.
    const paperS = quick ? 10 : 30;
    const paperIdleRow = `paper, idle: one alert in flight at a time, 40 paper strategies, 5 alerts/s, ${paperS} s`;
    if (wanted(paperIdleRow)) await measure(product, paperIdleRow, await paperUsers(product, 'paper', 40), 5, paperS, { orders: false, paper: true });
    const deepFills = Number(args.find((a) => a.startsWith('--paper-depth='))?.slice('--paper-depth='.length) ?? (quick ? 1_000 : 10_000));
    const paperDeepRow = `paper, idle: one paper strategy past its ${deepFills.toLocaleString('en')}th fill, 5 alerts/s, ${paperS} s`;
    if (wanted(paperDeepRow)) {
      const deep = await paperUsers(product, 'paperdeep', 1);
      const before = await sampleProduct(product.url);
      const posted = await generate({
        origin: product.url,
        paths: deep.map(pathOf),
        ratePerSecond: 200,
        durationS: deepFills / 200,
        connections: 50,
        runId: `deep${Date.now().toString(36)}`,
      });
      await waitForFinal(product.url, before.final + posted.ok, 600_000);
      const filled = ((await sampleProduct(product.url)).statuses.executed ?? 0) - (before.statuses.executed ?? 0);
      if (filled < deepFills) throw new Error(`${paperDeepRow}: only ${filled} of ${deepFills} paper alerts were filled first`);
      await measure(product, paperDeepRow, deep, 5, paperS, { orders: false, paper: true });
    }

    // Outside the default run (ten minutes): is memory flat under a steady load?
    const soakMinutes = Number(args.find((a) => a.startsWith('--soak-minutes='))?.slice('--soak-minutes='.length) ?? 10);
    const soakRow = `soak, 100 users without keys, 500 alerts/s, ${soakMinutes} min`;
    if (args.includes('--soak') && wanted(soakRow)) await measure(product, soakRow, noKeys, 500, soakMinutes * 60, { orders: false, traceEveryS: 60 });
  } finally {
    await product.stop();
  }

  if (['venue budget'].some((text) => wanted(text))) await venueBudgetRows();
  if (wanted(SIGN_UP_BURST_ROW)) await signUpBurstRow(SIGN_UP_BURST_ROW, true);
  if (wanted(SIGN_UP_BURST_UNNAMED_ROW)) await signUpBurstRow(SIGN_UP_BURST_UNNAMED_ROW, false);
  if (args.includes('--cluster')) await clusterRows();

  // The issue's other deployment on one machine: api, projector and executor as three processes
  // sharing the data dir (they meet on SQLite's write lock instead of one event loop).
  const splitRow = `split roles (api, projector, executor processes), 100 users without keys, 1,000 alerts/s, ${quick ? 10 : 30} s`;
  if (wanted(splitRow)) {
    const split = await new Product().start({ splitRoles: true, env: storeEnv() });
    try {
      const users = await signUpMany(split, 'split', 100, false);
      await measure(split, splitRow, users, 1_000, quick ? 10 : 30, { orders: false });
    } finally {
      await split.stop();
    }
  }

  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  console.log(`\n| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${columns.map((c) => r[c] ?? '').join(' | ')} |`);
  mkdirSync(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench', 'results', 'product.json'), JSON.stringify({ at: new Date().toISOString(), quick, rows }, null, 2));
}

/**
 * Issue 15: the cluster layout on one machine — PostgreSQL, NATS (JetStream), two api processes,
 * one projector and two executors sharing the users by lease, every role its own process — with
 * the load split between the two apis (a generator each).
 */
async function clusterRows(): Promise<void> {
  const product = new Product();
  const nats = await product.world.startNats();
  const schema = `bench_${Date.now().toString(36)}`;
  await product.start({
    cluster: { apis: 2, executors: 2 },
    simArgs: ['--ip-weight-per-minute', 'off'],
    env: { HYPERLIQUID_WEIGHT_PER_MINUTE: '10000000', DATABASE_URL: BENCH_DATABASE_URL, HYPERHOOK_DATABASE_SCHEMA: schema, NATS_URL: nats.url },
  });
  const layout = 'cluster (2 apis, projector, 2 leased executors as processes; PostgreSQL + NATS)';
  try {
    const durationS = quick ? 10 : 30;
    const intakeRows = [500, 1_000].map((rate) => ({
      rate,
      name: `${layout}: intake, 100 users without keys, ${rate.toLocaleString('en')} alerts/s, ${durationS} s`,
    }));
    const noKeys = intakeRows.some((row) => wanted(row.name)) ? await signUpMany(product, 'cluster-nokeys', 100, false) : [];
    for (const { rate, name } of intakeRows) if (wanted(name)) await measure(product, name, noKeys, rate, durationS, { orders: false });
    const warmUpRow = `${layout}: orders, 40 users with keys: warm-up, one alert per user at 20/s, ${RAISED}`;
    const ordersRows = [50, 200].map((rate) => ({ rate, name: `${layout}: orders, 40 users with keys, ${rate} alerts/s, ${durationS} s, ${RAISED}` }));
    const keyed = [warmUpRow, ...ordersRows.map((row) => row.name)].some(wanted) ? await signUpMany(product, 'cluster-keys', 40, true) : [];
    if (wanted(warmUpRow)) await measure(product, warmUpRow, keyed, 20, keyed.length / 20, { orders: true });
    for (const { rate, name } of ordersRows) if (wanted(name)) await measure(product, name, keyed, rate, durationS, { orders: true });
    // Issue 44 §4: the bar close beside the embedded store's, reported only.
    const barCloseRow = `${layout}: bar close, 1,000 users with keys, 10,000 alerts within 1 s, ${RAISED}`;
    if (wanted(barCloseRow))
      await measure(product, barCloseRow, await signUpMany(product, 'cluster-barclose', 1_000, true), 10_000, 1, { orders: true, burst: true });
  } finally {
    await product.stop();
  }
}

/**
 * Issue 14: calls and weight per alert inside the venue's budget of 1,200 weight a minute, which
 * the simulator enforces (429 beyond it) and the product's meter keeps. Users sign up (the key
 * check costs 80 weight each) and send a first alert each (it opens a position and sets leverage,
 * ~50 weight) with both budgets raised; then the product restarts with the venue's budget, the
 * simulator enforces it, and after a minute for the windows to clear the rows run: each user's first
 * alert after the restart (the tracked account is read again), then the steady minute.
 */
async function venueBudgetRows(): Promise<void> {
  const product = await new Product().start({ simArgs: ['--ip-weight-per-minute', 'off'], env: { HYPERLIQUID_WEIGHT_PER_MINUTE: '10000000', ...storeEnv() } });
  const windowS = 61;
  const pause = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));
  try {
    const fixed = await signUpMany(product, 'fixed', quick ? 40 : 200, true);
    const pct = await signUpMany(product, 'pct', quick ? 16 : 80, true);
    for (const user of pct) {
      const answer = await fetch(`${product.url}/api/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.session.token}` },
        body: JSON.stringify({
          positionSizing: { mode: 'percentage_balance', value: 0.1 },
          riskLimits: { maxPositionSize: 1000, maxOpenPositions: 3 },
          trading: { leverage: 1, slippageTolerance: 1, requireStopLoss: false },
        }),
      });
      if (answer.status !== 200) throw new Error(`settings answered ${answer.status}`);
    }
    await measure(product, 'venue budget: set-up, budgets raised, first alert of each user', fixed, 20, fixed.length / 20, { orders: true });
    await measure(product, 'venue budget: set-up, budgets raised, first alert of each user (unsized)', pct, 20, pct.length / 20, {
      orders: true,
      unsized: true,
    });
    await product.restartApp({ HYPERLIQUID_WEIGHT_PER_MINUTE: '1200' });
    await product.simControl('ip-weight', { perMinute: 1200 });
    await pause(windowS);

    const minuteS = quick ? 20 : 60;
    await measure(
      product,
      `venue budget 1,200/min: first alert of each of ${fixed.length} fixed-size users after a restart, over ${minuteS} s`,
      fixed,
      fixed.length / minuteS,
      minuteS,
      { orders: true },
    );
    await pause(windowS);
    await measure(product, `venue budget 1,200/min: fixed size, ${fixed.length} users, 1,000 alerts/min, ${minuteS} s`, fixed, 1_000 / 60, minuteS, {
      orders: true,
    });
    await pause(windowS);
    await measure(
      product,
      `venue budget 1,200/min: first alert of each of ${pct.length} %-of-balance users after a restart, over ${minuteS / 2} s`,
      pct,
      pct.length / (minuteS / 2),
      minuteS / 2,
      { orders: true, unsized: true },
    );
    await pause(windowS);
    await measure(product, `venue budget 1,200/min: 0.1% of balance, ${pct.length} users, 400 alerts/min, ${minuteS} s`, pct, 400 / 60, minuteS, {
      orders: true,
      unsized: true,
    });
  } finally {
    await product.stop();
  }
}

/** Issue 28: new traders saving their keys and sending their first alerts together, inside the venue's budget. */
const BURST_USERS = 15;
const SIGN_UP_BURST_ROW = `sign-up burst, venue budget 1,200/min: ${BURST_USERS} key saves, then ${BURST_USERS} first alerts in 1 s`;
/** Issue 42, point 2: the same with wallets approved without a name (as the SDKs make them), whose approval is confirmed in the background. */
const SIGN_UP_BURST_UNNAMED_ROW = `sign-up burst, unnamed wallets, venue budget 1,200/min: ${BURST_USERS} key saves, then ${BURST_USERS} first alerts in 1 s`;
/** After the last order: the fills and account reads that follow executions are deferrable, paced, and come later. */
const FOLLOW_UP_MS = 5_000;

/** The venue's budget at one moment: the product's meter and the simulator's counters, read together. */
type BudgetSnapshot = { readonly at: number; readonly meter: MeterSample; readonly sim: SimCounts };

async function budgetSnapshot(product: Product): Promise<BudgetSnapshot> {
  const [meter, sim] = await Promise.all([sampleMeter(product.url), simCounts(product.simUrl)]);
  return { at: performance.now(), meter, sim };
}

/**
 * Snapshots every `everyMs` until stopped: the minute's peak weight and the moment the last order
 * reached the simulator are read from them, so neither depends on when the bench looked.
 */
function watchBudget(product: Product, everyMs: number) {
  const seen: BudgetSnapshot[] = [];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let running = true;
  const loop = (async () => {
    while (running) {
      seen.push(await budgetSnapshot(product));
      await sleep(everyMs);
    }
  })();
  return {
    seen,
    /** The first snapshot from index `from` on that satisfies `done`, waited for up to `timeoutMs`. */
    async first(from: number, done: (s: BudgetSnapshot) => boolean, timeoutMs: number): Promise<BudgetSnapshot | undefined> {
      const deadline = performance.now() + timeoutMs;
      for (let i = from; performance.now() < deadline;) {
        const snapshot = seen[i];
        if (snapshot === undefined) await sleep(everyMs / 2);
        else if (done(snapshot)) return snapshot;
        else i += 1;
      }
      return undefined;
    },
    async stop(): Promise<void> {
      running = false;
      await loop;
    },
  };
}

/** One key save as the browser's form sends it: its status, how long it took, and a refusal's message. */
type KeySave = { readonly status: number; readonly ms: number; readonly message?: string };

async function saveKeys(product: Product, user: BenchUser, account: SimAccount): Promise<KeySave> {
  const started = performance.now();
  const answer = await fetch(`${product.url}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.session.token}` },
    body: JSON.stringify({
      hyperliquidApiKey: account.apiWalletAddress,
      hyperliquidPrivateKey: account.apiWalletPrivateKey,
      accountAddress: account.accountAddress,
      isTestnet: true,
    }),
  });
  const body = (await answer.json()) as { error?: string };
  const ms = Math.round(performance.now() - started);
  return answer.status === 200 ? { status: 200, ms } : { status: answer.status, ms, message: body.error ?? JSON.stringify(body) };
}

/** How the users' API wallets stand, as GET /api/keys says: confirmed by the save or the background check, still checking, or refused. */
async function keyApprovals(product: Product, users: readonly BenchUser[]): Promise<Record<'confirmed' | 'checking' | 'refused', number>> {
  const counts = { confirmed: 0, checking: 0, refused: 0 };
  for (const user of users) {
    const answer = await fetch(`${product.url}/api/keys`, { headers: { authorization: `Bearer ${user.session.token}` } });
    const approval = ((await answer.json()) as { data?: { approval?: keyof typeof counts | null } }).data?.approval;
    if (approval != null) counts[approval] += 1;
  }
  return counts;
}

/** "2× text; 1× other": the same refusal once with its count. */
function countedText(texts: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts].map(([text, n]) => `${n}× ${text}`).join('; ');
}

/** The errors of this run's alerts that failed, as their logs show them to the trader. */
async function failedAlertErrors(origin: string, users: readonly BenchUser[], runId: string): Promise<string[]> {
  const errors: string[] = [];
  for (const user of users) {
    const answer = await fetch(`${origin}/api/webhook-logs?limit=200&status=failed`, { headers: { authorization: `Bearer ${user.session.token}` } });
    const logs = ((await answer.json()) as { data: { payload: { id?: string }; error?: string }[] }).data;
    for (const log of logs) if (String(log.payload?.id ?? '').startsWith(runId)) errors.push(log.error ?? '(no error text)');
  }
  return errors;
}

/** The weight the product's meter took between two snapshots (what it sent, per-item surcharges included). */
const meterWeight = (from: BudgetSnapshot, to: BudgetSnapshot): number => to.meter.weight - from.meter.weight;

/**
 * Weight per item between two snapshots, over every item and over those that did their part (a save
 * refused before it checked anything, an alert of a user without keys, sent nothing), from the
 * product's meter: "74.7 · 80.0".
 */
function weightEach(from: BudgetSnapshot, to: BudgetSnapshot, items: number, done: number): string {
  const per = (n: number) => (meterWeight(from, to) / Math.max(1, n)).toFixed(1);
  return `${per(items)} · ${per(done)}`;
}

/** Which requests waited for room between two snapshots, by priority: "order 0, deferrable 14 (20.5 s)"; empty where the product does not say. */
function priorityWaits(from: BudgetSnapshot, to: BudgetSnapshot): string {
  if (Object.keys(to.meter.waitsByPriority).length === 0) return 'not reported';
  return Object.keys(to.meter.waitsByPriority)
    .map((priority) => {
      const waits = (to.meter.waitsByPriority[priority] ?? 0) - (from.meter.waitsByPriority[priority] ?? 0);
      const seconds = (to.meter.waitSecondsByPriority[priority] ?? 0) - (from.meter.waitSecondsByPriority[priority] ?? 0);
      return waits === 0 ? `${priority} 0` : `${priority} ${waits} (${seconds.toFixed(1)} s)`;
    })
    .join(', ');
}

/**
 * Issue 28: a burst of new traders on the defaults — the product's meter at its 1,200 a minute
 * (HYPERLIQUID_WEIGHT_PER_MINUTE unset) and the simulator enforcing the venue's 1,200 per IP. A
 * fresh product, so the minute holds nothing but its start: 15 users sign up, each gets a funded
 * simulator account with a named approved agent (as Hyperliquid's UI makes one), and their key
 * saves run one after another (each checks the agent at the venue and looks at the account); then, as
 * soon as the last save has answered (within the saves' minute unless a save waited for room),
 * every user's first alert (it reads the account and sets leverage before its order), 15 within one
 * second. The question: do the saves' weight and the first alerts' reads hold up the orders?
 */
async function signUpBurstRow(name: string, named: boolean): Promise<void> {
  // The row is about the default budget: a value inherited from the shell would change what it measures.
  if (process.env.HYPERLIQUID_WEIGHT_PER_MINUTE !== undefined) throw new Error(`unset HYPERLIQUID_WEIGHT_PER_MINUTE for "${name}"`);
  const product = await new Product().start({ simArgs: ['--ip-weight-per-minute', '1200'], env: storeEnv() });
  const load = sampleLoad();
  try {
    const users: BenchUser[] = [];
    // A few at a time: sign-up hashes a password (argon2id) and costs the venue nothing.
    for (let i = 0; i < BURST_USERS; i += 5)
      users.push(
        ...(await Promise.all(Array.from({ length: Math.min(5, BURST_USERS - i) }, (_, j) => signUp(product, `signup-burst${i + j}`, { keys: false })))),
      );
    // Seeded through the simulator's control routes: no weight either.
    const accounts = await Promise.all(users.map(() => product.simAccount(undefined, { named })));
    const watch = watchBudget(product, 100);
    try {
      const beforeSaves = await budgetSnapshot(product);
      const savesStartedAt = Date.now();
      const saves: KeySave[] = [];
      for (const [i, user] of users.entries()) saves.push(await saveKeys(product, user, accounts[i] as SimAccount));
      const afterSaves = await budgetSnapshot(product);

      const runId = `s${Date.now().toString(36)}`;
      const alertsFrom = watch.seen.length;
      // One alert per user (alert i goes to user i), all due within the second: each user's first.
      const alerts = await generate({
        origin: product.url,
        paths: users.map(pathOf),
        ratePerSecond: BURST_USERS,
        durationS: 1,
        connections: BURST_USERS,
        runId,
      });
      const arrivals = (s: BudgetSnapshot) =>
        Object.keys(s.sim.firstOrderArrivalByCloid ?? {}).length - Object.keys(afterSaves.sim.firstOrderArrivalByCloid ?? {}).length;
      const concluded = (s: BudgetSnapshot) => s.meter.executed + s.meter.failed - afterSaves.meter.executed - afterSaves.meter.failed;
      // The alerts' weight is counted to the moment every order was at the simulator (or, when some
      // never got there, every alert had concluded), before the deferrable reads that follow.
      const lastOrder = await watch.first(alertsFrom, (s) => arrivals(s) >= alerts.ok || concluded(s) >= alerts.ok, 120_000);
      const final = await waitForFinal(product.url, afterSaves.meter.executed + afterSaves.meter.failed + alerts.ok, 120_000);
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_UP_MS));
      const afterReads = await budgetSnapshot(product);
      await watch.stop();

      const latencies = await orderLatencies(product.url, users, runId, afterReads.sim.firstOrderArrivalByCloid ?? {}, executorStages(product.app?.json ?? []));
      const failedErrors = await failedAlertErrors(product.url, users, runId);
      const refused = saves.filter((s) => s.status !== 200);
      const seconds = (ms: number) => (ms / 1000).toFixed(1);
      const firstReceived = Math.min(...latencies.wireAt.map((w) => w.received));
      const p5099 = (xs: number[]) => `${percentile(xs, 50)}/${percentile(xs, 99)}`;
      const { toPlanned, toDurable, toWire } = latencies.legs;
      const executed = afterReads.meter.executed - afterSaves.meter.executed;
      // An unnamed wallet's approval is confirmed in the background, at the deferrable priority: how long until none is left checking.
      let approvals = await keyApprovals(product, users);
      for (let waited = 0; approvals.checking > 0 && waited < 120; waited += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        approvals = await keyApprovals(product, users);
      }
      const row: Row = {
        row: onStore(name),
        'product meter budget/min': beforeSaves.meter.budget,
        'weight in the minute at the first save (simulator · product)': `${simWindowWeight(beforeSaves.sim)} · ${beforeSaves.meter.used}`,
        'key saves OK': `${saves.length - refused.length}/${saves.length}${refused.length > 0 ? `; ${countedText(refused.map((s) => `${s.status} "${s.message}"`))}` : ''}`,
        'approvals once none is left checking, or after 2 minutes (confirmed · checking · refused)': `${approvals.confirmed} · ${approvals.checking} · ${approvals.refused}, ${seconds(Date.now() - savesStartedAt)} s after the first save`,
        'key save ms, in turn (status when not 200)': saves.map((s) => (s.status === 200 ? `${s.ms}` : `${s.ms} (${s.status})`)).join(' '),
        'weight per key save: over all · over saved keys (product meter)': weightEach(beforeSaves, afterSaves, saves.length, saves.length - refused.length),
        'weight per key save by type (simulator, over all)': weightPerAlert(beforeSaves.sim.requestsByType, afterSaves.sim.requestsByType, saves.length),
        'first alerts acknowledged / non-2xx / errors': `${alerts.ok} / ${alerts.non2xx} / ${alerts.errors}`,
        'first alert received, s after the first save': Number.isFinite(firstReceived) ? seconds(firstReceived - savesStartedAt) : '?',
        'alert → order on the wire p50 / p99 / max ms': `${percentile(latencies.wire, 50)} / ${percentile(latencies.wire, 99)} / ${Math.max(0, ...latencies.wire)}`,
        'legs p50/p99 ms: received → planned · → OrderSubmitted durable · → at the simulator': `${p5099(toPlanned)} · ${p5099(toDurable)} · ${p5099(toWire)}`,
        'orders placed (at the simulator)': `${arrivals(afterReads)}/${alerts.ok}`,
        'alerts executed / failed': `${executed} / ${afterReads.meter.failed - afterSaves.meter.failed}${final.complete ? '' : ' (INCOMPLETE)'}`,
        'failed alerts’ errors': countedText(failedErrors),
        'last order at the simulator, s after the first save': lastOrder === undefined ? '?' : seconds(lastOrder.at - beforeSaves.at),
        'weight per first alert to the last order at the simulator: over all · over executed (product meter)':
          lastOrder === undefined ? 'never settled' : weightEach(afterSaves, lastOrder, alerts.ok, executed),
        'first alert weight by type to the last order (simulator, over all)':
          lastOrder === undefined ? '' : weightPerAlert(afterSaves.sim.requestsByType, lastOrder.sim.requestsByType, alerts.ok),
        [`weight per first alert with the reads that follow, to ${FOLLOW_UP_MS / 1000} s after the last final status: over all · over executed (product meter)`]:
          weightEach(afterSaves, afterReads, alerts.ok, executed),
        'first alert weight by type with the reads that follow (simulator, over all)': weightPerAlert(
          afterSaves.sim.requestsByType,
          afterReads.sim.requestsByType,
          alerts.ok,
        ),
        'peak weight in the minute (simulator · product meter)': `${Math.max(...watch.seen.map((s) => simWindowWeight(s.sim)))} · ${Math.max(...watch.seen.map((s) => s.meter.used))}`,
        '429 from the simulator': (afterReads.sim.rateLimited ?? 0) - (beforeSaves.sim.rateLimited ?? 0),
        'requests that waited for room, saves · alerts (product meter)': `${afterSaves.meter.waited - beforeSaves.meter.waited} · ${afterReads.meter.waited - afterSaves.meter.waited}`,
        'the same by priority, saves · alerts (where the product reports it)': `${priorityWaits(beforeSaves, afterSaves)} · ${priorityWaits(afterSaves, afterReads)}`,
        '429s the product saw': afterReads.meter.rateLimited - beforeSaves.meter.rateLimited,
        'orders sent twice': ordersSentTwice(afterReads.sim).twice,
        load: loadText(load.stop()),
      };
      console.log(JSON.stringify(row));
      rows.push(row);
    } finally {
      // Stopped before the product, whose /metrics it reads (a second stop is a no-op).
      await watch.stop();
    }
  } finally {
    await product.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
