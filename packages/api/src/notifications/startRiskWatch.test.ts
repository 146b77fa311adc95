import { accountStreamId, userStreamId, type PositionSnapshot, type UserEvent } from '@hyperhook/domain';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/eventsourcing';
import type { WeightMeterStats } from '@hyperhook/hyperliquid';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RISK_WATCH_COLLECTION, RISK_WATCH_DOCUMENT } from './riskWatchCheckpoint.js';
import type { MidsSource } from './roundMids.js';
import { DEFAULT_RISK_WATCH_MS, startRiskWatch, type RiskWatch } from './startRiskWatch.js';

const AT = '2026-12-03T18:00:00.000Z';
let store: SqliteStore;
/** The rounds' clock: a minute later at each round, so each reading is newer than the last recorded. */
let now: number;
let watches: RiskWatch[];
beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
  now = Date.parse('2026-12-04T03:00:00.000Z');
  watches = [];
});
afterEach(async () => {
  for (const watch of watches) await watch.stop();
  await store.close();
});

/** The venue as the watch reads it: mids per network, each read counted, the minute's weight and the socket as set. */
function venue() {
  const mids = { mainnet: {} as Record<string, number>, testnet: {} as Record<string, number> };
  const reads: boolean[] = [];
  const state = { used: 0, socketLive: false };
  const stats = (used: number): WeightMeterStats => {
    const none = { waits: 0, waitedMs: 0 };
    const byPriority = { order: none, orderRead: none, interactive: none, deferrable: none };
    return { used, budget: 1_200, requests: 0, weight: 0, rateLimited: 0, waited: 0, waitedLastMinute: 0, byPriority };
  };
  const source: MidsSource = {
    getMids: (isTestnet) => {
      reads.push(isTestnet);
      return Promise.resolve({ ...(isTestnet ? mids.testnet : mids.mainnet) });
    },
    budget: () => stats(state.used),
    marketFeed: () => (state.socketLive ? { live: true, frames: 1, drops: 0 } : undefined),
  };
  return { mids, reads, state, exchange: () => source };
}
type Venue = ReturnType<typeof venue>;

/** A risk watch over the store, its rounds driven by the test (the timer it is given never fires). */
async function watch(on: Venue): Promise<RiskWatch> {
  const started = await startRiskWatch({
    store,
    exchange: on.exchange,
    clock: () => new Date(now),
    every: () => () => undefined,
    idleCheckpointMs: 0,
    onError: (error) => {
      throw error;
    },
  });
  watches.push(started);
  await started.subscription.caughtUp;
  return started;
}

/** One round, a minute after the last. */
async function round(w: RiskWatch): Promise<void> {
  now += 60_000;
  await w.tick();
}

async function keysSaved(uid: string, isTestnet = false) {
  const event: UserEvent = {
    type: 'CredentialsSaved',
    v: 1,
    data: {
      apiWalletAddress: '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4',
      accountAddress: '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb2',
      isTestnet,
      sealedPrivateKey: { v: 1, keyId: 'credentials-k', iv: 'q1W2e3R4t5Y6u7I8', ciphertext: 'c2VhbGVk', tag: 'Zm9vYmFyYmF6cXV4MTIzNA==' },
      at: AT,
    },
  };
  await store.eventStore.append(userStreamId(uid), [toNewEvent(event)]);
}

/** Each snapshot a second after the one before, as fills take them. */
let taken = Date.parse(AT);
async function snapshot(uid: string, ...positions: PositionSnapshot[]) {
  const at = new Date((taken += 1_000)).toISOString();
  const appended = await store.eventStore.append(accountStreamId(uid), [
    toNewEvent({ type: 'PositionsSnapshotTaken', v: 2, data: { at, source: 'fill', positions } }, { userId: uid }),
  ]);
  return appended.lastPosition;
}

/** A long of 1 ETH marked at 3,000, liquidated at 2,600: 13.3 % away, quiet under the default 10 % alarm. */
const ethLong = (liquidationPx = '2600'): PositionSnapshot => ({ coin: 'ETH', szi: '1', markPx: '3000', positionValue: '3000', liquidationPx });

async function alarmEvents(uid: string) {
  return decodeStreamEvents(await store.eventStore.readStream(userStreamId(uid))).filter((e) => e.type === 'RiskAlarmRaised' || e.type === 'RiskAlarmCleared');
}

