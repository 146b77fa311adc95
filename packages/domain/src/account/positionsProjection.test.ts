import { describe, expect, it } from 'vitest';
import type { PositionSnapshot } from './accountEvents.js';
import type { AccountEvent } from '../eventModel/accountStreamEvents.js';
import { parseEvent } from '../eventModel/parseEvent.js';
import { accountStreamId } from '../eventModel/streams.js';
import { at, UID } from '../testing/fixtures.js';
import { positionsProjection, toPositionView, toPositionViews, type PositionsDoc } from './positionsProjection.js';
import { foldProjection } from '../readModels/readModel.js';
import { eventLog } from '../readModels/testing/eventLog.js';

const stream = accountStreamId(UID);

const snapshot = (when: number, positions: PositionSnapshot[], source: 'fill' | 'sync' = 'fill'): AccountEvent => ({
  type: 'PositionsSnapshotTaken',
  v: 2,
  data: { at: at(when), source, positions },
});
const btc = (szi: string, extra: Partial<PositionSnapshot> = {}): PositionSnapshot => ({
  coin: 'BTC',
  szi,
  entryPx: '60000',
  positionValue: String(Math.abs(Number(szi)) * 61000),
  unrealizedPnl: '10',
  leverage: 5,
  markPx: '61000',
  ...extra,
});
const fill = (when: number, side: 'B' | 'A', sz: string, startPosition: string, closedPnl = '0', coin = 'BTC'): AccountEvent => ({
  type: 'FillRecorded',
  v: 1,
  data: { coin, px: '61000', sz, side, time: at(when), oid: 1, tid: when, closedPnl, fee: '0.1', dir: 'Open Long', startPosition },
});

function build(...events: AccountEvent[]): PositionsDoc {
  const log = eventLog();
  log.append(stream, ...events);
  const doc = foldProjection(positionsProjection, log.records).get(UID);
  if (!doc) throw new Error('no positions document');
  return doc;
}

