/**
 * Live-projection benchmark: lag from a durable SignalReceived to the matching `change` message
 * (webhook log doc with that logId) on the user's /api/live WebSocket. Target p99 < 50 ms.
 * Embedded deployment in one process: real SQLite file (synchronous FULL, the default),
 * projector, the API listening on 127.0.0.1, real HTTP (fetch) and real `ws` sockets. No executor,
 * no simulator: the "received" log row is what is measured.
 * node --conditions=source --import tsx bench/live/run.ts
 * Env: BENCH_USERS (25), BENCH_STEADY (1000), BENCH_RATE (100/s), BENCH_BURST (200).
 * Prints a markdown table and writes bench/results/live.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '@hyperhook/api';
import { apiDepsOf, loadConfig } from '@hyperhook/cli';
import { signalStreamId } from '@hyperhook/domain';
import { HyperliquidClient } from '@hyperhook/hyperliquid';
import { startProjector } from '@hyperhook/projector';
import { openSqliteStore } from '@hyperhook/store';
import WebSocket from 'ws';
import { percentile } from '../executor/percentile.js';

// Each webhook has its own token bucket (60 at once, 60/min sustained, not configurable through
// buildApp): the load is spread over enough users that none is throttled (≤ ~50 alerts per user).
const USERS = Number(process.env.BENCH_USERS ?? 25);
const STEADY = Number(process.env.BENCH_STEADY ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const BURST = Number(process.env.BENCH_BURST ?? 200);
const WAIT_MS = 10_000;

type Sample = { logId: string; phase: 'steady' | 'burst'; startedAt: number; ackedAt: number; recordedAt?: number };
type User = { token: string; hook: string; socket: WebSocket };

const loadStart = loadavg();
const dir = mkdtempSync(join(tmpdir(), 'hyperhook-bench-live-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true })); // also when a step throws
const store = await openSqliteStore({ file: join(dir, 'bench.db') });
const masterKey = randomBytes(32);
// Never called: no keys are connected and no executor runs; apiDepsOf needs a client.
const unused = 'http://127.0.0.1:9';
const client = new HyperliquidClient({ testnetApiUrl: unused, mainnetApiUrl: unused });
const projector = startProjector({ store, onSkip: () => undefined });
const config = loadConfig({
  PORT: '8080',
  HYPERHOOK_DATA_DIR: dir,
  PUBLIC_URL: 'http://bench.local',
  HYPERHOOK_AUTH_RATE_LIMIT_MAX: '100000',
  HYPERHOOK_RATE_LIMIT_MAX: '100000',
  HYPERLIQUID_TESTNET_API_URL: unused,
  HYPERLIQUID_API_URL: unused,
});
const app = await buildApp({
  ...apiDepsOf({ config, store, masterKey, client, projection: projector }),
  logger: false,
});
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const wsBase = base.replace(/^http/, 'ws');

/** First arrival (performance.now()) of a webhook-log change, by logId. */
const arrivals = new Map<string, number>();
const waiters = new Map<string, () => void>();

function onMessage(raw: WebSocket.RawData): void {
  const at = performance.now();
  const text = raw.toString();
  if (text === 'pong') return;
  const message = JSON.parse(text) as { type: string; collection?: string; id?: string; doc?: { webhookLogId?: string } | null };
  if (message.type !== 'change' || message.collection !== 'webhookLogs') return;
  const logId = message.doc?.webhookLogId ?? message.id;
  if (logId === undefined || arrivals.has(logId)) return;
  arrivals.set(logId, at);
  waiters.get(logId)?.();
  waiters.delete(logId);
}

