import { accountStreamId, AnalyticsQuerySchema, paperStreamId, strategyAnalytics, type DomainEvent } from '@hyperhook/domain';
import { decodeRecordedEvent, toNewEvent } from '@hyperhook/eventsourcing';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, useTestApp, type TestUser } from '../../testing/testApp.js';

const stack = useTestApp();

const at = (minutes: number): string => new Date(Date.parse('2026-12-01T10:00:00.000Z') + minutes * 60_000).toISOString();
let tid = 1;
const fill = (minutes: number, side: 'B' | 'A', px: string, signalId?: string): DomainEvent => ({
  type: 'FillRecorded',
  v: 1,
  data: {
    coin: 'ETH',
    px,
    sz: '2',
    side,
    time: at(minutes),
    oid: 7,
    tid: tid++,
    closedPnl: '0',
    fee: '0.25',
    dir: 'Open Long',
    ...(signalId ? { signalId } : {}),
  },
});

type Answer = { summary: { trades: number; netPnl: string; winRate: number | null }; trades: { netPnl: string; closedBy: string[] }[]; equityCurve: unknown[] };

describe('GET /api/analytics (issue 43, point 1)', () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await signUp(stack.t.app);
    bob = await signUp(stack.t.app);
    const { eventStore } = stack.t.store;
    await eventStore.append(
      accountStreamId(alice.uid),
      [fill(0, 'B', '100'), fill(30, 'A', '103', 'sig-close'), fill(40, 'A', '103'), fill(50, 'B', '104')].map((e) => toNewEvent(e)),
    );
    await eventStore.append(paperStreamId(bob.uid), [
      toNewEvent({
        type: 'PaperFillRecorded',
        v: 1,
        data: {
          coin: 'BTC',
          px: '100',
          sz: '1',
          side: 'B',
          time: at(0),
          oid: 1,
          tid: 1,
          closedPnl: '0',
          fee: '0',
          dir: 'Open Long',
          strategyId: 'st_p',
          epoch: 0,
        },
      }),
    ]);
  });

  it('given a trader’s live fills, when analytics are asked, then the round trips and their figures, from the log', async () => {
    const res = await call(stack.t.app, 'GET', '/api/analytics?strategyId=main', alice.token);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: Answer }>();
    // Long 2 @ 100 → 103: +6 less two fees of 0.25; short 2 @ 103 → 104: −2 less the same.
    expect(data.trades.map((trade) => trade.netPnl)).toEqual(['5.5', '-2.5']);
    expect(data.trades[0]?.closedBy).toEqual(['sig-close']);
    expect(data.summary).toMatchObject({ trades: 2, netPnl: '3', winRate: 0.5 });
    expect(data.equityCurve).toHaveLength(2);
  });

  it('given another trader, when they ask for analytics, then they see only their own: none of the first trader’s live trades', async () => {
    const live = (await call(stack.t.app, 'GET', '/api/analytics', bob.token)).json<{ data: Answer }>().data;
    const paper = (await call(stack.t.app, 'GET', '/api/analytics?venue=paper', bob.token)).json<{ data: Answer }>().data;
    expect(live.trades).toEqual([]);
    expect(paper.trades).toHaveLength(1);
  });

  it('given the trades CSV, when downloaded, then one row a trade with the header tax tools read', async () => {
    const res = await call(stack.t.app, 'GET', '/api/analytics/trades.csv?from=2026-12-01T10:35:00Z', alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hyperhook-trades-live-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([expect.objectContaining({ side: 'short', entry_price: '103', exit_price: '104', net_pnl: '-2.5', duration_s: '600' })]);
    // No alert of these fills is on the log: no execution quality is made up.
    expect(rows[0]).toMatchObject({ entry_slippage_bps: '', exit_slippage_bps: '', alert_to_fill_ms: '' });
  });

  it('given a moment before the last trade was on the log, when analytics are asked as of then, then they are what the log held then, as a replay of the log up to it gives', async () => {
    const carol = await signUp(stack.t.app);
    const { eventStore } = stack.t.store;
    await eventStore.append(
      accountStreamId(carol.uid),
      [fill(0, 'B', '100'), fill(10, 'A', '101')].map((e) => toNewEvent(e)),
    );
    const lastRecorded = (await eventStore.readStream(accountStreamId(carol.uid))).at(-1)?.recordedAt ?? 0;
    // The next append is recorded at a later millisecond than the first batch, by the store's clock.
    while (Date.now() <= lastRecorded) await new Promise((resolve) => setTimeout(resolve, 1));
    await eventStore.append(
      accountStreamId(carol.uid),
      [fill(20, 'B', '100'), fill(30, 'A', '90')].map((e) => toNewEvent(e)),
    );
    const asOf = new Date(lastRecorded).toISOString();

    const then = (await call(stack.t.app, 'GET', `/api/analytics?asOf=${asOf}`, carol.token)).json<{ data: Answer }>().data;
    const now = (await call(stack.t.app, 'GET', '/api/analytics', carol.token)).json<{ data: Answer }>().data;

    expect(then.trades.map((trade) => trade.netPnl)).toEqual(['1.5']);
    expect(now.trades.map((trade) => trade.netPnl)).toEqual(['1.5', '-20.5']);
    // Against a replay: the global log read from its start up to the moment, folded by the domain's own analytics.
    const replayed = (await eventStore.readAll({ maxCount: 100_000 })).filter(
      (event) => event.streamId === accountStreamId(carol.uid) && event.recordedAt <= Date.parse(asOf),
    );
    const events = replayed.flatMap((event) => {
      const decoded = decodeRecordedEvent(event);
      return decoded.kind === 'domain' ? [decoded.record.event] : [];
    });
    expect(then).toEqual(strategyAnalytics(events, AnalyticsQuerySchema.parse({})));
  });

  it('given a bad query or no session, then 400 naming the field, and 401', async () => {
    const bad = await call(stack.t.app, 'GET', '/api/analytics?from=yesterday', alice.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from');
    expect((await call(stack.t.app, 'GET', '/api/analytics', null)).statusCode).toBe(401);
  });
});
