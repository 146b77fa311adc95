// Store benchmark: `npm run bench -- store`, or `node --conditions=source --import tsx bench/store/run.ts [--quick] [--sync=FULL|NORMAL]`.
// Prints a markdown table and writes bench/results/store.json. Runs on a temp file (real disk, not tmpfs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqliteStore, type SqliteSynchronous } from '../../packages/store/src/index.js';
import { fmt } from './measure.js';
import { catchUpRead, concurrentAppends, fillSignals, projectionRebuild, sequentialAppends, userQueries } from './workloads.js';

const quick = process.argv.includes('--quick');
const only = process.argv.find((arg) => arg.startsWith('--sync='))?.slice('--sync='.length) as SqliteSynchronous | undefined;
const modes: SqliteSynchronous[] = only ? [only] : ['FULL', 'NORMAL'];
const size = {
  sequential: quick ? 1000 : 5000,
  sequential10: quick ? 300 : 1500,
  concurrent: quick ? 5000 : 30_000,
  clients: 64,
  signalStreams: quick ? 10_000 : 70_000, // × 3 events each
  batch: 500,
  queries: quick ? 500 : 2000,
};

async function runMode(synchronous: SqliteSynchronous) {
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-bench-'));
  try {
    const store = await openSqliteStore({ file: join(dir, 'store.db'), synchronous });
    const append1 = await sequentialAppends(store, size.sequential, 1, 'seq');
    const append10 = await sequentialAppends(store, size.sequential10, 10, 'seq10');
    const appendConcurrent = await concurrentAppends(store, size.concurrent, size.clients, 'conc');
    await fillSignals(store, size.signalStreams);
    const head = await store.eventStore.headPosition();
    const catchUp = await catchUpRead(store, size.batch);
    const projection = await projectionRebuild(store, size.batch);
    const queryReceived = await userQueries(store, size.queries, 'receivedAt');
    const queryUpdated = await userQueries(store, size.queries, 'updatedAt');
    await store.close();
    return { synchronous, logEvents: head, append1, append10, appendConcurrent, catchUp, projection, queryReceived, queryUpdated };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const loadBefore = loadavg()[0] ?? 0;
const results: Awaited<ReturnType<typeof runMode>>[] = [];
for (const mode of modes) results.push(await runMode(mode));
const loadAfter = loadavg()[0] ?? 0;

const header = `| metric (diagnostic: the embedded store alone) | ${results.map((r) => `synchronous=${r.synchronous}`).join(' | ')} |`;
const rows: [string, (r: (typeof results)[number]) => string][] = [
  ['1-event append, sequential (1 in flight): appends/s (per CPU-s)', (r) => `${fmt(r.append1.perSecond)} (${fmt(r.append1.perCpuSecond)})`],
  ['  latency p50 / p99 (ms)', (r) => `${fmt(r.append1.p50Ms, 3)} / ${fmt(r.append1.p99Ms, 2)}`],
  [
    `1-event append, ${size.clients} concurrent writers (group commit): appends/s (per CPU-s)`,
    (r) => `${fmt(r.appendConcurrent.perSecond)} (${fmt(r.appendConcurrent.perCpuSecond)})`,
  ],
  ['  latency p50 / p99 (ms)', (r) => `${fmt(r.appendConcurrent.p50Ms, 2)} / ${fmt(r.appendConcurrent.p99Ms, 2)}`],
  ['10-event append, sequential: appends/s (events/s)', (r) => `${fmt(r.append10.perSecond)} (${fmt(r.append10.eventsPerSecond)})`],
  ['  latency p50 / p99 (ms)', (r) => `${fmt(r.append10.p50Ms, 3)} / ${fmt(r.append10.p99Ms, 2)}`],
  [
    `catch-up read via subscribeToAll, batches of ${size.batch}: events/s (per CPU-s)`,
    (r) => `${fmt(r.catchUp.eventsPerSecond)} (${fmt(r.catchUp.eventsPerCpuSecond)})`,
  ],
  [
    `projection rebuild (read + guarded upsert + checkpoint, ${size.batch}/batch): events/s (per CPU-s)`,
    (r) => `${fmt(r.projection.eventsPerSecond)} (${fmt(r.projection.eventsPerCpuSecond)})`,
  ],
  ['  batch apply p50 / p99 (ms)', (r) => `${fmt(r.projection.p50Ms, 2)} / ${fmt(r.projection.p99Ms, 2)}`],
  [
    `user query, receivedAt desc limit 200 (${fmt(size.signalStreams)} docs, 1000 users): p50 / p99 (ms)`,
    (r) => `${fmt(r.queryReceived.p50Ms, 3)} / ${fmt(r.queryReceived.p99Ms, 3)}`,
  ],
  ['user query, updatedAt desc limit 200: p50 / p99 (ms)', (r) => `${fmt(r.queryUpdated.p50Ms, 3)} / ${fmt(r.queryUpdated.p99Ms, 3)}`],
];
console.log(`\n${header}\n|---|${results.map(() => '---:').join('|')}|`);
for (const [label, cell] of rows) console.log(`| ${label} | ${results.map(cell).join(' | ')} |`);
console.log(
  `\n${results[0]?.logEvents ?? 0} events in the log; node ${process.version}, ${cpus().length} CPUs, temp file in ${tmpdir()}, load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}${quick ? ', --quick sizes' : ''}`,
);

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'store.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadAverage: { before: loadBefore, after: loadAfter }, quick, sizes: size, results }, null, 2)}\n`,
);
console.log(`wrote ${out}`);
