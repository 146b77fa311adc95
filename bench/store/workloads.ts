import type { NewEvent, ProjectionBatch, ReadModelChange, SqliteStore } from '../../packages/store/src/index.js';
import { perSecond, summarise, timed, type LatencySummary, type Timing } from './measure.js';

/** Throughput (per wall second and per CPU-second of this process) plus per-operation latency. */
export type RateResult = {
  readonly count: number;
  readonly perSecond: number;
  readonly eventsPerSecond: number;
  readonly perCpuSecond: number;
} & LatencySummary;

/** Event throughput of a read or projection run. */
export type EventRate = { readonly events: number; readonly eventsPerSecond: number; readonly eventsPerCpuSecond: number };

function rates(count: number, events: number, timing: Timing) {
  return { perSecond: perSecond(count, timing.wallMs), eventsPerSecond: perSecond(events, timing.wallMs), perCpuSecond: perSecond(count, timing.cpuMs) };
}

/** A ~300-byte signal payload, like the webhook log events. */
export function signalEvent(n: number, type = 'SignalReceived'): NewEvent {
  return {
    type,
    data: {
      userId: `u-${n % 1000}`,
      signalId: `sig-${n}`,
      receivedAt: 1_790_000_000_000 + n,
      symbol: 'BINANCE:BTCUSDT.P',
      coin: 'BTC',
      action: n % 2 === 0 ? 'buy' : 'sell',
      orderType: 'market',
      size: 125.5,
      leverage: 5,
      payload: '{"symbol":"BTCUSDT","action":"buy","size":"125.5","leverage":"5"}',
    },
    metadata: { correlationId: `corr-${n}`, schemaVersion: 1 },
  };
}

/** Appends one at a time, each awaited before the next (a single sequential writer). */
export async function sequentialAppends(store: SqliteStore, count: number, eventsPerAppend: number, prefix: string): Promise<RateResult> {
  const latencies: number[] = [];
  const timing = await timed(async () => {
    for (let i = 0; i < count; i++) {
      const events = Array.from({ length: eventsPerAppend }, (_, j) => signalEvent(i * eventsPerAppend + j));
      const start = performance.now();
      await store.eventStore.append(`${prefix}-${i % 1000}`, events);
      latencies.push(performance.now() - start);
    }
  });
  return { count, ...rates(count, count * eventsPerAppend, timing), ...summarise(latencies) };
}

/** `clients` concurrent writers (like webhook requests in flight), each awaiting its own appends. */
export async function concurrentAppends(store: SqliteStore, count: number, clients: number, prefix: string): Promise<RateResult> {
  const latencies: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < count) {
      const i = next++;
      const start = performance.now();
      await store.eventStore.append(`${prefix}-${i}`, [signalEvent(i)], { expectedVersion: 'no_stream' });
      latencies.push(performance.now() - start);
    }
  };
  const timing = await timed(async () => {
    await Promise.all(Array.from({ length: clients }, client));
  });
  return { count, ...rates(count, count, timing), ...summarise(latencies) };
}

/** Fills the log with `streams` signal streams of 3 events each, written by many concurrent appends. */
export async function fillSignals(store: SqliteStore, streams: number): Promise<void> {
  const chunk = 1000;
  for (let first = 0; first < streams; first += chunk) {
    const appends = [];
    for (let n = first; n < Math.min(streams, first + chunk); n++) {
      appends.push(store.eventStore.append(`signal-${n}`, [signalEvent(n), signalEvent(n, 'SignalValidated'), signalEvent(n, 'SignalExecuted')]));
    }
    await Promise.all(appends);
  }
}

/** Reads the whole log through subscribeToAll (history only) and returns events/s. */
export async function catchUpRead(store: SqliteStore, batchSize: number): Promise<EventRate> {
  let events = 0;
  const timing = await timed(async () => {
    const subscription = store.eventStore.subscribeToAll({
      fromPosition: 0,
      maxBatchSize: batchSize,
      onBatch: (batch) => void (events += batch.events.length),
    });
    await subscription.caughtUp;
    await subscription.stop();
  });
  return { events, eventsPerSecond: perSecond(events, timing.wallMs), eventsPerCpuSecond: perSecond(events, timing.cpuMs) };
}

/** The webhook-log projection: one document per signal stream, version = stream version. */
function toChange(event: { streamId: string; streamVersion: number; type: string; data: unknown }): ReadModelChange {
  const data = event.data as { userId: string; receivedAt: number; symbol: string; action: string; size: number };
  return {
    kind: 'upsert',
    collection: 'webhookLogs',
    doc: {
      id: event.streamId,
      userId: data.userId,
      version: event.streamVersion,
      data: {
        receivedAt: data.receivedAt,
        updatedAt: data.receivedAt + event.streamVersion,
        status: event.type,
        symbol: data.symbol,
        action: data.action,
        size: data.size,
      },
    },
  };
}

/** Subscription → guarded upserts + checkpoint in one UnitOfWork batch per subscription batch. */
export async function projectionRebuild(store: SqliteStore, batchSize: number): Promise<EventRate & LatencySummary> {
  let events = 0;
  const batchLatencies: number[] = [];
  const timing = await timed(async () => {
    const subscription = store.eventStore.subscribeToAll({
      fromPosition: 0,
      maxBatchSize: batchSize,
      onBatch: async (batch) => {
        const start = performance.now();
        const unit: ProjectionBatch = { changes: batch.events.map(toChange), checkpoint: { name: 'webhookLogs', position: batch.position } };
        await store.unitOfWork.applyBatch(unit);
        batchLatencies.push(performance.now() - start);
        events += batch.events.length;
      },
    });
    await subscription.caughtUp;
    await subscription.stop();
  });
  return { events, eventsPerSecond: perSecond(events, timing.wallMs), eventsPerCpuSecond: perSecond(events, timing.cpuMs), ...summarise(batchLatencies) };
}

/** "One user's newest 200 webhook logs", for random users. */
export async function userQueries(store: SqliteStore, count: number, sortBy: string): Promise<{ count: number; rows: number } & LatencySummary> {
  const latencies: number[] = [];
  let rows = 0;
  for (let i = 0; i < count; i++) {
    const userId = `u-${Math.floor(Math.random() * 1000)}`;
    const start = performance.now();
    const docs = await store.readStore.query('webhookLogs', { userId, sortBy, order: 'desc', limit: 200 });
    latencies.push(performance.now() - start);
    rows += docs.length;
  }
  return { count, rows: Math.round(rows / count), ...summarise(latencies) };
}
