import { accountStreamId, type DomainEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, useTestApp, type TestUser } from '../../testing/testApp.js';

const stack = useTestApp();

let tid = 1;
const fill = (time: string, side: 'B' | 'A', px: string): DomainEvent => ({
  type: 'FillRecorded',
  v: 1,
  data: { coin: 'ETH', px, sz: '0.5', side, time, oid: 9, tid: tid++, closedPnl: '0', fee: '0', dir: side === 'B' ? 'Open Long' : 'Close Long' },
});

/** The older export's columns, exit row first, times on a UTC chart: trade 1 was made live a minute later; trade 2 never was. */
const EXPORT = [
  'Trade #,Type,Signal,Date/Time,Price USDT,Contracts,Profit USDT,Profit %',
  '2,Exit Long,Close,2026-12-02 16:00,3050,0.5,25,1.67',
  '2,Entry Long,Long,2026-12-02 10:00,3000,0.5,,',
  '1,Exit Long,Close,2026-12-01 16:00,3100,0.5,50,3.33',
  '1,Entry Long,Long,2026-12-01 10:00,3000,0.5,,',
].join('\n');

type Answer = {
  backtestId: string;
  trades: number;
  fileName?: string;
  comparison: { matched: { entrySlippageBps: number; pnlDifference: string | null }[]; missed: { reason: string }[]; extra: unknown[] };
};

const upload = (user: TestUser, strategyId: string, body: string, query = '?timeZone=UTC&fileName=ETH_List_of_trades.csv') =>
  stack.t.app.inject({
    method: 'POST',
    url: `/api/strategies/${strategyId}/backtests${query}`,
    payload: body,
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/csv' },
  });

describe('backtests against live (issue 43, point 2)', () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await signUp(stack.t.app);
    bob = await signUp(stack.t.app);
    await stack.t.store.eventStore.append(
      accountStreamId(alice.uid),
      [fill('2026-12-01T10:01:00.000Z', 'B', '3003'), fill('2026-12-01T16:01:00.000Z', 'A', '3096.9')].map((e) => toNewEvent(e)),
    );
  });

  it('given a List of trades, when uploaded to a strategy, then it is kept and compared: the trade made live is matched with its slippage, the other missed with why', async () => {
    const res = await upload(alice, 'main', EXPORT);
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: Answer }>();

    expect(data).toMatchObject({ trades: 2, fileName: 'ETH_List_of_trades.csv' });
    expect(data.comparison.matched).toEqual([expect.objectContaining({ entrySlippageBps: 10, pnlDifference: '-3.05' })]);
    expect(data.comparison.missed.map((miss) => miss.reason)).toEqual(['No alert arrived.']);
    expect(data.comparison.extra).toEqual([]);
  });

  it('given an upload kept, when listed and compared again after the missed trade was made, then it is listed and now matched', async () => {
    const listed = (await call(stack.t.app, 'GET', '/api/strategies/main/backtests', alice.token)).json<{ data: { backtestId: string }[] }>().data;
    expect(listed).toHaveLength(1);
    await stack.t.store.eventStore.append(
      accountStreamId(alice.uid),
      [fill('2026-12-02T10:00:30.000Z', 'B', '3000'), fill('2026-12-02T16:00:30.000Z', 'A', '3050')].map((e) => toNewEvent(e)),
    );
    const again = await call(stack.t.app, 'GET', `/api/strategies/main/backtests/${listed[0]?.backtestId ?? ''}`, alice.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: Answer }>().data.comparison).toMatchObject({ missed: [], extra: [] });
    expect(again.json<{ data: Answer }>().data.comparison.matched).toHaveLength(2);
  });

  it('given another trader, then they see none of the first trader’s uploads, and an upload of theirs reads only their trades', async () => {
    const listed = (await call(stack.t.app, 'GET', '/api/strategies/main/backtests', bob.token)).json<{ data: unknown[] }>().data;
    expect(listed).toEqual([]);
    const theirs = (await upload(bob, 'main', EXPORT)).json<{ data: Answer }>().data;
    expect(theirs.comparison.matched).toEqual([]);
    expect(theirs.comparison.missed).toHaveLength(2);
    const aliceUpload = (await call(stack.t.app, 'GET', '/api/strategies/main/backtests', alice.token)).json<{ data: { backtestId: string }[] }>().data[0];
    expect((await call(stack.t.app, 'GET', `/api/strategies/main/backtests/${aliceUpload?.backtestId ?? ''}`, bob.token)).statusCode).toBe(404);
    expect((await upload(bob, 'st_unknownStrategy1', EXPORT)).statusCode).toBe(404);
  });

  it('given a file that is not an export, a bad zone or no session, then it is refused with why, and nothing is kept', async () => {
    const notExport = await upload(alice, 'main', 'time,symbol\n2026-12-01,ETH');
    expect(notExport.statusCode).toBe(400);
    expect(notExport.json<{ error: string }>().error).toContain('Not a TradingView "List of trades" export');
    expect((await upload(alice, 'main', EXPORT, '?timeZone=Mars/Olympus')).statusCode).toBe(400);
    expect(
      (await stack.t.app.inject({ method: 'POST', url: '/api/strategies/main/backtests', payload: EXPORT, headers: { 'content-type': 'text/csv' } }))
        .statusCode,
    ).toBe(401);
    const listed = (await call(stack.t.app, 'GET', '/api/strategies/main/backtests', alice.token)).json<{ data: unknown[] }>().data;
    expect(listed).toHaveLength(1);
  });
});
