/**
 * PWA benchmark (issue 11 point 6): what the product's pages cost a phone, and how fast an alert
 * shows up in an open dashboard. The product runs as `npm start` runs it — the BUILT CLI
 * (`hyperhook start`: api + projector + executor, embedded SQLite store, the built PWA) — with the
 * strict Hyperliquid simulator (`hyperhook sim`, zero latency), both child processes
 * (tests/browser/support/product.ts). Users sign up through the api and save keys for seeded
 * simulator accounts. Browsers are Debian's Chromium.
 *
 *   1. js         initial JavaScript of / and /dashboard (signed in): every script the page requested
 *                 up to load + network idle, gzip -9 of each file's bytes, and what went over the wire.
 *   2. lighthouse Lighthouse 12 performance audits (mobile preset: 4× CPU, slow 4G), median of runs.
 *   3. live       alert POST → its row reading "Executed" in an open dashboard page.
 *
 * node --conditions=source --import tsx bench/pwa/run.ts [--quick] [--only=js,lighthouse,live]
 *   [--lh-runs=N] [--throttling=simulate,devtools] [--lh-reports] [--alerts=N] [--rate=R] [--users=U] [--no-build]
 * Prints markdown tables and writes bench/results/pwa.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../tests/browser/support/chromium.js';
import { Product } from '../../tests/browser/support/product.js';
import { percentile } from '../executor/percentile.js';
import { assertServes, buildProduct } from './build.js';
import { runAlerts, type AlertRun, type AlertSample } from './alertToRow.js';
import { chunkModules, packageShares } from './chunkModules.js';
import { measurePageJs, type PageJs } from './initialJs.js';
import { lighthouseRun, type LighthouseMetrics, type Throttling } from './lighthouseRun.js';
import { loadText, sampleLoad, type LoadDuring } from './loadSampler.js';
import { signIn, signUpWithKeys, storeSessionScript, type BenchUser } from './users.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = args.includes('--quick');
const phases = new Set((flag('only') ?? 'js,lighthouse,live').split(','));
const lhRuns = Number(flag('lh-runs') ?? (quick ? 1 : 5));
const throttlings = (flag('throttling') ?? 'simulate,devtools').split(',') as Throttling[];
const alertCount = Number(flag('alerts') ?? (quick ? 60 : 400));
const rate = Number(flag('rate') ?? 5);
const userCount = Number(flag('users') ?? (quick ? 2 : 4));
const saveReports = args.includes('--lh-reports');
for (const t of throttlings) if (t !== 'simulate' && t !== 'devtools') throw new Error(`--throttling takes simulate and/or devtools, got ${t}`);

const JS_TARGET_KB = 170;
const FCP_TARGET_MS = 1_500;
const ROW_P99_TARGET_MS = 250;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const round1 = (x: number) => Math.round(x * 10) / 10;
const median = (xs: readonly number[]) => percentile(xs, 50);

const loadAtStart = loadavg();
// Never a stale build, and never one another process is rewriting: see build.ts.
const build = buildProduct(args.includes('--no-build'));
process.env.HYPERHOOK_PWA_DIR = build.pwaDir; // the product's environment is this process's (Product → SystemHarness.env)
const PWA_DIST = build.pwaDir;

const product = new Product();
let browser: Browser | undefined;
const result: Record<string, unknown> = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  quick,
  loadAverageAtStart: loadAtStart,
};
try {
  await product.start();
  await assertServes(product.url, build.indexHtml);
  const owner = await signUpWithKeys(product, 'pwa-owner');

  if (phases.has('js')) {
    browser ??= await launchChromium();
    result.js = await initialJs(browser, owner);
  }
  if (phases.has('lighthouse')) result.lighthouse = await lighthouseRows(owner);
  if (phases.has('live')) {
    browser ??= await launchChromium();
    const users: BenchUser[] = [];
    for (let i = 0; i < userCount; i += 1) users.push(await signUpWithKeys(product, `pwa-live${i}`));
    result.live = await liveRows(browser, users);
  }
} finally {
  await browser?.close();
  await product.stop();
  build.remove();
}
result.loadAverageAtEnd = loadavg();
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/pwa.json', `${JSON.stringify(result, null, 2)}\n`);

/** Phase 1: initial JavaScript per page, the biggest chunks, and what the biggest chunks are made of. */
async function initialJs(chromium: Browser, user: BenchUser) {
  const load = sampleLoad();
  const session = storeSessionScript(await signIn(product.url, user));
  const pages: PageJs[] = [
    await measurePageJs(chromium, product.url, 'landing / (signed out)', '/', { ready: 'main h1' }),
    await measurePageJs(chromium, product.url, '/dashboard (signed in, WEBHOOK tab)', '/dashboard', { initScript: session, ready: '#panel-webhook h2' }),
    await measurePageJs(chromium, product.url, '/dashboard?tab=logs (signed in)', '/dashboard?tab=logs', { initScript: session, ready: '#panel-logs h2' }),
  ];
  const during = load.stop();
  for (const page of pages)
    if (page.path.startsWith('/dashboard') && page.finalPath !== '/dashboard')
      throw new Error(`${page.path} ended on ${page.finalPath}: the session was not accepted`);

  console.log(`\n### Initial JavaScript (Chromium ${chromiumVersion(chromium)}, cold cache, phone viewport; load average ${loadText(during)})\n`);
  console.log('| page | scripts | raw KB | **gzip -9 KB** (zlib, per file) | of which after load (lazy) | brotli-11 KB | on the wire KB (encoding) | target |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const page of pages) {
    const encodings = [...new Set(page.scripts.map((s) => s.encoding))].join(', ');
    const target = page.path === '/dashboard' ? `< ${JS_TARGET_KB} KB gzip: ${kb(page.totals.gzip) < JS_TARGET_KB ? 'met' : '**NOT met**'}` : '';
    console.log(
      `| ${page.name} | ${page.scripts.length} | ${kb(page.totals.bytes)} | **${kb(page.totals.gzip)}** | ${kb(page.totals.gzip - page.totals.beforeLoadGzip)} | ${kb(page.totals.brotli)} | ${kb(page.totals.transferred)} (${encodings}) | ${target} |`,
    );
  }
  console.log(
    `\nBy network idle the service worker had also fetched (its precache still running) ${pages.map((p) => `${p.serviceWorker.requests} files / ${kb(p.serviceWorker.transferred)} KB (${p.name})`).join(', ')}: the whole app for offline use, in the background, what the page had not loaded itself; not counted above.`,
  );
  const dashboard = pages[1]!;
  console.log(`\nBiggest chunks of ${dashboard.name} (gzip -9 KB) and what they are made of (minified bytes by package, from the build's source maps):\n`);
  console.log('| chunk | raw KB | gzip KB | loaded | biggest contributors (minified KB) |');
  console.log('|---|---:|---:|---|---|');
  const chunks = dashboard.scripts.slice(0, 8).map((s) => {
    const modules = chunkModules(join(PWA_DIST, s.file));
    const packages = packageShares(modules).slice(0, 4);
    console.log(
      `| ${s.file.replace('/assets/', '')} | ${kb(s.bytes)} | ${kb(s.gzip)} | ${s.afterLoad ? 'after load' : 'before load'} | ${packages.map((p) => `${p.module} ${kb(p.bytes)}`).join(', ')} |`,
    );
    return { ...s, packages, modules: modules.slice(0, 15) };
  });
  return { loadAverage: during, pages, dashboardChunks: chunks };
}