describe('positionsProjection', () => {
  it('ENT-13, CARD-22: a snapshot lists the open positions with side, absolute size, entry, mark and P&L', () => {
    const doc = build(snapshot(1000, [btc('0.5'), { coin: 'ETH', szi: '-2', entryPx: '3000', positionValue: '5800', unrealizedPnl: '-200', leverage: 3 }]));
    expect(doc).toMatchObject({ collection: 'positions', id: UID, userId: UID });
    expect(toPositionViews(doc)).toEqual([
      {
        positionId: `BTC-long-${Date.parse(at(1000))}`,
        userId: UID,
        symbol: 'BTC',
        side: 'long',
        size: 0.5,
        entryPrice: 60000,
        currentPrice: 61000,
        unrealizedPnl: 10,
        realizedPnl: 0,
        leverage: 5,
        createdAt: at(1000),
        updatedAt: at(1000),
        venue: 'live',
      },
      // No markPx: the mark is positionValue ÷ size.
      {
        positionId: `ETH-short-${Date.parse(at(1000))}`,
        userId: UID,
        symbol: 'ETH',
        side: 'short',
        size: 2,
        entryPrice: 3000,
        currentPrice: 2900,
        unrealizedPnl: -200,
        realizedPnl: 0,
        leverage: 3,
        createdAt: at(1000),
        updatedAt: at(1000),
        venue: 'live',
      },
    ]);
  });

  it('ENT-14, ENT-15: missing leverage shows 1; missing or non-numeric numbers become 0', () => {
    // A v1 event as the api once wrote it: odd text and a null leverage, read through its upcaster.
    const v1 = {
      type: 'PositionsSnapshotTaken',
      v: 1,
      data: {
        at: at(1000),
        source: 'fill',
        positions: [{ coin: 'SOL', szi: '10', entryPx: 'n/a', positionValue: null, unrealizedPnl: undefined, leverage: null }],
      },
    };
    const doc = build(parseEvent(v1) as AccountEvent);
    expect(toPositionViews(doc)[0]).toMatchObject({ symbol: 'SOL', size: 10, entryPrice: 0, currentPrice: 0, unrealizedPnl: 0, leverage: 1 });
  });

  it('a snapshot replaces the set: a coin no longer present is removed, a zero size is no position', () => {
    const doc = build(
      snapshot(1000, [btc('0.5'), { coin: 'ETH', szi: '1' }]),
      snapshot(2000, [
        { coin: 'ETH', szi: '1' },
        { coin: 'DOGE', szi: '0' },
      ]),
    );
    expect(doc.data.positions.map((p) => p.coin)).toEqual(['ETH']);
  });

  it('ENT-13: createdAt is the opening fill time and stays while the position is open; updatedAt moves', () => {
    const doc = build(fill(500, 'B', '0.5', '0'), snapshot(1000, [btc('0.5')]), snapshot(2000, [btc('0.5', { markPx: '62000' })]));
    expect(toPositionViews(doc)[0]).toMatchObject({
      createdAt: at(500),
      updatedAt: at(2000),
      currentPrice: 62000,
      positionId: `BTC-long-${Date.parse(at(500))}`,
    });
  });

  it('ENT-13: realizedPnl sums closedPnl of the fills since the position opened', () => {
    const doc = build(
      fill(500, 'B', '1', '0'),
      snapshot(1000, [btc('1')]),
      fill(1500, 'A', '0.25', '1', '12.5'),
      fill(1600, 'A', '0.25', '0.75', '-2.5'),
      snapshot(2000, [btc('0.5')]),
    );
    expect(toPositionViews(doc)[0]).toMatchObject({ realizedPnl: 10, size: 0.5, updatedAt: at(2000) });
  });

  it('a fill updates realizedPnl and updatedAt before the next snapshot', () => {
    const doc = build(fill(500, 'B', '1', '0'), snapshot(1000, [btc('1')]), fill(1500, 'A', '0.5', '1', '7'));
    expect(toPositionViews(doc)[0]).toMatchObject({ realizedPnl: 7, updatedAt: at(1500) });
  });

  it('closing and reopening starts a new position: new id, new createdAt, realized P&L from zero', () => {
    const doc = build(
      fill(500, 'B', '1', '0'),
      snapshot(1000, [btc('1')]),
      fill(1500, 'A', '1', '1', '50'),
      snapshot(2000, []),
      fill(3000, 'B', '2', '0'),
      snapshot(3500, [btc('2')]),
    );
    expect(toPositionViews(doc)[0]).toMatchObject({ realizedPnl: 0, createdAt: at(3000), positionId: `BTC-long-${Date.parse(at(3000))}` });
  });

  it('a flip (long → short in one fill) is a new short position; the flip closedPnl belongs to the closed long', () => {
    const doc = build(fill(500, 'B', '1', '0'), snapshot(1000, [btc('1')]), fill(1500, 'A', '3', '1', '40'), snapshot(2000, [btc('-2')]));
    expect(toPositionViews(doc)[0]).toMatchObject({ side: 'short', size: 2, realizedPnl: 0, createdAt: at(1500) });
  });

  it('an opening fill recorded after an older snapshot is kept for the next snapshot', () => {
    const doc = build(fill(1500, 'B', '1', '0', '0', 'ETH'), snapshot(1000, []), snapshot(2000, [{ coin: 'ETH', szi: '1' }]));
    expect(toPositionViews(doc)[0]).toMatchObject({ symbol: 'ETH', createdAt: at(1500) });
  });

  it('an older snapshot arriving late does not overwrite a newer one', () => {
    const doc = build(snapshot(2000, [btc('1')]), snapshot(1000, [btc('3')]));
    expect(doc.data.positions[0]?.size).toBe(1);
  });

  it('TAB-POS-03: a sync snapshot records the last sync time; a post-fill snapshot does not', () => {
    expect(build(snapshot(1000, [], 'sync'), snapshot(2000, [], 'fill')).data.lastSyncAt).toBe(at(1000));
  });

  it('idempotence: a fill delivered twice is counted once', () => {
    const log = eventLog();
    log.append(stream, fill(500, 'B', '1', '0'), snapshot(1000, [btc('1')]));
    const [closing] = log.append(stream, fill(1500, 'A', '0.5', '1', '7'));
    if (!closing) throw new Error('record missing');
    const twice = foldProjection(positionsProjection, [...log.records, closing]);
    expect(twice.get(UID)?.data.positions[0]?.realizedPnl).toBe(7);
    expect(twice).toEqual(foldProjection(positionsProjection, log.records));
  });

  it("balance snapshots are not this projection's business", () => {
    const event: AccountEvent = {
      type: 'BalanceSnapshotTaken',
      v: 2,
      data: { at: at(0), availableBalance: '1', totalEquity: '1', marginUsed: '0', totalNotional: '0' },
    };
    expect(positionsProjection.idOf(event, { globalPosition: 1, streamId: stream, recordedAt: at(0) })).toBeNull();
  });
});

describe('toPositionView / toPositionViews', () => {
  it('ENT-15: reads a damaged row defensively', () => {
    expect(toPositionView({ coin: 'BTC', side: 'sideways', size: -3, entryPrice: 'abc', leverage: 0 }, UID)).toEqual({
      positionId: 'BTC',
      userId: UID,
      symbol: 'BTC',
      side: 'long',
      size: 3,
      entryPrice: 0,
      currentPrice: 0,
      unrealizedPnl: 0,
      realizedPnl: 0,
      leverage: 1,
      createdAt: '',
      updatedAt: '',
      venue: 'live',
    });
  });

  it('API-29, TAB-POS-17: newest update first; no document, no positions', () => {
    const doc = build(snapshot(1000, [btc('1'), { coin: 'ETH', szi: '1' }]), fill(1500, 'A', '0.1', '1', '1', 'ETH'));
    expect(toPositionViews(doc).map((p) => p.symbol)).toEqual(['ETH', 'BTC']);
    expect(toPositionViews(null)).toEqual([]);
  });
});
