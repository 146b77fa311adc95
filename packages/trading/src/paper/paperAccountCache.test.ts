import { paperStreamId, type PaperAccountState, type PaperEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { openSqliteStore, type EventStore, type ReadStreamOptions, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaperAccountCache } from './paperAccountCache.js';
import { perpAsset } from './testing/perpAsset.js';

const UID = 'u-paper';
const RUN: PaperAccountState = { balance: 10_000, epoch: 1, since: '2026-12-05T00:00:00.000Z' };
const ACCOUNT = { uid: UID, strategyId: 'st_a', run: RUN };
const ASSETS = [perpAsset('BTC', 0, 5), perpAsset('ETH', 1, 4)];

let n = 0;
function fill(strategyId: string, epoch: number, side: 'B' | 'A', sz: string, px: string): PaperEvent {
  n += 1;
  return {
    type: 'PaperFillRecorded',
    v: 1,
    data: {
      strategyId,
      epoch,
      coin: 'ETH',
      px,
      sz,
      side,
      time: new Date(Date.parse('2026-12-05T10:00:00Z') + n * 60_000).toISOString(),
      oid: n,
      tid: n,
      closedPnl: '0',
      fee: '0.1',
      dir: side === 'B' ? 'Open Long' : 'Close Long',
      signalId: `sig-${n}`,
    },
  };
}

function snapshot(strategyId: string, epoch: number, leverage: number): PaperEvent {
  return {
    type: 'PaperAccountSnapshotTaken',
    v: 1,
    data: {
      strategyId,
      epoch,
      at: '2026-12-05T12:00:00.000Z',
      balance: { availableBalance: '1', totalEquity: '1', marginUsed: '0', totalNotional: '0' },
      positions: [{ coin: 'ETH', szi: '1', leverage }],
    },
  };
}

/** The store, counting where each read of the paper stream began. */
function counting(eventStore: EventStore): { readonly store: Pick<EventStore, 'readStream'>; readonly reads: number[] } {
  const reads: number[] = [];
  return {
    reads,
    store: {
      readStream: (streamId: string, options?: ReadStreamOptions) => {
        reads.push(options?.fromVersion ?? 0);
        return eventStore.readStream(streamId, options);
      },
    },
  };
}

describe('createPaperAccountCache (issue 44 §2)', () => {
  let sqlite: SqliteStore;
  const append = (...events: PaperEvent[]) =>
    sqlite.eventStore.append(
      paperStreamId(UID),
      events.map((event) => toNewEvent(event, { userId: UID })),
    );

  beforeEach(async () => {
    sqlite = await openSqliteStore({ file: ':memory:' });
  });
  afterEach(async () => {
    await sqlite.close();
  });

  it('issue 44 §2: given a run read once, when another writer appends fills, a funding and a snapshot, then the next read asks the store only for what came after and sees the run as a whole read does', async () => {
    await append(fill('st_a', 0, 'B', '5', '3000'), fill('st_a', 1, 'B', '1', '3500'), fill('st_b', 1, 'B', '2', '3400'), snapshot('st_a', 1, 3));
    const { store, reads } = counting(sqlite.eventStore);
    const cache = createPaperAccountCache(store);
    const first = await cache.read(ACCOUNT, ASSETS);
    expect(first.record).toMatchObject({ version: 3, leverage: { ETH: 3 } });
    expect(first.record.fills.map((f) => f.sz)).toEqual(['1']);

    await append(fill('st_a', 1, 'B', '0.5', '3600'), fill('st_b', 1, 'A', '2', '3450'), fill('st_a', 1, 'A', '0.25', '3700'), snapshot('st_a', 1, 4));
    await sqlite.eventStore.append(paperStreamId(UID), [
      toNewEvent(
        {
          type: 'PaperFundingPaid',
          v: 1,
          data: {
            strategyId: 'st_a',
            epoch: 1,
            coin: 'ETH',
            hour: '2026-12-05T13:00:00.000Z',
            szi: '1.25',
            fundingRate: '0.0001',
            oraclePx: '3700',
            usdc: '-0.4625',
            at: '2026-12-05T13:00:01.000Z',
          },
        },
        { userId: UID },
      ),
    ]);
    const later = await cache.read(ACCOUNT, ASSETS);
    const whole = await createPaperAccountCache(sqlite.eventStore).read(ACCOUNT, ASSETS);

    expect(reads).toEqual([0, 4]);
    expect(later).toEqual(whole);
    expect(later.record).toMatchObject({ version: 8, leverage: { ETH: 4 }, fundings: [{ coin: 'ETH', usdc: '-0.4625' }] });
    expect(later.record.fills.map((f) => f.sz)).toEqual(['1', '0.5', '0.25']);
    expect(later.books).toMatchObject({ balance: 10_000, fills: 3, positions: { ETH: { lots: 12_500 } } });
    expect(later.activity.held.ETH?.szi).toBe('1.25');
    // What the first read handed out is not changed by the later one.
    expect(first.record.fills).toHaveLength(1);
  });

  it('issue 44 §2: given reads of one run at once, then each event is applied once and both see the same run', async () => {
    await append(fill('st_a', 1, 'B', '1', '3500'), fill('st_a', 1, 'B', '1', '3510'));
    const cache = createPaperAccountCache(sqlite.eventStore);
    const [a, b] = await Promise.all([cache.read(ACCOUNT, ASSETS), cache.read(ACCOUNT, ASSETS)]);
    expect(a).toEqual(b);
    expect(a.books.fills).toBe(2);
    expect(a.activity.held.ETH?.szi).toBe('2');
  });

  it('issue 44 §2: given a run whose strategy was reset to a new balance, then the new run starts from nothing', async () => {
    await append(fill('st_a', 1, 'B', '1', '3500'));
    const cache = createPaperAccountCache(sqlite.eventStore);
    expect((await cache.read(ACCOUNT, ASSETS)).books.fills).toBe(1);
    const reset = await cache.read({ ...ACCOUNT, run: { ...RUN, epoch: 2, balance: 500 } }, ASSETS);
    expect(reset.record.fills).toEqual([]);
    expect(reset.books).toMatchObject({ balance: 500, rawUsd: 500, fills: 0 });
  });

  it('issue 44 §2: given a listing that changes the universe, then the fills are booked again on the new one and the books come out the same', async () => {
    await append(fill('st_a', 1, 'B', '1', '3500'), fill('st_a', 1, 'A', '0.5', '3550'));
    const cache = createPaperAccountCache(sqlite.eventStore);
    const before = await cache.read(ACCOUNT, ASSETS);
    const listed = await cache.read(ACCOUNT, [...ASSETS, perpAsset('SOL', 2, 2)]);
    expect(listed.books).toEqual(before.books);
  });

  it('issue 44 §2: given more runs than it keeps, then the least recently read is read whole again', async () => {
    await append(fill('st_a', 1, 'B', '1', '3500'));
    const { store, reads } = counting(sqlite.eventStore);
    const cache = createPaperAccountCache(store, { maxRuns: 1 });
    await cache.read(ACCOUNT, ASSETS);
    await cache.read({ ...ACCOUNT, strategyId: 'st_b' }, ASSETS);
    const again = await cache.read(ACCOUNT, ASSETS);
    expect(reads).toEqual([0, 0, 0]);
    expect(again.books.fills).toBe(1);
  });
});