/** Phase 2: Lighthouse 12 performance audits of / and /dashboard, medians over runs. */
async function lighthouseRows(user: BenchUser) {
  const rows: { page: string; throttling: Throttling; runs: LighthouseMetrics[]; median: Record<string, number>; loadAverage: LoadDuring }[] = [];
  for (const throttling of throttlings) {
    for (const target of [
      { page: 'landing /', path: '/', signedIn: false },
      { page: '/dashboard (signed in)', path: '/dashboard', signedIn: true },
    ]) {
      const load = sampleLoad();
      const runs: LighthouseMetrics[] = [];
      for (let i = 0; i < lhRuns; i += 1) {
        // A fresh session (and a fresh Chromium profile) per run: every run is a first visit of a signed-in user.
        const seed = target.signedIn ? storeSessionScript(await signIn(product.url, user)) : undefined;
        const report = saveReports ? `bench/results/pwa-lighthouse-${target.path === '/' ? 'landing' : 'dashboard'}-${throttling}-${i + 1}.json` : undefined;
        const metrics = await lighthouseRun(`${product.url}${target.path}`, throttling, seed, report);
        if (new URL(metrics.finalUrl).pathname !== target.path) throw new Error(`lighthouse ended on ${metrics.finalUrl}, not ${target.path}`);
        runs.push(metrics);
      }
      const keys = ['fcp', 'lcp', 'tti', 'tbt', 'speedIndex', 'totalByteWeight', 'score', 'benchmarkIndex'] as const;
      rows.push({
        page: target.page,
        throttling,
        runs,
        median: Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])),
        loadAverage: load.stop(),
      });
    }
  }
  console.log(
    `\n### Lighthouse ${lighthouseVersion()} performance, mobile preset (Moto G Power screen, 4× CPU slowdown, slow 4G 150 ms / 1.6 Mbit/s), median of ${lhRuns} run(s)\n`,
  );
  console.log(
    "| page | throttling | **FCP** | LCP | TTI ('interactive' audit) | TBT | Speed Index | bytes KB | score | CPU benchmark index | FCP runs (ms) | load average | target |",
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|');
  for (const row of rows) {
    const m = row.median;
    const target = row.page.startsWith('/dashboard') ? `FCP < ${FCP_TARGET_MS} ms: ${m.fcp! < FCP_TARGET_MS ? 'met' : '**NOT met**'}` : '';
    const method = row.throttling === 'simulate' ? 'simulated (Lantern)' : 'devtools (applied)';
    console.log(
      `| ${row.page} | ${method} | **${m.fcp} ms** | ${m.lcp} ms | ${m.tti} ms | ${m.tbt} ms | ${m.speedIndex} ms | ${kb(m.totalByteWeight!)} | ${m.score} | ${m.benchmarkIndex} | ${row.runs.map((r) => r.fcp).join(', ')} | ${loadText(row.loadAverage)} | ${target} |`,
    );
  }
  const repeated = rows.flatMap((r) => r.runs).filter((run) => run.attempts > 1).length;
  if (repeated > 0) console.log(`\n${repeated} run(s) were repeated after Lighthouse failed to record the page (NO_NAVSTART and the like).`);
  const warnings = [...new Set(rows.flatMap((r) => r.runs.flatMap((run) => run.warnings)))];
  if (warnings.length > 0) console.log(`\nLighthouse warnings: ${warnings.join(' | ')}`);
  return rows;
}

