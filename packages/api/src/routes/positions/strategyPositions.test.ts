import { toNewEvent } from '@hyperhook/eventsourcing';
import type { DomainEvent } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

let tid = 0;
const fill = (strategyId: string | undefined, side: 'B' | 'A', sz: string, px: string): DomainEvent => ({
  type: 'FillRecorded',
  v: 1,
  data: {
    coin: 'BTC',
    px,
    sz,
    side,
    time: new Date().toISOString(),
    oid: 7,
    tid: ++tid,
    closedPnl: '0',
    fee: '0',
    dir: 'Open Long',
    signalId: `sig-${tid}`,
    ...(strategyId === undefined ? {} : { strategyId }),
  },
});

describe('GET /api/positions?strategyId=, /api/positions/breakdown and /api/orders/open (issue 39, points 1, 3 and 6)', () => {
  it('given the account holds 0.01 BTC of which a strategy bought 0.006, then that strategy sees its own 0.006, the first strategy none, and the breakdown the rest outside hyperhook', async () => {
    const { t } = stack;
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const trend: string = (await call(t.app, 'POST', '/api/strategies', user.token, { name: 'Trend' })).json().data.id;
    const snapshot: DomainEvent = {
      type: 'PositionsSnapshotTaken',
      v: 2,
      data: { at: new Date().toISOString(), source: 'sync', positions: [{ coin: 'BTC', szi: '0.01', entryPx: '90000', markPx: '91000', leverage: 2 }] },
    };
    const appended = await t.store.eventStore.append(`account-${user.uid}`, [
      toNewEvent(snapshot),
      toNewEvent(fill(trend, 'B', '0.008', '90000')),
      toNewEvent(fill(trend, 'A', '0.002', '91000')),
    ]);
    await t.deps.projection.waitFor(appended.lastPosition);

    const own = (await call(t.app, 'GET', `/api/positions?strategyId=${trend}`, user.token)).json().data;
    expect(own).toEqual([
      expect.objectContaining({
        symbol: 'BTC',
        side: 'long',
        size: 0.006,
        entryPrice: 90000,
        currentPrice: 91000,
        unrealizedPnl: 6,
        realizedPnl: 2,
        venue: 'live',
      }),
    ]);
    expect((await call(t.app, 'GET', '/api/positions?strategyId=main', user.token)).json().data).toEqual([]);
    expect((await call(t.app, 'GET', '/api/positions/breakdown', user.token)).json().data).toEqual([
      { symbol: 'BTC', strategies: [{ strategyId: trend, size: 0.006 }], outside: 0.004 },
    ]);
    // Its live stop is listed as its own open protective order (issue 39, point 3).
    const protection: DomainEvent = {
      type: 'ProtectionUpdated',
      v: 1,
      data: {
        strategyId: trend,
        coin: 'BTC',
        signalId: 'sig-1',
        stopLoss: '85000',
        live: [{ kind: 'sl', cloid: `0x${'ab'.repeat(16)}`, oid: 42, triggerPx: '85000', size: '0.006', isBuy: false }],
        refused: [],
        cancelled: [],
        at: new Date().toISOString(),
      },
    };
    await t.deps.projection.waitFor((await t.store.eventStore.append(`account-${user.uid}`, [toNewEvent(protection)])).lastPosition);
    const stop = { strategyId: trend, symbol: 'BTC', kind: 'stopLoss', triggerPrice: 85000, size: 0.006, side: 'sell', oid: 42, cloid: `0x${'ab'.repeat(16)}` };
    expect((await call(t.app, 'GET', `/api/orders/open?strategyId=${trend}`, user.token)).json().data).toEqual([stop]);
    expect((await call(t.app, 'GET', '/api/orders/open?strategyId=main', user.token)).json().data).toEqual([]);
    expect((await call(t.app, 'GET', '/api/orders/open', user.token)).json().data).toEqual([stop]);
    expect((await call(t.app, 'GET', '/api/orders/open', other.token)).json().data).toEqual([]);
    expect((await call(t.app, 'GET', `/api/orders/open?strategyId=${trend}`, other.token)).statusCode).toBe(404);
    // Another trader sees none of it.
    expect((await call(t.app, 'GET', `/api/positions?strategyId=${trend}`, other.token)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/positions/breakdown', other.token)).json().data).toEqual([]);
  });
});
