/**
 * Executor benchmark: (1) webhook-to-signed-order latency, excluding the exchange's own time,
 * target p99 < 25 ms; (2) read-model replay speed, target ≥ 20,000 events/s.
 * Everything runs in one process on a real SQLite file (synchronous FULL, the default) against
 * the in-process simulator: POST /hook (Fastify inject) → SignalReceived → projector/executor
 * → order signed and handed to the transport. Prints a markdown table and writes
 * bench/results/executor.json.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@hyperhook/api';
import { apiDepsOf, loadConfig, sealersOf } from '@hyperhook/cli';
import { signalStreamId } from '@hyperhook/domain';
import { ReservingNonceManager, silentLog, startExecutor } from '@hyperhook/executor';
import { cloidForSignal, HyperliquidClient } from '@hyperhook/hyperliquid';
import { startSimulator } from '@hyperhook/venue-sim';
import { replayAll, startProjector } from '@hyperhook/projector';
import { openSqliteStore, type NewEvent } from '@hyperhook/store';
import { HttpTransport } from '@nktkas/hyperliquid';
import { privateKeyToAccount } from 'viem/accounts';
import { ExchangeTimer } from './exchangeTimer.js';
import { percentile } from './percentile.js';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const ALERTS_PER_USER = Number(process.env.BENCH_ALERTS_PER_USER ?? 25);
const REPLAY_TARGET_EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 60_000);

const dir = mkdtempSync(join(tmpdir(), 'hyperhook-bench-executor-'));
// A diagnostic of the executor's own path: the venue's weight budget (its own rows in bench/product) is off here.
const sim = await startSimulator({ network: 'testnet', priceTickMs: null, ipWeightPerMinute: null });
const store = await openSqliteStore({ file: join(dir, 'bench.db'), ...(process.env.BENCH_SYNCHRONOUS === 'NORMAL' ? { synchronous: 'NORMAL' as const } : {}) });
const masterKey = randomBytes(32);
const timer = new ExchangeTimer();
const nonces = new ReservingNonceManager();
const client = new HyperliquidClient({
  testnetApiUrl: sim.url,
  mainnetApiUrl: sim.url,
  nonces,
  weightBudget: { perMinute: 10_000_000 },
  transportFactory: ({ isTestnet, apiUrl, timeoutMs }) => timer.wrap(new HttpTransport({ isTestnet, apiUrl, timeout: timeoutMs })),
});
const projector = startProjector({ store, onSkip: () => undefined });
// 'order submitted' is logged right after OrderSubmitted is durable, before signing: a breakdown point.
const submittedAt = new Map<string, number>();
const executor = await startExecutor({
  store,
  client,
  nonces,
  sealer: sealersOf(masterKey, store.keyStore).credentials,
  log: (entry) => {
    if (entry.msg === 'order submitted' && typeof entry.signalId === 'string') submittedAt.set(entry.signalId, performance.now());
    silentLog(entry);
  },
});
const config = loadConfig({
  PORT: '8080',
  HYPERHOOK_DATA_DIR: dir,
  PUBLIC_URL: 'http://bench.local',
  HYPERHOOK_AUTH_RATE_LIMIT_MAX: '100000',
  HYPERHOOK_RATE_LIMIT_MAX: '100000',
  HYPERLIQUID_TESTNET_API_URL: sim.url,
  HYPERLIQUID_API_URL: sim.url,
});
const app = await buildApp({
  ...apiDepsOf({ config, store, masterKey, client, projection: projector }),
  logger: false,
});

/** Signs up, funds and connects one trader; returns the webhook path. */
async function onboard(i: number): Promise<string> {
  const password = 'benchmark password';
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: `bench${i}@example.com`, password, confirmPassword: password },
  });
  const token = (signup.json() as { data: { token: string } }).data.token;
  const masterKeyHex = `0x${randomBytes(32).toString('hex')}` as const;
  const agentKey = `0x${randomBytes(32).toString('hex')}` as const;
  const master = privateKeyToAccount(masterKeyHex).address;
  const agent = privateKeyToAccount(agentKey).address;
  sim.seedAccount({ address: master, usdc: 1_000_000, agents: [{ address: agent, name: 'hyperhook' }] });
  const headers = { authorization: `Bearer ${token}` };
  const keys = await app.inject({
    method: 'POST',
    url: '/api/keys',
    headers,
    payload: { hyperliquidApiKey: agent, hyperliquidPrivateKey: agentKey, accountAddress: master, isTestnet: true },
  });
  if (keys.statusCode !== 200) throw new Error(`keys: ${keys.body}`);
  const url = (await app.inject({ method: 'GET', url: '/api/auth/webhook-url', headers })).json() as { data: { webhookUrl: string } };
  return new URL(url.data.webhookUrl).pathname;
}

async function finished(signalId: string): Promise<void> {
  for (;;) {
    const events = await store.eventStore.readStream(signalStreamId(signalId));
    if (events.some((e) => e.type === 'SignalExecuted' || e.type === 'SignalFailed' || e.type === 'SignalRejected')) return;
    await new Promise((r) => setTimeout(r, 1));
  }
}

const hooks: string[] = [];
for (let i = 0; i < USERS; i += 1) hooks.push(await onboard(i));

if (process.env.BENCH_NO_PROJECTOR === '1') await projector.stop(); // diagnostic: isolate the projector's share

