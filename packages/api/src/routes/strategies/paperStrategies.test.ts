import { DEFAULT_SETTINGS } from '@hyperhook/domain';
import { silentLog, startExecutor, type Executor } from '@hyperhook/executor';
import { HyperliquidClient } from '@hyperhook/hyperliquid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testing/eventually.js';
import { call, keysBody, signUp, useTestApp, type TestUser } from '../../testing/testApp.js';

const stack = useTestApp();

type Strategy = {
  id: string;
  name: string;
  webhookUrl: string;
  venue: string;
  paper: { balance: number; epoch: number; since: string } | null;
  settings: typeof DEFAULT_SETTINGS;
};
type Log = { webhookLogId: string; status: string; error?: string; strategyId: string; venue?: string; fill?: { totalSz: number } };
type Position = { symbol: string; side: string; size: number; venue?: string };
type Balance = { totalEquity: number; availableBalance: number; venue?: string };

let alertCounter = 0;
async function postTo(webhookUrl: string, alert: Record<string, unknown>) {
  const res = await stack.t.app.inject({
    method: 'POST',
    url: new URL(webhookUrl).pathname,
    payload: JSON.stringify({ id: `paper-alert-${++alertCounter}`, ...alert }),
    headers: { 'content-type': 'text/plain' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { logId: string } }>().data.logId;
}
const get = async <T>(user: TestUser, path: string) => {
  const res = await call(stack.t.app, 'GET', path, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
};
const createPaper = async (user: TestUser, body: Record<string, unknown> = {}) => {
  const res = await call(stack.t.app, 'POST', '/api/strategies', user.token, { name: 'Paper BTC', venue: 'paper', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Strategy }>().data;
};

describe('paper strategies through the api (issue 30, point 1)', () => {
  let executor: Executor;
  let client: HyperliquidClient;
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
  });
  afterAll(async () => {
    await executor.stop();
    await client.close();
  });

  it('issue 30, point 1: POST /api/strategies {venue:"paper"} starts with 10,000 USDC by default or the balance chosen; a balance out of range, or on a live strategy, is refused by field', async () => {
    const user = await signUp(stack.t.app);
    expect(await createPaper(user)).toMatchObject({ venue: 'paper', paper: { balance: 10_000, epoch: 0 }, settings: DEFAULT_SETTINGS });
    expect(await createPaper(user, { name: 'Small', paperBalance: 2_500 })).toMatchObject({ paper: { balance: 2_500 } });
    const tooSmall = await call(stack.t.app, 'POST', '/api/strategies', user.token, { name: 'Tiny', venue: 'paper', paperBalance: 50 });
    expect([tooSmall.statusCode, tooSmall.json().error]).toEqual([400, 'Paper balance must be at least 100 USDC.']);
    const live = await call(stack.t.app, 'POST', '/api/strategies', user.token, { name: 'Live', paperBalance: 5_000 });
    expect([live.statusCode, live.json().error]).toEqual([400, 'Only a paper strategy has a paper balance.']);
  });

  it('issue 30, point 1: given a new user with no Hyperliquid account, when they curl an alert to a paper strategy, then it is executed on paper; the log row, positions and balance say paper, and the real account shows none of it', async () => {
    const user = await signUp(stack.t.app);
    const paper = await createPaper(user);
    const logId = await postTo(paper.webhookUrl, { symbol: 'BTC', action: 'buy', size: 200, leverage: 2 });

    await eventually(async () =>
      expect((await get<Log[]>(user, '/api/webhook-logs')).find((l) => l.webhookLogId === logId)).toMatchObject({
        status: 'executed',
        venue: 'paper',
        strategyId: paper.id,
      }),
    );
    const positions = await eventually(async () => {
      const list = await get<Position[]>(user, `/api/positions?strategyId=${paper.id}`);
      expect(list).toEqual([expect.objectContaining({ symbol: 'BTC', side: 'long', venue: 'paper' })]);
      return list;
    });
    expect(positions[0]?.size).toBeGreaterThan(0);
    expect(await get<Position>(user, `/api/positions/BTC?strategyId=${paper.id}`)).toMatchObject({ venue: 'paper' });
    expect(await get<Position[]>(user, `/api/positions/sync?strategyId=${paper.id}`)).toEqual(positions);
    const balance = await get<Balance>(user, `/api/balance?strategyId=${paper.id}`);
    expect(balance.venue).toBe('paper');
    expect(balance.totalEquity).toBeGreaterThan(9_990);
    expect(balance.totalEquity).toBeLessThan(10_000);
    // The real account: nothing of paper (and, without keys, no balance to read).
    expect(await get<Position[]>(user, '/api/positions')).toEqual([]);
    expect(await get<Position[]>(user, '/api/positions?strategyId=main')).toEqual([]);
    expect((await call(stack.t.app, 'GET', '/api/balance', user.token)).statusCode).toBe(400);
  });

  it("issue 41, point 3: given a paper entry with a stop-loss, then GET /api/orders/open?strategyId= lists the paper position's stop as a live one's is listed", async () => {
    const user = await signUp(stack.t.app);
    const paper = await createPaper(user);
    await postTo(paper.webhookUrl, { symbol: 'BTC', action: 'buy', size: 200, leverage: 2, stopLoss: 80_000 });

    const [position] = await eventually(async () => {
      const list = await get<Position[]>(user, `/api/positions?strategyId=${paper.id}`);
      expect(list).toHaveLength(1);
      return list;
    });
    const orders = await eventually(async () => {
      const list = await get<{ kind: string }[]>(user, `/api/orders/open?strategyId=${paper.id}`);
      expect(list).toHaveLength(1);
      return list;
    });
    expect(orders).toEqual([
      expect.objectContaining({ strategyId: paper.id, symbol: 'BTC', kind: 'stopLoss', triggerPrice: 80_000, size: position?.size, side: 'sell' }),
    ]);
    expect(await get<unknown[]>(user, '/api/orders/open')).toEqual([]);
  });

  it('issue 41, point 3: given a paper GTC limit with a stop-loss, then GET /api/orders/paper?strategyId= lists it resting with the stop waiting for it; a live strategy has no paper orders', async () => {
    const user = await signUp(stack.t.app);
    const paper = await createPaper(user);
    await postTo(paper.webhookUrl, { symbol: 'BTC', action: 'buy', orderType: 'limit', price: 90_000, size: 200, leverage: 2, stopLoss: 85_000 });

    const [resting] = await eventually(async () => {
      const list = await get<{ symbol: string }[]>(user, `/api/orders/paper?strategyId=${paper.id}`);
      expect(list).toHaveLength(1);
      return list;
    });
    expect(resting).toMatchObject({ symbol: 'BTC', side: 'buy', price: 90_000, timeInForce: 'GTC', reduceOnly: false, stopLoss: 85_000, takeProfit: null });
    expect(await get<unknown[]>(user, `/api/orders/open?strategyId=${paper.id}`)).toEqual([]);
    const live = await call(stack.t.app, 'GET', '/api/orders/paper?strategyId=main', user.token);
    expect([live.statusCode, live.json().error]).toEqual([409, '"Main" trades on the live account, not on paper.']);
  });

  it('issue 30, point 1: a reset starts the paper account over with the balance named; positions are gone', async () => {
    const user = await signUp(stack.t.app);
    const paper = await createPaper(user);
    const logId = await postTo(paper.webhookUrl, { symbol: 'ETH', action: 'sell', size: 100 });
    await eventually(async () => expect((await get<Log[]>(user, '/api/webhook-logs')).find((l) => l.webhookLogId === logId)?.status).toBe('executed'));
    await eventually(async () => expect(await get<Position[]>(user, `/api/positions?strategyId=${paper.id}`)).toHaveLength(1));

    const reset = await call(stack.t.app, 'POST', `/api/strategies/${paper.id}/paper-reset`, user.token, { balance: 700 });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<{ data: Strategy }>().data.paper).toMatchObject({ balance: 700, epoch: 1 });
    expect(await get<Position[]>(user, `/api/positions?strategyId=${paper.id}`)).toEqual([]);
    expect(await get<Balance>(user, `/api/balance?strategyId=${paper.id}`)).toMatchObject({ totalEquity: 700, availableBalance: 700, venue: 'paper' });
    const again = await call(stack.t.app, 'POST', `/api/strategies/${paper.id}/paper-reset`, user.token, {});
    expect(again.json<{ data: Strategy }>().data.paper).toMatchObject({ balance: 700, epoch: 2 });
    const notPaper = await call(stack.t.app, 'POST', '/api/strategies/main/paper-reset', user.token, {});
    expect([notPaper.statusCode, notPaper.json().error]).toEqual([409, '"Main" trades on the live account, not on paper.']);
  });

  it('issue 30, point 1: promoting a paper strategy asks for keys first, then trades live with the settings it had', async () => {
    const user = await signUp(stack.t.app);
    const paper = await createPaper(user);
    const settings = structuredClone(DEFAULT_SETTINGS);
    settings.positionSizing.value = 42;
    expect((await call(stack.t.app, 'PUT', `/api/strategies/${paper.id}/settings`, user.token, settings)).statusCode).toBe(200);

    const withoutKeys = await call(stack.t.app, 'POST', `/api/strategies/${paper.id}/promote`, user.token);
    expect(withoutKeys.statusCode).toBe(409);
    expect(withoutKeys.json()).toMatchObject({ success: false, code: 'NO_CREDENTIALS', error: expect.stringContaining('API keys') });
    expect((await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
    const promoted = await call(stack.t.app, 'POST', `/api/strategies/${paper.id}/promote`, user.token);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json<{ data: Strategy }>().data).toMatchObject({ venue: 'live', paper: null, webhookUrl: paper.webhookUrl, settings });

    const logId = await postTo(paper.webhookUrl, { symbol: 'BTC', action: 'buy' });
    await eventually(async () =>
      expect((await get<Log[]>(user, '/api/webhook-logs')).find((l) => l.webhookLogId === logId)).toMatchObject({ status: 'executed', venue: 'live' }),
    );
  });

  it("issue 30, point 1: another user's paper strategy is not found on every paper route", async () => {
    const owner = await signUp(stack.t.app);
    const intruder = await signUp(stack.t.app);
    const paper = await createPaper(owner);
    for (const [method, path] of [
      ['GET', `/api/positions?strategyId=${paper.id}`],
      ['GET', `/api/positions/sync?strategyId=${paper.id}`],
      ['GET', `/api/balance?strategyId=${paper.id}`],
      ['GET', `/api/orders/paper?strategyId=${paper.id}`],
      ['POST', `/api/strategies/${paper.id}/paper-reset`],
      ['POST', `/api/strategies/${paper.id}/promote`],
    ] as const) {
      const res = await call(stack.t.app, method, path, intruder.token, method === 'POST' ? {} : undefined);
      expect([path, res.statusCode]).toEqual([path, 404]);
    }
  });
});
