import { describe, expect, it } from 'vitest';
import { at, UID } from '../testing/fixtures.js';
import type { PaperEvent, PaperOpenOrder } from './paperEvents.js';
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
const funding = (when: number, coin: string, szi: string, usdc: string): PaperEvent => ({
  type: 'PaperFundingPaid',
  v: 1,
  data: {
    strategyId: 'st_paper',
    epoch: 0,
    coin,
    hour: at(when),
    szi,
    fundingRate: '0.0001',
    oraclePx: '60000',
    usdc,
    at: at(when + 4),
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
      protection: [],
      resting: [],
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

  it("given a long, when an hour of funding is paid, then the balance and the position's realised P&L both drop by the payment", async () => {
    const reader = readerOf([fill(0, 1000, 'B', '0.01', '0'), snapshot(0, 1000, '0.01', '9999.73'), funding(3_600_000, 'BTC', '0.01', '-0.06')]);
    const view = await queryPaperAccount(reader, UID, 'st_paper', run(0));
    expect(view.balance).toMatchObject({ totalEquity: 9999.67, updatedAt: at(3_600_004) });
    expect(view.positions).toEqual([expect.objectContaining({ symbol: 'BTC', realizedPnl: -0.06 })]);
  });

  it('given funding received, then it adds; the snapshot appended with it says the same balance, and a later close keeps the P&L with the position', async () => {
    const reader = readerOf([
      fill(0, 1000, 'B', '0.02', '0'),
      snapshot(0, 1000, '0.02', '9999.73'),
      funding(3_600_000, 'BTC', '0.02', '0.12'),
      snapshot(0, 3_600_004, '0.02', '9999.85'),
      fill(0, 3_700_000, 'A', '0.01', '0.02', '5'),
    ]);
    const view = await queryPaperAccount(reader, UID, 'st_paper', run(0));
    expect(view.balance.totalEquity).toBe(9999.85);
    expect(view.positions).toEqual([expect.objectContaining({ realizedPnl: 5.12 })]);
  });

  it('given a payment for a coin no longer held (closed after the hour), then only the balance takes it', async () => {
    const reader = readerOf([fill(0, 1000, 'B', '0.01', '0'), snapshot(0, 1000, '0.01', '9999.73'), snapshot(0, 2000, null, '9999.5')]);
    const before = await queryPaperAccount(reader, UID, 'st_paper', run(0));
    const after = await queryPaperAccount(
      readerOf([
        fill(0, 1000, 'B', '0.01', '0'),
        snapshot(0, 1000, '0.01', '9999.73'),
        snapshot(0, 2000, null, '9999.5'),
        funding(3_600_000, 'BTC', '0.01', '-0.06'),
      ]),
      UID,
      'st_paper',
      run(0),
    );
    expect(before.positions).toEqual([]);
    expect(after.positions).toEqual([]);
    expect(after.balance.totalEquity).toBeCloseTo(9999.44, 9);
  });

  it('given a liquidation (a paper fill no alert placed) and its snapshot, then the position is gone, the balance shows the loss and says which position was liquidated; a reset forgets it', async () => {
    const { signalId: _none, ...liquidated } = (fill(0, 5000, 'A', '0.01', '0.01', '-150') as Extract<PaperEvent, { type: 'PaperFillRecorded' }>).data;
    const reader = readerOf([
      fill(0, 1000, 'B', '0.01', '0'),
      snapshot(0, 1000, '0.01', '9999.73'),
      { type: 'PaperFillRecorded', v: 1, data: { ...liquidated, dir: 'Liquidated Cross Long' } },
      snapshot(0, 5000, null, '9849.46'),
    ]);
    const view = await queryPaperAccount(reader, UID, 'st_paper', run(0));
    expect(view.positions).toEqual([]);
    expect(view.balance.totalEquity).toBe(9849.46);
    expect(view.balance.lastLiquidation).toEqual({ coin: 'BTC', side: 'long', size: 0.01, price: 60000, realizedPnl: -150, at: at(5000) });
    expect((await queryPaperAccount(reader, UID, 'st_paper', run(1, 700))).balance).not.toHaveProperty('lastLiquidation');
    const closedByAlert = await queryPaperAccount(
      readerOf([fill(0, 1000, 'B', '0.01', '0'), fill(0, 5000, 'A', '0.01', '0.01', '-150'), snapshot(0, 5000, null, '9849.46')]),
      UID,
      'st_paper',
      run(0),
    );
    expect(closedByAlert.balance).not.toHaveProperty('lastLiquidation');
  });

  it('issue 41, point 3: given a snapshot with a stop, a take-profit, a resting limit and its waiting stop, then the account lists the live stop (a grouped one at most the position) and take-profit as protection and the limit with the stop waiting for it; a later snapshot without orders clears them', async () => {
    const order = (oid: number, over: Partial<PaperOpenOrder>): PaperOpenOrder => ({
      oid,
      coin: 'BTC',
      side: 'A',
      limitPx: '54000',
      sz: '0.01',
      origSz: '0.01',
      reduceOnly: true,
      placedAt: at(1000),
      ...over,
    });
    const withOrders = (when: number, orders: PaperOpenOrder[]): PaperEvent => {
      const taken = snapshot(0, when, '0.01', '9999.73');
      return taken.type === 'PaperAccountSnapshotTaken' ? { ...taken, data: { ...taken.data, orders } } : taken;
    };
    const orders = [
      order(11, { trigger: { px: '66000', isMarket: true, tpsl: 'tp' }, wholePosition: true, signalId: 'sig-1000' }),
      // A grouped stop of an entry of 0.02, of which 0.01 is left: it closes at most the position.
      order(12, { trigger: { px: '57000', isMarket: true, tpsl: 'sl' }, sz: '0.02', origSz: '0.02', parentOid: 9, cloid: `0x${'a'.repeat(32)}` }),
      order(13, { side: 'B', limitPx: '58000', reduceOnly: false, tif: 'Gtc', childOids: [14] }),
      order(14, { trigger: { px: '55000', isMarket: true, tpsl: 'sl' }, parentOid: 13, waitingForParent: true }),
    ];
    const view = await queryPaperAccount(readerOf([fill(0, 1000, 'B', '0.01', '0'), withOrders(1000, orders)]), UID, 'st_paper', run(0));
    expect(view.resting).toEqual([
      {
        symbol: 'BTC',
        side: 'buy',
        price: 58_000,
        size: 0.01,
        timeInForce: 'GTC',
        reduceOnly: false,
        oid: 13,
        placedAt: at(1000),
        stopLoss: 55_000,
        takeProfit: null,
      },
    ]);
    expect(view.protection).toEqual([
      { strategyId: 'st_paper', symbol: 'BTC', kind: 'stopLoss', triggerPrice: 57_000, size: 0.01, side: 'sell', oid: 12, cloid: `0x${'a'.repeat(32)}` },
      { strategyId: 'st_paper', symbol: 'BTC', kind: 'takeProfit', triggerPrice: 66_000, size: 0.01, side: 'sell', oid: 11, cloid: 'paper-11' },
    ]);

    const cleared = await queryPaperAccount(
      readerOf([fill(0, 1000, 'B', '0.01', '0'), withOrders(1000, orders), snapshot(0, 2000, '0.01', '9999.73')]),
      UID,
      'st_paper',
      run(0),
    );
    expect(cleared.protection).toEqual([]);
    expect(cleared.resting).toEqual([]);
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