// Latency: one alert at a time, so the exchange time inside each window is that alert's alone.
const latencies: number[] = [];
const totals: number[] = [];
const acks: number[] = [];
const executorShare: number[] = [];
const signing: number[] = [];
for (let round = 0; round < ALERTS_PER_USER; round += 1) {
  for (const [u, hook] of hooks.entries()) {
    const body = JSON.stringify({ symbol: 'BTCUSDT', action: (round + u) % 2 === 0 ? 'buy' : 'sell', size: 20, id: `b-${round}` });
    const t0 = performance.now();
    const answer = await app.inject({ method: 'POST', url: hook, payload: body, headers: { 'content-type': 'text/plain' } });
    const ackedAt = performance.now();
    const logId = (answer.json() as { data: { logId: string } }).data.logId;
    const sentAt = await timer.orderSent(cloidForSignal(logId));
    acks.push(ackedAt - t0);
    // The executor's own share: from SignalReceived being durable (its recordedAt, wall clock) to
    // the order on the wire, minus exchange time. Wall clock and performance.now() are aligned
    // through performance.timeOrigin; recordedAt has 1 ms resolution.
    const [received] = await store.eventStore.readStream(signalStreamId(logId), { maxCount: 1 });
    const receivedPerf = (received?.recordedAt ?? performance.timeOrigin) - performance.timeOrigin;
    executorShare.push(sentAt - Math.max(t0, receivedPerf) - timer.busyBetween(Math.max(t0, receivedPerf), sentAt));
    signing.push(sentAt - (submittedAt.get(logId) ?? sentAt));
    totals.push(sentAt - t0);
    latencies.push(sentAt - t0 - timer.busyBetween(t0, sentAt));
    await finished(logId);
  }
}
await executor.idle();

// Replay: grow the log with copies of the real signal streams, then rebuild every read model.
const recorded = await store.eventStore.readAll({ fromPosition: 0, maxCount: 1_000_000 });
const bySignal = new Map<string, typeof recorded>();
for (const e of recorded) if (e.streamId.startsWith('signal-')) bySignal.set(e.streamId, [...(bySignal.get(e.streamId) ?? []), e]);
const streams = [...bySignal.values()];
let total = await store.eventStore.headPosition();
for (let copy = 0; total < REPLAY_TARGET_EVENTS; copy += 1) {
  const source = streams[copy % streams.length]!;
  const signalId = randomUUID();
  const events: NewEvent[] = source.map((e) => ({
    type: e.type,
    data: e.type === 'SignalReceived' ? { ...(e.data as object), signalId } : e.data,
    ...(e.metadata !== undefined ? { metadata: e.metadata } : {}),
  }));
  await store.eventStore.append(signalStreamId(signalId), events);
  total += events.length;
}
await projector.caughtUp;
const replayStarted = performance.now();
const replay = await replayAll({ store, onSkip: () => undefined });
const replaySeconds = (performance.now() - replayStarted) / 1000;
const eventsPerSecond = Math.round(replay.events / replaySeconds);

const round2 = (x: number) => Math.round(x * 100) / 100;
const result = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  latency: {
    description: 'POST /hook → order signed and handed to the transport, minus time spent waiting on the exchange (ms)',
    samples: latencies.length,
    p50: round2(percentile(latencies, 50)),
    p95: round2(percentile(latencies, 95)),
    p99: round2(percentile(latencies, 99)),
    max: round2(Math.max(...latencies)),
    targetP99: 25,
    totalIncludingExchangeP50: round2(percentile(totals, 50)),
    totalIncludingExchangeP99: round2(percentile(totals, 99)),
    executorShareP50: round2(percentile(executorShare, 50)),
    executorShareP99: round2(percentile(executorShare, 99)),
    webhookAckP50: round2(percentile(acks, 50)),
    webhookAckP99: round2(percentile(acks, 99)),
    submittedToSentP50: round2(percentile(signing, 50)),
    submittedToSentP99: round2(percentile(signing, 99)),
  },
  replay: { events: replay.events, seconds: round2(replaySeconds), eventsPerSecond, target: 20_000 },
};

console.log('| metric (diagnostic: one assembled process, api driven with inject) | value | target |');
console.log('|---|---|---|');
console.log(`| webhook → signed order, p50 (excl. exchange) | ${result.latency.p50} ms | |`);
console.log(`| webhook → signed order, p95 (excl. exchange) | ${result.latency.p95} ms | |`);
console.log(`| webhook → signed order, p99 (excl. exchange) | ${result.latency.p99} ms | < 25 ms |`);
console.log(`| webhook → signed order, p99 (incl. exchange reads) | ${result.latency.totalIncludingExchangeP99} ms | |`);
console.log(
  `| executor share: SignalReceived durable → order on the wire (excl. exchange), p50 / p99 | ${result.latency.executorShareP50} / ${result.latency.executorShareP99} ms | |`,
);
console.log(`| of which webhook ack (append SignalReceived), p50 / p99 | ${result.latency.webhookAckP50} / ${result.latency.webhookAckP99} ms | |`);
console.log(
  `| of which OrderSubmitted durable → order on the wire (sign), p50 / p99 | ${result.latency.submittedToSentP50} / ${result.latency.submittedToSentP99} ms | |`,
);
console.log(`| samples | ${result.latency.samples} | |`);
console.log(`| replay | ${eventsPerSecond} events/s (${replay.events} events in ${result.replay.seconds} s) | ≥ 20,000 events/s |`);

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/executor.json', `${JSON.stringify(result, null, 2)}\n`);

await executor.stop();
await projector.stop();
await app.close();
await store.close();
await sim.close();
rmSync(dir, { recursive: true, force: true });
