import { describe, expect, it } from 'vitest';
import { at, UID } from '../testing/fixtures.js';
import type { PaperEvent } from './paperEvents.js';
import { paperStreamId } from '../eventModel/streams.js';
import { foldProjection } from '../readModels/readModel.js';
import { eventLog } from '../readModels/testing/eventLog.js';
import { allProjections } from '../readModels/allProjections.js';
import { queryPaperAccount } from './paperAccountQuery.js';
import { PAPER_ACCOUNTS_COLLECTION, paperAccountDocId, paperAccountsProjection } from './paperAccountsProjection.js';

const fill = (epoch: number, when: number, side: 'B' | 'A', sz: string, startPosition: string, closedPnl = '0'): PaperEvent => ({
  type: 'PaperFillRecorded',
  v: 1,
  data: {
    strategyId: 'st_paper',
    epoch,
    signalId: `sig-${when}`,
    coin: 'BTC',
    px: '60000',
    sz,
    side,
    time: at(when),
    oid: 7,
    tid: when,
    closedPnl,
    fee: '0.27',
    dir: side === 'B' ? 'Open Long' : 'Close Long',
    startPosition,
    crossed: true,
  },
});
const snapshot = (epoch: number, when: number, szi: string | null, equity: string): PaperEvent => ({
  type: 'PaperAccountSnapshotTaken',
  v: 1,
  data: {
    strategyId: 'st_paper',
    epoch,
    at: at(when),
    balance: { availableBalance: equity, totalEquity: equity, marginUsed: '30', totalNotional: '600', withdrawable: equity },
    positions: szi === null ? [] : [{ coin: 'BTC', szi, entryPx: '60000', positionValue: '600', unrealizedPnl: '0', leverage: 20, markPx: '60000' }],
  },
});

/** A read model reader over folded documents, as the api reads them. */
function readerOf(events: PaperEvent[]) {
  const log = eventLog();
  log.append(paperStreamId(UID), ...events);
  const docs = foldProjection(paperAccountsProjection, log.records);
  return {
    docs,
    get: async (collection: string, id: string) => {
      const doc = collection === PAPER_ACCOUNTS_COLLECTION ? docs.get(id) : undefined;
      return doc === undefined ? undefined : { id: doc.id, userId: doc.userId, version: doc.version, data: doc.data };
    },
    query: async () => [],
  };
}

const run = (epoch: number, balance = 10_000) => ({ balance, epoch, since: at(0) });

describe('paperAccountsProjection (issue 30, point 1)', () => {
  it('given a paper fill and its snapshot, then the paper account shows the position and balance, marked paper', async () => {
    const reader = readerOf([fill(0, 1000, 'B', '0.01', '0'), snapshot(0, 1000, '0.01', '9999.73')]);
    expect([...reader.docs.keys()]).toEqual([paperAccountDocId(UID, 'st_paper')]);
    const view = await queryPaperAccount(reader, UID, 'st_paper', run(0));
    expect(view.balance).toMatchObject({ totalEquity: 9999.73, marginUsed: 30, venue: 'paper' });
    expect(view.positions).toEqual([expect.objectContaining({ symbol: 'BTC', side: 'long', size: 0.01, entryPrice: 60000, venue: 'paper', userId: UID })]);
  });

  it('given no fill yet, or a reset since, then the account shows the starting balance and no positions', async () => {
    const empty = await queryPaperAccount(readerOf([]), UID, 'st_paper', run(0, 2500));
    expect(empty).toEqual({
      positions: [],
      balance: {
        availableBalance: 2500,
        totalEquity: 2500,
        marginUsed: 0,
        totalNotional: 0,
        withdrawable: 2500,
        spotUsdc: null,
        updatedAt: at(0),
        venue: 'paper',
      },
    });
    const reset = await queryPaperAccount(readerOf([fill(0, 1000, 'B', '0.01', '0'), snapshot(0, 1000, '0.01', '9999.73')]), UID, 'st_paper', run(1, 700));
    expect(reset.positions).toEqual([]);
    expect(reset.balance.totalEquity).toBe(700);
  });

  it('given a new run, then its events start over and a late event of the old run changes nothing', async () => {
    const reader = readerOf([
      fill(0, 1000, 'B', '0.01', '0'),
      snapshot(0, 1000, '0.01', '9999.73'),
      snapshot(1, 2000, null, '700'),
      snapshot(0, 3000, '0.02', '1'),
    ]);
    const view = await queryPaperAccount(reader, UID, 'st_paper', run(1, 700));
    expect(view.positions).toEqual([]);
    expect(view.balance.totalEquity).toBe(700);
  });

  it("a closing fill's realised P&L is kept with the position it closed, as on the real account", async () => {
    const reader = readerOf([fill(0, 1000, 'B', '0.02', '0'), fill(0, 2000, 'A', '0.01', '0.02', '5'), snapshot(0, 2000, '0.01', '10004.5')]);
    const [position] = (await queryPaperAccount(reader, UID, 'st_paper', run(0))).positions;
    expect(position).toMatchObject({ size: 0.01, realizedPnl: 5 });
  });

  it('another user reads nothing of it', async () => {
    const reader = readerOf([fill(0, 1000, 'B', '0.01', '0'), snapshot(0, 1000, '0.01', '9999.73')]);
    const stolen = await reader.get(PAPER_ACCOUNTS_COLLECTION, paperAccountDocId(UID, 'st_paper'));
    expect(stolen?.userId).toBe(UID);
    const other = await queryPaperAccount(
      { ...reader, get: async () => (stolen === undefined ? undefined : { ...stolen, userId: 'someone-else' }) },
      UID,
      'st_paper',
      run(0),
    );
    expect(other.positions).toEqual([]);
    expect(other.balance.totalEquity).toBe(10_000);
  });

  it('is one of the read models the projector keeps', () => {
    expect(allProjections).toContain(paperAccountsProjection);
  });
});
