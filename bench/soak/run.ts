// Issue 32, point 6: sustained load. The product as users run it (the built CLI as `npm start` starts
// it, every role in one process, the embedded store on disk; bench/product's set-up) with the strict
// simulator as the venue, users with keys of funded simulator accounts so every alert places an
// order, and bench/product's open-loop generator in its own process posting alerts at a fixed rate
// for a long time. Every 10 s: memory, heaps, file descriptors, WAL size, event-loop delay, venue
// weight, alert rates and ack latency. At the end: every accepted alert reached a final status, no
// order went out twice, and a verdict per series. Outside CI and the default `npm run bench`.
//
//   npm run bench -- soak [--minutes=30] [--rate=50] [--postgres] [--skip-build]
//
// Writes bench/results/soak.json (not committed) and bench/soak.svg, and prints the summary tables.
// The venue's budget is raised as in bench/product's rows with keys: 50 alerts/s is about 3,000
// weight a minute against the venue's 1,200 per IP, so the simulator enforces none and the
// product's meter allows 10 M; the weight the simulator counts is still what the product sent.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Product } from '../../tests/browser/support/product.js';
import { REPO_ROOT } from '../../tests/system/harness.js';
import { loadText, sampleLoad } from '../pwa/loadSampler.js';
import { storeEnv, storeFromArgs } from '../product/benchStore.js';
import { ordersSentTwice, sampleProduct, simCounts, waitForFinal } from '../product/productProbe.js';
import { signUpMany } from '../product/signUpMany.js';
import { plotSvg } from './plotSvg.js';
import { takeSample, type RawSample } from './sampler.js';
import { soakPanels, type SoakWindow } from './series.js';
import { storeProbe } from './storeProbe.js';
import { judgePanels, plotPanels, seriesTable, totalsTable, verdictText, type SoakTotals } from './summary.js';
import type { WindowedLoad, WindowMessage } from './windowedLoad.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number): number => {
  const raw = args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!(value > 0)) throw new Error(`--${name} must be a positive number; got ${raw}`);
  return value;
};
const minutes = numberArg('minutes', 30);
// 50 alerts/s with orders leaves room on the 2 shared cores for half an hour (bench/README.md's rows
// with keys: 50 and 100/s hold ack p99 near 10–20 ms); --rate=100 is the other sensible choice.
const rate = numberArg('rate', 50);
const store = storeFromArgs(args);
const USERS = 40;
const SAMPLE_S = 10;
const windows = Math.max(1, Math.round((minutes * 60) / SAMPLE_S));
const storeName = { sqlite: 'embedded SQLite store', postgres: 'PostgreSQL', kurrent: 'KurrentDB + MongoDB' }[store];

/** The product's stdout lines the soak keeps: the harness holds kept lines in memory for the whole run, so only start-up and errors. */
const keepStdoutLine = (line: string): boolean =>
  !line.startsWith('{') || ['"msg":"ready"', '"level":"error"', '"level":50', '"level":60'].some((text) => line.includes(text));