/** Phase 3: alert POST → "Executed" in each user's open dashboard. */
async function liveRows(chromium: Browser, users: BenchUser[]) {
  const load = sampleLoad();
  const run: AlertRun = await runAlerts(chromium, product.url, users, { alerts: alertCount, rate, warmupPerUser: 2, waitMs: 15_000 });
  const during = load.stop();
  const { samples } = run;
  const span = (from: keyof AlertSample, to: keyof AlertSample) =>
    samples.filter((s) => typeof s[from] === 'number' && typeof s[to] === 'number').map((s) => (s[to] as number) - (s[from] as number));
  const summary = (xs: number[]) => ({
    n: xs.length,
    p50: round1(percentile(xs, 50)),
    p95: round1(percentile(xs, 95)),
    p99: round1(percentile(xs, 99)),
    max: round1(xs.length ? Math.max(...xs) : Number.NaN),
  });
  const rows = {
    postToExecutedDom: summary(span('sentAt', 'settledAt')),
    postToExecutedFrame: summary(span('sentAt', 'settledFrameAt')),
    postToRowDom: summary(span('sentAt', 'rowAt')),
    postToAck: summary(span('sentAt', 'ackedAt')),
    postToWsExecuted: summary(span('sentAt', 'wsSettledAt')),
    wsExecutedToDom: summary(span('wsSettledAt', 'settledAt')),
  };
  // Where the server's part goes, from the product's own stamps on the log (ISO, 1 ms; the same wall clock as the bench's).
  const stamp = (s: AlertSample, stage: string) => (stage === 'executedAt' ? s.executedAt : s.stages?.[stage]) ?? undefined;
  const stageSpan = (from: string, to: string) =>
    samples.flatMap((s) => {
      const a = stamp(s, from);
      const b = stamp(s, to);
      return a !== undefined && b !== undefined ? [Date.parse(b) - Date.parse(a)] : [];
    });
  const chain = ['received', 'validated', 'sized', 'signed', 'sent', 'acknowledged', 'filled'];
  const stageRows = chain.slice(1).map((to, i) => ({ name: `${chain[i]} → ${to}`, ...summary(stageSpan(chain[i]!, to)) }));
  const sentToReceived = summary(samples.flatMap((s) => (s.stages?.received ? [Date.parse(s.stages.received) - s.sentAt] : [])));
  const executedToSocket = summary(
    samples.flatMap((s) => (s.executedAt !== undefined && s.wsSettledAt !== undefined ? [s.wsSettledAt - Date.parse(s.executedAt)] : [])),
  );
  const statuses = samples.reduce<Record<string, number>>(
    (acc, s) => ({ ...acc, [s.settledStatus ?? 'missing']: (acc[s.settledStatus ?? 'missing'] ?? 0) + 1 }),
    {},
  );
  const met = rows.postToExecutedDom.p99 < ROW_P99_TARGET_MS && rows.postToExecutedDom.n === samples.length && (statuses.Executed ?? 0) === samples.length;
  console.log(
    `\n### Alert POST → row "Executed" in an open dashboard (${users.length} users, one Chromium page each on /dashboard?tab=logs; ${samples.length} alerts at ${rate}/s, achieved ${round1(run.achievedRate)}/s; load average ${loadText(during)})\n`,
  );
  console.log('| ms (bench clock) | p50 | p95 | **p99** | max | samples | target |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  const line = (name: string, s: ReturnType<typeof summary>, target = '') =>
    console.log(`| ${name} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} | ${s.n}/${samples.length} | ${target} |`);
  line(
    '**POST sent → status badge reads "Executed" (DOM, MutationObserver)**',
    rows.postToExecutedDom,
    `p99 < ${ROW_P99_TARGET_MS} ms: ${met ? 'met' : '**NOT met**'}`,
  );
  line('POST sent → next animation frame after it (painted)', rows.postToExecutedFrame);
  line('POST sent → row first in the DOM (any status)', rows.postToRowDom);
  line('diagnostic, no browser: POST sent → webhook 200 answer', rows.postToAck);
  line('diagnostic, no browser: POST sent → "executed" change on a Node /api/live socket', rows.postToWsExecuted);
  line('diagnostic, browser only: that change on the Node socket → badge "Executed" in the DOM', rows.wsExecutedToDom);
  console.log(`\nWhere the server's part goes (diagnostic, no browser: the product's stage stamps on each log, 1 ms resolution):\n`);
  console.log('| ms | p50 | p95 | p99 | max | samples |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const stageLine = (name: string, s: ReturnType<typeof summary>) => console.log(`| ${name} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} | ${s.n} |`);
  stageLine('POST sent (bench) → stamped received', sentToReceived);
  for (const row of stageRows) stageLine(row.name, row);
  stageLine('executedAt stamp → "executed" change on the Node socket (projection + push)', executedToSocket);
  console.log(`\nfinal statuses: ${JSON.stringify(statuses)}; page visibility: ${run.visibility.join(', ')}; sender lateness p99 ${round1(run.sendLagP99)} ms`);
  console.log(
    `page clock − bench clock: ${run.clock.offsetsMs.map(round1).join(', ')} ms (calibration round trip ${run.clock.calibrationRttMs.map(round1).join(', ')} ms, drift over the run ${run.clock.driftMs.map(round1).join(', ')} ms)`,
  );
  return {
    users: users.length,
    alerts: samples.length,
    rate,
    achievedRate: run.achievedRate,
    statuses,
    rows,
    serverStages: { sentToReceived, stages: stageRows, executedToSocket },
    clock: run.clock,
    visibility: run.visibility,
    sendLagP99: run.sendLagP99,
    loadAverage: during,
    met,
  };
}

function chromiumVersion(chromium: Browser): string {
  return chromium.version();
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
}