/** Opens the live socket and resolves once the `resync` snapshot arrived. */
function connect(token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsBase}/api/live?token=${encodeURIComponent(token)}`);
    socket.once('error', reject);
    socket.once('message', (raw) => {
      const first = JSON.parse(raw.toString()) as { type: string };
      if (first.type !== 'resync') return reject(new Error(`expected resync, got ${first.type}`));
      socket.on('message', onMessage);
      resolve(socket);
    });
  });
}

async function onboard(i: number): Promise<User> {
  const password = 'benchmark password';
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `live${i}@example.com`, password, confirmPassword: password }),
  });
  if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const token = ((await signup.json()) as { data: { token: string } }).data.token;
  const url = await fetch(`${base}/api/auth/webhook-url`, { headers: { authorization: `Bearer ${token}` } });
  const webhookUrl = ((await url.json()) as { data: { webhookUrl: string } }).data.webhookUrl;
  return { token, hook: `${base}${new URL(webhookUrl).pathname}`, socket: await connect(token) };
}

const users: User[] = [];
for (let i = 0; i < USERS; i += 1) users.push(await onboard(i));

/** Posts one alert; resolves with its timings once the 200 answer arrived. */
async function post(user: User, n: number, phase: Sample['phase']): Promise<Sample> {
  const body = JSON.stringify({ symbol: 'BTCUSDT', action: n % 2 === 0 ? 'buy' : 'sell', size: 20, id: `live-${n}` });
  const startedAt = performance.now();
  const answer = await fetch(user.hook, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
  const text = await answer.text();
  const ackedAt = performance.now();
  if (answer.status !== 200) throw new Error(`webhook: ${answer.status} ${text}`);
  return { logId: (JSON.parse(text) as { data: { logId: string } }).data.logId, phase, startedAt, ackedAt };
}

/** Waits for the change message of a logId (or the overall deadline). */
function delivered(logId: string, deadline: number): Promise<void> {
  if (arrivals.has(logId)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, deadline - performance.now()));
    waiters.set(logId, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

// Warm-up (not measured): a few alerts per user.
await Promise.all(users.map((u, i) => post(u, -1 - i, 'steady')));
await projector.caughtUp;
await sleep(200);

// Steady phase: open loop, one alert every 1000/RATE ms, round-robin over the users.
const pending: Promise<Sample>[] = [];
const steadyStart = performance.now();
for (let n = 0; n < STEADY; n += 1) {
  const due = steadyStart + (n * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  pending.push(post(users[n % USERS]!, n, 'steady'));
}
const steadySamples = await Promise.all(pending);
const steadySeconds = (performance.now() - steadyStart) / 1000;
await Promise.all(steadySamples.map((s) => delivered(s.logId, performance.now() + WAIT_MS)));
await sleep(200);

// Burst phase: BURST alerts fired at once.
const burstSamples = await Promise.all(Array.from({ length: BURST }, (_, k) => post(users[k % USERS]!, STEADY + k, 'burst')));
const deadline = performance.now() + WAIT_MS;
await Promise.all(burstSamples.map((s) => delivered(s.logId, deadline)));
const loadEnd = loadavg();

// The store's own append time (recordedAt: taken just before the insert and commit, wall clock,
// 1 ms resolution) mapped onto performance.now(): an upper bound of lag from the durable append.
for (const s of [...steadySamples, ...burstSamples]) {
  const [received] = await store.eventStore.readStream(signalStreamId(s.logId), { maxCount: 1 });
  if (received !== undefined) s.recordedAt = received.recordedAt - performance.timeOrigin;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
function stats(samples: readonly Sample[]) {
  const got = samples.filter((s) => arrivals.has(s.logId));
  const fromAck = got.map((s) => arrivals.get(s.logId)! - s.ackedAt);
  const fromStart = got.map((s) => arrivals.get(s.logId)! - s.startedAt);
  const fromRecorded = got.filter((s) => s.recordedAt !== undefined).map((s) => arrivals.get(s.logId)! - s.recordedAt!);
  const ack = samples.map((s) => s.ackedAt - s.startedAt);
  const summary = (xs: number[]) => ({
    p50: round2(percentile(xs, 50)),
    p95: round2(percentile(xs, 95)),
    p99: round2(percentile(xs, 99)),
    max: round2(xs.length ? Math.max(...xs) : Number.NaN),
  });
  return {
    samples: samples.length,
    delivered: got.length,
    missing: samples.length - got.length,
    /** Messages that arrived before the client had read the 200 answer (negative lag from the answer). */
    beforeAnswer: fromAck.filter((x) => x < 0).length,
    fromAnswer: summary(fromAck),
    fromRequestStart: summary(fromStart),
    fromRecordedAt: summary(fromRecorded),
    webhookAnswer: summary(ack),
  };
}

const all = [...steadySamples, ...burstSamples];
const result = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  synchronous: 'FULL',
  description: "durable append (webhook 200 answer read by the client) → matching webhookLogs change message on the user's /api/live socket (ms)",
  targetP99: 50,
  users: USERS,
  steady: { ratePerSecond: RATE, achievedPerSecond: round2(STEADY / steadySeconds), ...stats(steadySamples) },
  burst: { size: BURST, ...stats(burstSamples) },
  all: stats(all),
  loadAverage: { start: loadStart.map(round2), end: loadEnd.map(round2) },
};

const row = (name: string, s: ReturnType<typeof stats>, key: 'fromAnswer' | 'fromRequestStart' | 'fromRecordedAt' | 'webhookAnswer') =>
  `| ${name} | ${s[key].p50} | ${s[key].p95} | ${s[key].p99} | ${s[key].max} | ${key === 'webhookAnswer' ? s.samples : s.delivered}/${s.samples} |`;
console.log(`Live projection lag, ${USERS} users, ${cpus().length} CPUs, SQLite synchronous=FULL, Node ${process.version}\n`);
console.log('| lag (ms; diagnostic: the projector and the api only) | p50 | p95 | p99 | max | samples |');
console.log('|---|---:|---:|---:|---:|---:|');
console.log(row(`steady ${RATE}/s: 200 answer → change`, result.steady, 'fromAnswer'));
console.log(row(`steady ${RATE}/s: request start → change`, result.steady, 'fromRequestStart'));
console.log(row(`burst ${BURST}: 200 answer → change`, result.burst, 'fromAnswer'));
console.log(row(`burst ${BURST}: request start → change`, result.burst, 'fromRequestStart'));
console.log(row('all: 200 answer → change', result.all, 'fromAnswer'));
console.log(row('all: request start → change', result.all, 'fromRequestStart'));
console.log(row('all: append start (store recordedAt, pre-commit, 1 ms res.) → change', result.all, 'fromRecordedAt'));
console.log(row('all: webhook answer (request start → 200)', result.all, 'webhookAnswer'));
console.log(
  `\nload average (1/5/15 min) start ${result.loadAverage.start.join(' / ')}, end ${result.loadAverage.end.join(' / ')}; steady rate achieved ${result.steady.achievedPerSecond}/s`,
);
console.log(`changes that arrived before the 200 answer was read: ${result.all.beforeAnswer}; missing after ${WAIT_MS} ms: ${result.all.missing}`);
console.log(`target p99 < 50 ms (200 answer → change, all): ${result.all.fromAnswer.p99 < 50 && result.all.missing === 0 ? 'met' : 'NOT met'}`);

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/live.json', `${JSON.stringify(result, null, 2)}\n`);

await Promise.all(
  users.map(
    (u) =>
      new Promise<void>((resolve) => {
        if (u.socket.readyState === WebSocket.CLOSED) return resolve();
        u.socket.once('close', () => resolve());
        u.socket.close();
      }),
  ),
);
await app.close();
await projector.stop();
await store.close();
rmSync(dir, { recursive: true, force: true });