/** Forks the windowed generator and waits until it has loaded. */
async function startGenerator(onMessage: (message: WindowMessage) => void): Promise<ChildProcess> {
  const child = fork(join(here, 'windowedLoad.ts'), [], {
    execArgv: ['--conditions=source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message: WindowMessage) => ('ready' in message ? resolve() : reject(new Error(`generator: ${JSON.stringify(message)}`))));
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code} before it was ready`)));
  });
  child.on('message', onMessage);
  return child;
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

async function main(): Promise<void> {
  if (!args.includes('--skip-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const env = { HYPERLIQUID_WEIGHT_PER_MINUTE: '10000000', ...storeEnv(store) };
  const product = await new Product().start({ keepStdoutLine, simArgs: ['--ip-weight-per-minute', 'off'], env });
  const probe = await storeProbe(store, product.world.dataDir, env);
  const pid = product.app?.child.pid ?? 0;
  const sources = { origin: product.url, simOrigin: product.simUrl, pid, store: probe };
  const received: SoakWindow[] = [];
  let generatorDone: () => void = () => undefined;
  let generatorFailed: (error: Error) => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    generatorDone = resolve;
    generatorFailed = reject;
  });
  let generator: ChildProcess | undefined;
  try {
    const users = await signUpMany(product, 'soak', USERS, true);
    generator = await startGenerator((message) => {
      if ('window' in message) received.push({ receivedAt: Date.now(), result: message.result, cpuMs: message.cpuMs });
      else if ('done' in message) generatorDone();
      else if ('error' in message) generatorFailed(new Error(`load generator: ${message.error}`));
    });
    generator.once('exit', (code) => code !== 0 && generatorFailed(new Error(`load generator exited with ${code}`)));

    const load = sampleLoad();
    const samples: RawSample[] = [await takeSample(sources)];
    const before = samples[0]!.product;
    const runId = `soak${Date.now().toString(36)}`;
    const startAt = Date.now() + 500;
    const plan: WindowedLoad = {
      plan: { origin: product.url, ratePerSecond: rate, connections: Math.min(256, Math.max(50, rate / 10)) },
      userPaths: users.map((u) => new URL(u.webhookUrl).pathname),
      runId,
      windowS: SAMPLE_S,
      windows,
      startAt,
    };
    generator.send(plan);
    console.log(`soak: ${USERS} users with keys, ${rate} alerts/s for ${minutes} min (${windows} windows of ${SAMPLE_S} s), ${storeName}`);
    // Mid-window: each generator window opens its connections at its start and closes them at its
    // end, so a sample there would count some of them open and some closing.
    for (let k = 0; k < windows; k += 1) {
      await Promise.race([sleepUntil(startAt + (k + 0.5) * SAMPLE_S * 1000), finished.then(() => undefined)]);
      const sample = await takeSample(sources);
      samples.push(sample);
      if (k % 6 === 5)
        console.log(
          `  ${((sample.at - startAt) / 60_000).toFixed(1)} min: RSS ${sample.product.rssMiB} MiB, fds ${sample.fds.total}, loop p99 ${sample.product.loopDelayP99Ms} ms, final ${sample.product.final - before.final}, simulator stats ${sample.simStatsMs} ms`,
        );
    }
    // The last window's answers come after the last sample, which is the last one under load: a
    // sample after the load would read its connections closed and its loop idle. They are in the totals.
    await finished;
    const accepted = received.reduce((sum, w) => sum + w.result.ok, 0);
    const final = await waitForFinal(product.url, before.final + accepted, 120_000);
    // The fills and account reads follow an execution by about half a second.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const twice = ordersSentTwice(await simCounts(product.simUrl));
    const after = await sampleProduct(product.url);
    const loadDuring = load.stop();

    const totals: SoakTotals = {
      offered: received.reduce((sum, w) => sum + w.result.sent, 0),
      accepted,
      non2xx: received.reduce((sum, w) => sum + w.result.non2xx, 0),
      errors: received.reduce((sum, w) => sum + w.result.errors, 0),
      final: final.sample.final - before.final,
      executed: (after.statuses.executed ?? 0) - (before.statuses.executed ?? 0),
      failed: (after.statuses.failed ?? 0) - (before.statuses.failed ?? 0),
      finalAfterMs: final.afterMs,
      ordersAtSimulator: twice.orders,
      ordersSentTwice: twice.twice,
    };
    const { times, panels } = soakPanels(samples, received, probe.walLabel);
    const judged = judgePanels(times, panels);
    const title = `Soak: ${minutes} min at ${rate} alerts/s, ${USERS} users with keys, ${storeName}`;
    const subtitle = `hyperhook start + simulator (budgets raised), sampled every ${SAMPLE_S} s · shaded: warm-up third, not judged · dashed: middle | last third · lost alerts ${totals.accepted - totals.final}, orders sent twice ${totals.ordersSentTwice}`;
    writeFileSync(join(REPO_ROOT, 'bench', 'soak.svg'), plotSvg(times, plotPanels(panels, judged), { title, subtitle }));
    mkdirSync(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(REPO_ROOT, 'bench', 'results', 'soak.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          minutes,
          rate,
          users: USERS,
          store,
          load: loadDuring,
          totals,
          verdicts: judged.map((j) => ({ series: `${j.panel}: ${j.label}`, verdict: verdictText(j), ...j.flatness })),
          times,
          series: judged.map((j) => ({ series: `${j.panel}: ${j.label}`, unit: j.unit, values: j.values })),
          windows: received.map((w) => ({ receivedAt: w.receivedAt, cpuMs: w.cpuMs, ...w.result })),
          samples,
        },
        null,
        2,
      ),
    );
    console.log(
      `\n${title}; load average ${loadText(loadDuring)}\n\n${seriesTable(judged)}\n\n${totalsTable(totals)}\n\nbench/soak.svg, bench/results/soak.json`,
    );
    if (!final.complete || totals.ordersSentTwice > 0) process.exitCode = 1;
  } finally {
    generator?.kill();
    await probe.close();
    await product.stop();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