describe('the liquidation alarm between snapshots (issue 42, point 2)', () => {
  it('given a trader whose ETH long was snapshotted quiet before the watch ever ran, when the mark drifts within 10 % with no new snapshot, then it is raised once at the mid; further drift raises nothing; back past 12 % it is cleared', async () => {
    // given
    await keysSaved('u-1');
    await snapshot('u-1', ethLong());
    const v = venue();
    const w = await watch(v);
    v.mids.mainnet = { ETH: 3_000, BTC: 90_000 };
    await round(w);
    expect(await alarmEvents('u-1')).toEqual([]);
    // when the mark drifts to 2,880 (9.7 % from 2,600)
    v.mids.mainnet.ETH = 2_880;
    await round(w);
    // then
    const raised = await alarmEvents('u-1');
    expect(raised.map((e) => e.data)).toEqual([
      {
        alarm: 'liquidation',
        coin: 'ETH',
        side: 'long',
        markPx: 2_880,
        liquidationPx: 2_600,
        distancePct: (280 / 2_880) * 100,
        thresholdPct: 10,
        at: new Date(now).toISOString(),
      },
    ]);

    // when it drifts further (2,700: 3.7 %), then comes back within the re-arm band (2,900: 10.3 %, under 12 %)
    v.mids.mainnet.ETH = 2_700;
    await round(w);
    v.mids.mainnet.ETH = 2_900;
    await round(w);
    // then nothing more
    expect(await alarmEvents('u-1')).toHaveLength(1);

    // when the mark comes back past 1.2 × 10 % (3,000: 13.3 %)
    v.mids.mainnet.ETH = 3_000;
    await round(w);
    // then it is cleared, once
    expect((await alarmEvents('u-1')).map((e) => e.type)).toEqual(['RiskAlarmRaised', 'RiskAlarmCleared']);
    await round(w);
    expect(await alarmEvents('u-1')).toHaveLength(2);
    expect(v.reads).toEqual([false, false, false, false, false, false]);
  });

  it('given ETH snapshotted while a watch ran and raised by it, when a new watch starts over the same store, then it resumes after the snapshot yet still weighs the position: the same drift records nothing, the mark coming back clears it', async () => {
    // given
    await keysSaved('u-1');
    const v = venue();
    const first = await watch(v);
    const taken = await snapshot('u-1', ethLong());
    await vi.waitFor(() => expect(first.subscription.scanned).toBeGreaterThanOrEqual(taken));
    v.mids.mainnet = { ETH: 2_800 };
    await round(first);
    expect(await alarmEvents('u-1')).toHaveLength(1);
    await first.stop();
    expect(await store.readStore.get(RISK_WATCH_COLLECTION, RISK_WATCH_DOCUMENT)).toMatchObject({ data: { accounts: { 'u-1': { isTestnet: false } } } });

    // when
    const second = await watch(v);
    // then the snapshot is not read again: the position comes from the stored book
    expect(await second.subscription.started).toBeGreaterThanOrEqual(taken);
    await round(second);
    expect(await alarmEvents('u-1')).toHaveLength(1);
    v.mids.mainnet.ETH = 3_100;
    await round(second);
    expect((await alarmEvents('u-1')).map((e) => e.type)).toEqual(['RiskAlarmRaised', 'RiskAlarmCleared']);
  });

  it('given a first start reading a long log, when a round comes while it has read the ETH long but not yet its closing snapshot, then the round weighs nothing; once caught up, nothing is held', async () => {
    // given an ETH long 1 % from liquidation, 600 other snapshots (more than one batch), then ETH closed
    await keysSaved('u-1');
    await keysSaved('u-other');
    await snapshot('u-1', ethLong('2970'));
    const others = Array.from({ length: 600 }, () => ({ coin: 'BTC', szi: '0' }));
    for (const flat of others) await snapshot('u-other', flat);
    await snapshot('u-1');
    // the first batch is handed over, the later ones wait
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    const eventStore = new Proxy(store.eventStore, {
      get(target, key, receiver) {
        if (key !== 'subscribeToAll') {
          const value: unknown = Reflect.get(target, key, receiver);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        }
        return (options: Parameters<typeof target.subscribeToAll>[0]) =>
          target.subscribeToAll({
            ...options,
            onBatch: async (batch) => {
              if ((batches += 1) > 1) await released;
              await options.onBatch?.(batch);
            },
          });
      },
    });
    const v = venue();
    v.mids.mainnet = { ETH: 3_000 };
    const w = await startRiskWatch({ store: { ...store, eventStore }, exchange: v.exchange, clock: () => new Date(now), every: () => () => undefined });
    watches.push(w);
    try {
      await vi.waitFor(() => expect(batches).toBe(2));
      // when
      await round(w);
      // then
      expect(v.reads).toEqual([]);
    } finally {
      release();
    }
    await w.subscription.caughtUp;
    await round(w);
    expect(v.reads).toEqual([]);
    expect(await alarmEvents('u-1')).toEqual([]);
  });

  it('given traders with keys whose positions were closed, never opened, hold no liquidation price, or whose keys were deleted, when rounds run, then no mids are read and nothing is recorded', async () => {
    // given
    for (const uid of ['u-closed', 'u-flat', 'u-safe', 'u-deleted']) await keysSaved(uid);
    await snapshot('u-closed', ethLong('2900'));
    await snapshot('u-closed');
    await snapshot('u-flat');
    await snapshot('u-safe', { coin: 'ETH', szi: '1', markPx: '3000', liquidationPx: null });
    await snapshot('u-deleted', ethLong('2900'));
    await store.eventStore.append(userStreamId('u-deleted'), [toNewEvent({ type: 'CredentialsDeleted', v: 1, data: { dataKeyId: 'credentials-k', at: AT } })]);
    const v = venue();
    v.mids.mainnet = { ETH: 2_950 };
    const w = await watch(v);
    // when
    await round(w);
    await round(w);
    // then
    expect(v.reads).toEqual([]);
    for (const uid of ['u-closed', 'u-flat', 'u-safe', 'u-deleted']) expect(await alarmEvents(uid)).toEqual([]);
  });

  it('given a watched ETH long, when a snapshot while the watch runs shows it closed, then the next round reads no mids', async () => {
    // given
    await keysSaved('u-1');
    await snapshot('u-1', ethLong());
    const v = venue();
    v.mids.mainnet = { ETH: 3_000 };
    const w = await watch(v);
    await round(w);
    expect(v.reads).toEqual([false]);
    // when
    const closed = await snapshot('u-1');
    await vi.waitFor(() => expect(w.subscription.scanned).toBeGreaterThanOrEqual(closed));
    await round(w);
    // then
    expect(v.reads).toEqual([false]);
  });

  it('given 30 traders on mainnet and 20 on testnet, all long ETH, when two rounds run, then each round reads the mids once per network and each trader is weighed at their own network’s mid', async () => {
    // given
    const mainnet = Array.from({ length: 30 }, (_, i) => `u-main-${i}`);
    const testnet = Array.from({ length: 20 }, (_, i) => `u-test-${i}`);
    for (const uid of mainnet) await keysSaved(uid, false);
    for (const uid of testnet) await keysSaved(uid, true);
    for (const uid of [...mainnet, ...testnet]) await snapshot(uid, ethLong());
    const v = venue();
    v.mids.mainnet = { ETH: 2_750 };
    v.mids.testnet = { ETH: 3_400 };
    const w = await watch(v);
    // when
    await round(w);
    await round(w);
    // then
    expect(v.reads.filter((t) => !t)).toHaveLength(2);
    expect(v.reads.filter((t) => t)).toHaveLength(2);
    for (const uid of mainnet) expect((await alarmEvents(uid)).map((e) => e.type)).toEqual(['RiskAlarmRaised']);
    for (const uid of testnet) expect(await alarmEvents(uid)).toEqual([]);
  });

  it('given the venue minute past the deferrable share, when a round runs, then it leaves the mids read out; with the mid-price socket live (no weight), it reads them', async () => {
    // given
    await keysSaved('u-1');
    await snapshot('u-1', ethLong());
    const v = venue();
    v.mids.mainnet = { ETH: 2_700 };
    v.state.used = 800;
    const w = await watch(v);
    // when
    await round(w);
    // then
    expect(v.reads).toEqual([]);
    expect(await alarmEvents('u-1')).toEqual([]);

    // when the socket serves the mids
    v.state.socketLive = true;
    await round(w);
    // then
    expect(v.reads).toEqual([false]);
    expect(await alarmEvents('u-1')).toHaveLength(1);
  });

  it('given two api processes watching the same store, when both weigh the same drift at once, then one RiskAlarmRaised is recorded; and one clear when it comes back', async () => {
    // given
    await keysSaved('u-1');
    await snapshot('u-1', ethLong());
    const v = venue();
    const [a, b] = [await watch(v), await watch(v)];
    v.mids.mainnet = { ETH: 2_800 };
    // when
    now += 60_000;
    await Promise.all([a.tick(), b.tick()]);
    now += 60_000;
    await Promise.all([b.tick(), a.tick()]);
    // then
    expect(v.reads).toEqual([false, false, false, false]);
    expect((await alarmEvents('u-1')).map((e) => e.type)).toEqual(['RiskAlarmRaised']);

    // when
    v.mids.mainnet.ETH = 3_200;
    now += 60_000;
    await Promise.all([a.tick(), b.tick()]);
    // then
    expect((await alarmEvents('u-1')).map((e) => e.type)).toEqual(['RiskAlarmRaised', 'RiskAlarmCleared']);
  });

  it('given the watch started with its timer, when the timer fires, then a round runs; when the watch stops, then its timer is stopped', async () => {
    // given
    await keysSaved('u-1');
    await snapshot('u-1', ethLong());
    const v = venue();
    v.mids.mainnet = { ETH: 2_800 };
    const timers: { ms: number; run: () => Promise<void>; stopped: boolean }[] = [];
    const w = await startRiskWatch({
      store,
      exchange: v.exchange,
      clock: () => new Date(now),
      every: (ms, run) => {
        const timer = { ms, run, stopped: false };
        timers.push(timer);
        return () => void (timer.stopped = true);
      },
    });
    await w.subscription.caughtUp;
    expect(timers.map((t) => t.ms)).toEqual([DEFAULT_RISK_WATCH_MS]);
    // when
    await timers[0]?.run();
    // then
    expect(v.reads).toEqual([false]);
    expect(await alarmEvents('u-1')).toHaveLength(1);
    // when
    await w.stop();
    // then
    expect(timers[0]?.stopped).toBe(true);
  });
});
