import { silentLog, startExecutor, type Executor } from '@hyperhook/executor';
import { HyperliquidClient } from '@hyperhook/hyperliquid';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testing/eventually.js';
import { call, signUp, useTestApp, type TestUser } from '../../testing/testApp.js';

const stack = useTestApp();

type HistoryEvent = {
  title: string;
  detail: string | null;
  category: string;
  position: number;
  type: string;
  stream: string;
  version: number;
  recordedAt: string;
  strategyId: string | null;
  data: unknown;
  hash: string | null;
};
type Page = { events: HistoryEvent[]; head: { position: number; hash: string } | null };

const history = async (user: TestUser, query = ''): Promise<Page> => {
  const res = await call(stack.t.app, 'GET', `/api/history${query}`, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Page }>().data;
};
const webhookUrlOf = async (user: TestUser) =>
  (await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token)).json<{ data: { webhookUrl: string } }>().data.webhookUrl;
let alerts = 0;
async function postTo(webhookUrl: string, alert: Record<string, unknown>): Promise<string> {
  const res = await stack.t.app.inject({
    method: 'POST',
    url: new URL(webhookUrl).pathname,
    payload: JSON.stringify({ id: `history-${++alerts}`, ...alert }),
    headers: { 'content-type': 'text/plain' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { logId: string } }>().data.logId;
}
const statusOf = async (user: TestUser, logId: string) =>
  (await call(stack.t.app, 'GET', '/api/webhook-logs', user.token))
    .json<{ data: { webhookLogId: string; status: string }[] }>()
    .data.find((log) => log.webhookLogId === logId)?.status;

describe('GET /api/history (issue 31, point 1)', () => {
  let executor: Executor;
  let client: HyperliquidClient;
  let alice: TestUser;
  let bob: TestUser;
  let paperId: string;
  let paperAlert: string;
  let liveAlert: string;

  beforeAll(async () => {
    // Paper trades at mainnet's prices: here the simulator is both networks.
    client = new HyperliquidClient({ testnetApiUrl: stack.sim.url, mainnetApiUrl: stack.sim.url, timeoutMs: 2_000 });
    executor = await startExecutor({
      store: stack.t.store,
      client,
      sealer: stack.t.deps.sealers.credentials,
      log: silentLog,
      retryDeadlineMs: 5_000,
      checkpointIntervalMs: 20,
    });
    alice = await signUp(stack.t.app);
    bob = await signUp(stack.t.app);
    const created = await call(stack.t.app, 'POST', '/api/strategies', alice.token, { name: 'Paper BTC', venue: 'paper' });
    paperId = created.json<{ data: { id: string; webhookUrl: string } }>().data.id;
    paperAlert = await postTo(created.json<{ data: { webhookUrl: string } }>().data.webhookUrl, { symbol: 'BTC', action: 'buy', size: 200, leverage: 2 });
    liveAlert = await postTo(await webhookUrlOf(alice), { symbol: 'ETH', action: 'buy', size: 50 });
    await postTo(await webhookUrlOf(bob), { symbol: 'SOL', action: 'buy', size: 50 });
    await eventually(async () => {
      expect(await statusOf(alice, paperAlert)).toBe('executed');
      expect(await statusOf(alice, liveAlert)).toBe('failed');
    });
  });
  afterAll(async () => {
    await executor.stop();
    await client.close();
  });

  it("issue 31, point 1: given a trader's sign-up, a paper strategy and two alerts, then their events come newest first: each alert's whole life, the paper fill and snapshot, as stored with no secret, each with its link of the chain and the log's head", async () => {
    const page = await history(alice, '?limit=500');
    const links = new Map(((await stack.t.store.chain?.readLinks({ maxCount: 10_000 })) ?? []).map((link) => [link.event.globalPosition, link.hash]));

    const positions = page.events.map((event) => event.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    const paperLife = page.events
      .filter((event) => event.stream === `signal-${paperAlert}`)
      .map((event) => event.type)
      .reverse();
    expect(paperLife).toEqual(['SignalReceived', 'SignalValidationStarted', 'OrderPlanned', 'OrderSubmitted', 'SignalExecuted']);
    expect(
      page.events
        .filter((event) => event.stream === `signal-${liveAlert}`)
        .map((event) => event.type)
        .reverse(),
    ).toEqual(['SignalReceived', 'SignalValidationStarted', 'SignalRejected']);
    expect(page.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['UserSignedUp', 'StrategyCreated', 'PaperFillRecorded', 'PaperAccountSnapshotTaken']),
    );
    expect(page.events.every((event) => event.hash !== null && event.hash === links.get(event.position))).toBe(true);
    expect(page.head).toEqual(await stack.t.store.chain?.head());
    const text = JSON.stringify(page);
    expect(text).not.toContain('$argon2id$');
    expect(text).not.toContain('ciphertext');
    expect(page.events.find((event) => event.type === 'UserSignedUp')?.data).toMatchObject({ passwordHash: '[redacted]' });
    // each in plain words
    expect(page.events.find((event) => event.stream === `signal-${paperAlert}` && event.type === 'SignalReceived')).toMatchObject({
      title: 'Alert received: BTC buy',
      category: 'alert',
    });
    expect(page.events.find((event) => event.stream === `signal-${liveAlert}` && event.type === 'SignalRejected')).toMatchObject({
      title: 'Rejected: No API keys configured',
    });
    expect(page.events.every((event) => event.title.length > 0)).toBe(true);
  });

  it('issue 31, point 1: given filters by type, kind, strategy and time, and a page boundary, then each narrows the same list; the pages follow on without overlap', async () => {
    const all = (await history(alice, '?limit=500')).events;
    const byType = (await history(alice, '?type=SignalReceived,SignalExecuted')).events;
    const byStrategy = (await history(alice, `?strategyId=${paperId}&limit=500`)).events;
    const byCategory = (await history(alice, '?category=order&limit=500')).events;
    const middle = all[Math.floor(all.length / 2)]!;
    const untilMiddle = (await history(alice, `?until=${encodeURIComponent(middle.recordedAt)}&limit=500`)).events;
    const first = (await history(alice, '?limit=3')).events;
    const second = (await history(alice, `?limit=3&before=${first.at(-1)!.position}`)).events;

    expect(byType).toEqual(all.filter((event) => ['SignalReceived', 'SignalExecuted'].includes(event.type)));
    expect(byStrategy).toEqual(all.filter((event) => event.strategyId === paperId));
    expect(byCategory).toEqual(all.filter((event) => event.category === 'order'));
    expect(byCategory.map((event) => event.type)).toEqual(expect.arrayContaining(['OrderPlanned', 'OrderSubmitted', 'SignalExecuted']));
    expect(byStrategy.map((event) => event.type)).toEqual(expect.arrayContaining(['StrategyCreated', 'SignalExecuted', 'PaperFillRecorded']));
    expect(byStrategy.some((event) => event.stream === `signal-${liveAlert}`)).toBe(false);
    expect(untilMiddle).toEqual(all.filter((event) => event.recordedAt <= middle.recordedAt));
    expect([...first, ...second]).toEqual(all.slice(0, 6));
  });

  it("issue 31, point 1, ROLE-03: given two traders, when one reads their history with any filter, then none of the other's events is ever answered", async () => {
    const alices = new Set((await history(alice, '?limit=500')).events.map((event) => event.position));
    const answers = await Promise.all(
      [
        '?limit=500',
        '?type=SignalReceived,SignalExecuted,PaperFillRecorded,UserSignedUp',
        `?strategyId=${paperId}`,
        '?strategyId=main&limit=500',
        '?before=999999&limit=500',
        `?since=2000-01-01T00:00:00Z&limit=500`,
      ].map((query) => history(bob, query)),
    );

    const bobs = answers.flatMap((page) => page.events);
    expect(bobs.length).toBeGreaterThan(0);
    expect(bobs.filter((event) => alices.has(event.position))).toEqual([]);
    expect(answers[2]?.events).toEqual([]);
    expect(new Set(bobs.map((event) => event.stream.replace(/-.*/, '')))).toEqual(new Set(['user', 'signal']));
  });

  it('issue 31, point 1: given no token, a malformed type or since after until, then 401 and 400 with the reason', async () => {
    expect((await call(stack.t.app, 'GET', '/api/history', null)).statusCode).toBe(401);
    const badType = await call(stack.t.app, 'GET', '/api/history?type=Signal%20Received', alice.token);
    expect([badType.statusCode, badType.body]).toEqual([400, expect.stringContaining('Expected an event type like SignalExecuted')]);
    const backwards = await call(stack.t.app, 'GET', '/api/history?since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z', alice.token);
    expect([backwards.statusCode, backwards.json().error]).toEqual([400, '`since` must not be after `until`']);
  });

  it("issue 31, point 3: given paper fills that opened and closed a position, when downloading the fills CSV and the events NDJSON, then the CSV's sums are the fills' own and the NDJSON is the history oldest first with the head; the other trader's files hold none of it", async () => {
    // given: the long is sold back, so one fill realises P&L
    const paperUrl = (await call(stack.t.app, 'GET', '/api/strategies', alice.token))
      .json<{ data: { id: string; webhookUrl: string }[] }>()
      .data.find((s) => s.id === paperId)!.webhookUrl;
    const closing = await postTo(paperUrl, { symbol: 'BTC', action: 'sell', size: 200, leverage: 2 });
    await eventually(async () => expect(await statusOf(alice, closing)).toBe('executed'));
    const fills = ((await stack.t.store.eventStore.readStream(`paper-${alice.uid}`)) ?? [])
      .filter((e) => e.type === 'PaperFillRecorded')
      .map((e) => e.data as { sz: string; fee: string; closedPnl: string; coin: string });
    // when
    const csv = await call(stack.t.app, 'GET', '/api/history/fills.csv', alice.token);
    const ndjson = await call(stack.t.app, 'GET', '/api/history/export.ndjson', alice.token);
    const bobsCsv = await call(stack.t.app, 'GET', '/api/history/fills.csv', bob.token);
    const bobsNdjson = await call(stack.t.app, 'GET', '/api/history/export.ndjson', bob.token);
    // then: the CSV
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="hyperhook-fills-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parse(csv.body) as string[][];
    expect(header).toEqual(['time', 'strategy', 'venue', 'coin', 'side', 'size', 'price', 'fee', 'fee_token', 'realized_pnl', 'order_id', 'alert_id']);
    expect(fills.length).toBeGreaterThanOrEqual(2);
    expect(rows).toHaveLength(fills.length);
    const column = (name: string) => rows.map((row) => row[header!.indexOf(name)]!);
    const sum = (values: readonly string[]) => values.reduce((total, value) => total + Number(value), 0).toFixed(8);
    expect(sum(column('size'))).toBe(sum(fills.map((f) => f.sz)));
    expect(sum(column('fee'))).toBe(sum(fills.map((f) => f.fee)));
    expect(sum(column('realized_pnl'))).toBe(sum(fills.map((f) => f.closedPnl)));
    expect(fills.some((f) => Number(f.closedPnl) !== 0)).toBe(true);
    expect(new Set(column('strategy'))).toEqual(new Set(['Paper BTC']));
    expect(new Set(column('venue'))).toEqual(new Set(['paper']));
    expect(column('side')).toEqual(['buy', 'sell']);
    // and the NDJSON
    const lines = ndjson.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { position: number; hash: string | null });
    const newestFirst = (await history(alice, '?limit=500')).events;
    expect(ndjson.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(lines).toEqual([...newestFirst].reverse());
    expect(ndjson.headers['x-hyperhook-chain-head']).toBe(`${(await stack.t.store.chain?.head())?.position}:${(await stack.t.store.chain?.head())?.hash}`);
    expect(ndjson.body).not.toContain('$argon2id$');
    // and bob's files: his own only
    expect(parse(bobsCsv.body)).toEqual([header]);
    const alicesPositions = new Set(lines.map((line) => line.position));
    expect(
      bobsNdjson.body
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { position: number }).position)
        .filter((position) => alicesPositions.has(position)),
    ).toEqual([]);
  });
});
