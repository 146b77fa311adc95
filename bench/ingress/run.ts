// Ingress benchmark: webhook acknowledgement latency and throughput on the embedded store.
// node --conditions=source --import tsx bench/ingress/run.ts [--quick | --duration=<seconds>] [--only=<scenario text>]
// Prints a markdown table and writes bench/results/ingress.json. Target: p99 < 10 ms at 2,000 req/s.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BENCH_SECRET } from './benchSecret.js';
import { openLoopLoad } from './openLoopLoad.js';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const durationArg = process.argv.find((arg) => arg.startsWith('--duration='));
const durationS = durationArg ? Number(durationArg.slice('--duration='.length)) : quick ? 5 : 20;
if (!Number.isFinite(durationS) || durationS <= 0) throw new Error(`--duration must be a positive number of seconds, got ${durationArg}`);
// --only=<text> runs just the rows whose scenario contains it (A/B runs of one row).
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const wanted = (scenario: string) => only === undefined || scenario.includes(only);
/** Every row isolates the intake (the api and the projector, no executor): its printed name says so. */
const DIAGNOSTIC = 'diagnostic, intake and projector only: ';

type ServerStats = { count: number; p50: number; p99: number; max: number; loopDelayP99: number; loopDelayMax: number; diskKiBPerRequest: number };
type Row = {
  server?: ServerStats;
  scenario: string;
  connections: number;
  targetRps: number | null;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  sendLagP99?: number;
};

const ALERT = (id: string) => `{"symbol":"BINANCE:BTCUSDT.P","action":"buy","size":100,"leverage":2,"id":"${id}"}`;

/** Starts the server process and resolves its port. */
function startServer(): Promise<{ child: ChildProcess; port: number; stop: () => void }> {
  const child = fork(join(here, 'ingressServer.ts'), [], {
    execArgv: ['--conditions=source', '--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let stopping = false;
  // A server that dies mid-run would leave every later wait hanging: fail the bench instead.
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`bench server exited unexpectedly (code ${code}, signal ${signal})`);
    process.exit(1);
  });
  return new Promise((resolve) => {
    child.once('message', (message) =>
      resolve({
        child,
        port: (message as { port: number }).port,
        stop: () => {
          stopping = true;
          child.send('stop');
        },
      }),
    );
  });
}

/** A constant-rate run (open loop); every body has a unique alert id so none is a duplicate. */
async function fixedRate(port: number, path: string, scenario: string, connections: number, rate: number, duration: number, runId: string): Promise<Row> {
  const result = await openLoopLoad({
    origin: `http://127.0.0.1:${port}`,
    path,
    ratePerSecond: rate,
    durationS: duration,
    connections,
    headers: { 'content-type': 'text/plain' },
    body: (i) => ALERT(`${runId}-${i}`),
  });
  return { scenario, connections, targetRps: rate, ...result };
}

/** Closed-loop max throughput (autocannon keeps every connection busy); `[<id>]` makes each alert unique. */
async function maxThroughput(port: number, connections: number, duration: number): Promise<Row> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/hook/${BENCH_SECRET}`,
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: ALERT('[<id>]'),
    idReplacement: true,
    connections,
    duration,
  });
  return {
    scenario: 'max throughput (closed loop)',
    connections,
    targetRps: null,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Resets the server's figures once its projector has caught up. */
function resetServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (!(m as { ready?: boolean }).ready) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send('reset');
  });
}

/** Asks the server for its own latency figures since the last reset. */
function serverStats(child: ChildProcess): Promise<ServerStats> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      const stats = (m as { stats?: ServerStats }).stats;
      if (!stats) return;
      child.off('message', onMessage);
      resolve(stats);
    };
    child.on('message', onMessage);
    child.send('stats');
  });
}

async function main(): Promise<void> {
  const { child, port, stop } = await startServer();
  const rows: Row[] = [];
  const hook = `/hook/${BENCH_SECRET}`;
  await fixedRate(port, hook, 'warm-up', 20, 1000, 3, 'warm');
  // The harness floor: the same load against a route that answers at once, so the table shows
  // what the load generator and the shared cores cost before the webhook path adds anything.
  await fixedRate(port, '/noop', 'warm-up', 20, 1000, 1, 'warm-noop');
  const scenarios: [string, string, number, number][] = [
    ['floor: empty route, 2,000 req/s', '/noop', 50, 2000],
    // The idle path (issue 44 §1): one request in flight at a time, as a single trader's alert meets it.
    ['floor: empty route, idle, 5 req/s', '/noop', 5, 5],
    ['webhook, idle, 5 req/s', hook, 5, 5],
    ['webhook, 500 req/s', hook, 20, 500],
    ['webhook, 2,000 req/s', hook, 50, 2000],
  ];
  for (const [name, path, connections, rate] of scenarios) {
    if (!wanted(name)) continue;
    await resetServer(child);
    const row = await fixedRate(port, path, name, connections, rate, durationS, name);
    rows.push({ ...row, server: await serverStats(child) });
  }
  if (wanted('max throughput (closed loop)')) {
    await resetServer(child);
    rows.push({ ...(await maxThroughput(port, 50, durationS)), server: await serverStats(child) });
  }
  stop();
  const events = await new Promise<number>((resolve) =>
    child.on('message', (m) => {
      const count = (m as { events?: number }).events;
      if (count !== undefined) resolve(count);
    }),
  );

  console.log(
    `Ingress (POST /hook/:secret → SignalReceived on SQLite synchronous=${process.env.BENCH_SYNC ?? 'FULL'}, projector running), ${durationS} s per row, ${cpus().length} CPUs\n`,
  );
  console.log(
    "Client columns: open-loop load at a constant rate, latency from each request's due time (the last row: autocannon, closed loop); server columns: Fastify elapsedTime.\n",
  );
  console.log(
    '| scenario | conns | req/s | p50 ms | p90 ms | p99 ms | max ms | send lag p99 | server p50 | server p99 | server max | loop delay p99 / max | disk KiB/req | 2xx | non-2xx | errors |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${DIAGNOSTIC}${r.scenario} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${r.sendLagP99 ?? ''} | ${r.server?.p50} | ${r.server?.p99} | ${r.server?.max} | ${r.server?.loopDelayP99} / ${r.server?.loopDelayMax} | ${r.server?.diskKiBPerRequest} | ${r.ok} | ${r.non2xx} | ${r.errors} |`,
    );
  }
  const target = rows.find((r) => r.scenario === 'webhook, 2,000 req/s');
  console.log(
    `\ntarget p99 < 10 ms at 2,000 req/s: ${target && target.p99 < 10 && target.rps >= 1900 ? 'met' : 'NOT met'}; ${events} events in the log afterwards`,
  );

  const out = join(here, '..', 'results', 'ingress.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadAverage: loadavg(), quick, synchronous: process.env.BENCH_SYNC ?? 'FULL', durationS, rows, events }, null, 2)}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
