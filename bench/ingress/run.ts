// Ingress benchmark: webhook acknowledgement latency and throughput on the embedded store.
// node --conditions=source --import tsx bench/ingress/run.ts [--quick]
// Prints a markdown table and writes bench/results/ingress.json. Target: p99 < 10 ms at 2,000 req/s.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BENCH_SECRET } from './ingressServer.js';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const durationS = quick ? 5 : 15;

type ServerStats = { count: number; p50: number; p99: number; max: number };
type Row = { server?: ServerStats; scenario: string; connections: number; targetRps: number | null; rps: number; p50: number; p90: number; p99: number; max: number; ok: number; non2xx: number; errors: number };

/** Starts the server process and resolves its port. */
function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(join(here, 'ingressServer.ts'), [], { execArgv: ['--conditions=source', '--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** One autocannon run; every body has a unique alert id (`[<id>]`) so none is a duplicate. */
async function load(port: number, scenario: string, connections: number, overallRate: number | null, duration: number): Promise<Row> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/hook/${BENCH_SECRET}`,
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: '{"symbol":"BINANCE:BTCUSDT.P","action":"buy","size":100,"leverage":2,"id":"[<id>]"}',
    idReplacement: true,
    connections,
    duration,
    ...(overallRate ? { overallRate } : {}),
  });
  return {
    scenario,
    connections,
    targetRps: overallRate,
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
  const { child, port } = await startServer();
  const rows: Row[] = [];
  await load(port, 'warm-up', 10, 500, 2);
  const scenarios: [string, number, number | null][] = [
    ['fixed rate 500 req/s', 20, 500],
    ['fixed rate 2,000 req/s', 50, 2000],
    ['max throughput', 50, null],
  ];
  for (const [name, connections, rate] of scenarios) {
    child.send('reset');
    const row = await load(port, name, connections, rate, durationS);
    rows.push({ ...row, server: await serverStats(child) });
  }
  child.send('stop');
  const events = await new Promise<number>((resolve) => child.on('message', (m) => {
    const count = (m as { events?: number }).events;
    if (count !== undefined) resolve(count);
  }));

  console.log(`Ingress (POST /hook/:secret → SignalReceived on SQLite synchronous=${process.env.BENCH_SYNC ?? 'FULL'}, projector running), ${durationS} s per row, ${cpus().length} CPUs\n`);
  console.log('Client columns: autocannon (includes its own queueing on the shared cores); server columns: Fastify elapsedTime.\n');
  console.log('| scenario | conns | req/s | p50 ms | p90 ms | p99 ms | max ms | server p50 | server p99 | server max | 2xx | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.scenario} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${r.server?.p50} | ${r.server?.p99} | ${r.server?.max} | ${r.ok} | ${r.non2xx} | ${r.errors} |`);
  }
  const target = rows.find((r) => r.targetRps === 2000);
  console.log(`\ntarget p99 < 10 ms at 2,000 req/s: ${target && target.p99 < 10 && target.rps >= 1900 ? 'met' : 'NOT met'}; ${events} events in the log afterwards`);

  const out = join(here, '..', 'results', 'ingress.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadAverage: loadavg(), quick, synchronous: process.env.BENCH_SYNC ?? 'FULL', durationS, rows, events }, null, 2)}\n`);
}

void main();
