import {
  accountStreamId,
  DEFAULT_SETTINGS,
  OrderPreviewSchema,
  parseAlert,
  planOrder,
  protectionPlanPreview,
  roundPerpPrice,
  slippagePrice,
  toWireDecimal,
  TRIGGER_ORDER_SLIPPAGE_PCT,
  truncateSize,
  type OrderPreview,
  type PlanOrderResult,
  type Settings,
} from '@hyperhook/domain';
import { NO_KEYS_MESSAGE } from '@hyperhook/trading';
import type { AccountRef } from '@hyperhook/hyperliquid';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { describe, expect, it } from 'vitest';
import { openBtcLong } from '../../testing/openBtcLong.js';
import { ADDRESSES, call, createTestApp, keysBody, seedFreshAccount, signUp, useTestApp, type TestUser } from '../../testing/testApp.js';
import { PREVIEW_CLOID } from './previewOrder.js';

const stack = useTestApp();

/** Settings with some groups changed, saved through PUT /api/settings. */
async function saveSettings(user: TestUser, change: { [K in keyof Settings]?: Partial<Settings[K]> }): Promise<Settings> {
  const settings: Settings = {
    positionSizing: { ...DEFAULT_SETTINGS.positionSizing, ...change.positionSizing },
    riskLimits: { ...DEFAULT_SETTINGS.riskLimits, ...change.riskLimits },
    trading: { ...DEFAULT_SETTINGS.trading, ...change.trading },
  };
  const res = await call(stack.t.app, 'PUT', '/api/settings', user.token, settings);
  expect(res.statusCode, res.body).toBe(200);
  return settings;
}

/** A user with saved keys for `keys` (default: main account A). */
async function userWithKeys(keys: object = keysBody('A')): Promise<TestUser> {
  const user = await signUp(stack.t.app);
  const saved = await call(stack.t.app, 'POST', '/api/keys', user.token, keys);
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

/**
 * POST /api/orders/preview, checking on the way that the simulator received no /exchange request
 * at all while it ran: a preview only reads.
 */
async function preview(user: TestUser | null, alert: unknown, strategyId?: string): Promise<{ status: number; data: OrderPreview }> {
  const before = stack.sim.stats().exchangeRequests;
  const res = await call(stack.t.app, 'POST', '/api/orders/preview', user?.token ?? null, { alert, ...(strategyId === undefined ? {} : { strategyId }) });
  expect(stack.sim.stats().exchangeRequests, 'a preview sends nothing to /exchange').toBe(before);
  const body = res.json();
  if (res.statusCode === 200) expect(body.success).toBe(true);
  return { status: res.statusCode, data: res.statusCode === 200 ? OrderPreviewSchema.parse(body.data) : body };
}

/** What planOrder answers for the alert, read independently of the route: the simulator's market and the account now. */
/**
 * Books a position the account holds to the first strategy, as the fill of one of its alerts
 * (issue 39, point 1): an alert acts on its strategy's own position, not on one opened elsewhere.
 */
async function bookToFirstStrategy(user: TestUser, coin: string, size: string, px: string): Promise<void> {
  const fill = {
    type: 'FillRecorded',
    v: 1,
    data: {
      coin,
      px,
      sz: size,
      side: 'B',
      time: new Date().toISOString(),
      oid: 1,
      tid: Date.now(),
      closedPnl: '0',
      fee: '0',
      dir: 'Open Long',
      signalId: `sig-book-${Date.now()}`,
    },
  } as const;
  const { lastPosition } = await stack.t.store.eventStore.append(accountStreamId(user.uid), [toNewEvent(fill)]);
  await stack.t.deps.projection.waitFor(lastPosition);
}

async function planNow(alertBody: unknown, settings: Settings, account: AccountRef): Promise<{ result: PlanOrderResult; mid: number }> {
  const parsed = parseAlert(alertBody);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const { coin } = parsed.alert;
  const { client } = stack.t;
  const [asset, mids, snapshot] = await Promise.all([client.getAsset(true, coin), client.getMids(true), client.getAccountSnapshot(account)]);
  if (asset === undefined) throw new Error(`no ${coin} on the simulator`);
  const mid = mids[coin] ?? Number.NaN;
  const result = planOrder({
    alert: parsed.alert,
    settings,
    balance: { availableBalance: snapshot.balance.availableBalance, totalEquity: snapshot.balance.totalEquity },
    positions: snapshot.positions.map((p) => ({ coin: p.coin, szi: p.szi, leverage: p.leverage })),
    asset: { coin: asset.coin, assetId: asset.assetId, szDecimals: asset.szDecimals, maxLeverage: asset.maxLeverage },
    mid,
    cloid: PREVIEW_CLOID,
  });
  return { result, mid };
}

const accountA: AccountRef = { accountAddress: ADDRESSES.masterA, isTestnet: true };

describe('POST /api/orders/preview', () => {
  it('ROLE-04: given no token, when previewing, then 401 in the envelope and nothing is sent', async () => {
    const res = await preview(null, { symbol: 'BTC', action: 'buy' });
    expect(res.status).toBe(401);
    expect(res.data).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('VAL-21, ENT-12, CONST-12: given keys and a TradingView market buy with size, leverage, stopLoss and takeProfit, when previewing, then the entry is an IOC at the slippage guard with the truncated size, followed by the take-profit and stop-loss legs at rounded trigger prices on the other side', async () => {
    // given: the alert as TradingView posts it (text), default settings (1 % slippage)
    const user = await userWithKeys();
    const alert = '{"symbol":"BINANCE:BTCUSDT.P","action":"buy","size":"100","leverage":"5x","stopLoss":"90000.5","takeProfit":105123.456}';
    // when
    const { status, data } = await preview(user, alert);
    // then: the plan is the domain's for the same inputs, the cloid the fixed one of previews
    const { result, mid } = await planNow(alert, DEFAULT_SETTINGS, accountA);
    expect(status).toBe(200);
    expect(result.ok).toBe(true);
    if (!data.ok || !result.ok) throw new Error('expected a plan');
    expect(data).toEqual({ ok: true, network: 'testnet', venue: 'live', mid, plan: result.plan, marginUsd: result.plan.orderNotionalUsd / 5 });
    // and each number is the one the exchange rules give: $100 × 5x at the mid, truncated to BTC's 5 size decimals
    const { plan } = data;
    const size = truncateSize((500 / mid).toFixed(12), 5);
    expect(plan).toMatchObject({
      coin: 'BTC',
      isBuy: true,
      tif: 'Ioc',
      reduceOnly: false,
      price: slippagePrice(mid, true, DEFAULT_SETTINGS.trading.slippageTolerance, 5),
      size,
      leverage: 5,
      leverageClamped: false,
      // Placed after the fill, sized to the strategy's position (issue 39, point 3).
      grouping: 'na',
      referencePrice: toWireDecimal(mid),
      cloid: `0x${'0'.repeat(32)}`,
      requestedUsd: 100,
      amountUsd: 100,
      notionalUsd: 500,
    });
    const takeProfit = roundPerpPrice(105123.456, 5);
    const stopLoss = roundPerpPrice(90000.5, 5);
    expect(plan.children).toEqual([
      { kind: 'tp', triggerPx: takeProfit, price: slippagePrice(takeProfit, false, TRIGGER_ORDER_SLIPPAGE_PCT, 5), isBuy: false, size },
      { kind: 'sl', triggerPx: stopLoss, price: slippagePrice(stopLoss, false, TRIGGER_ORDER_SLIPPAGE_PCT, 5), isBuy: false, size },
    ]);
    expect([takeProfit, stopLoss]).toEqual(['105123', '90001']); // whole prices stay; decimals go beyond 5 significant figures
    expect(data.marginUsd).toBeCloseTo((Number(size) * mid) / 5, 6);
  });

  it('issue 41 §2: given a market buy with takeProfits, a trailingStop and breakEven, when previewing, then the answer carries the protection plan the domain computes from the plan', async () => {
    const user = await userWithKeys();
    const alert = {
      symbol: 'ETH',
      action: 'buy',
      size: 100,
      takeProfits: [{ offsetPercent: 4, percent: 50 }],
      trailingStop: { percent: 2 },
      breakEven: { activationPercent: 1, offsetPercent: 0.1 },
    };
    const { data } = await preview(user, alert);
    if (!data.ok) throw new Error(data.message);
    const parsed = parseAlert(alert);
    if (!parsed.ok) throw new Error('expected the alert to parse');
    expect(data.protection).toEqual(protectionPlanPreview(parsed.alert, data.plan));
    expect(data.protection?.takeProfits?.[0]).toMatchObject({ offsetPercent: 4, percent: 50 });
    expect(data.protection?.trailingStop?.stepRule).toContain('¼ of the distance');
    expect(data.protection?.breakEven).toMatchObject({ activationPercent: 1, offsetPercent: 0.1 });
  });

  it('given an alert asking 50x on ETH (listed at most 25x), when previewing, then the plan holds 25x and says it was clamped', async () => {
    const user = await userWithKeys();
    const { data } = await preview(user, { symbol: 'ETHUSDT', action: 'sell', size: 40, leverage: 50 });
    if (!data.ok) throw new Error(data.message);
    expect(data.plan).toMatchObject({ coin: 'ETH', isBuy: false, leverage: 25, leverageClamped: true, notionalUsd: 1000 });
    expect(data.marginUsd).toBeCloseTo(data.plan.orderNotionalUsd / 25, 9);
  });

  it('VAL-20: given "Require stop-loss for all trades" on, when previewing an entry without stopLoss, then the plan stage refuses it with the executor\'s sentence; with a stopLoss it is planned', async () => {
    // given
    const user = await userWithKeys();
    await saveSettings(user, { trading: { requireStopLoss: true } });
    // when
    const without = await preview(user, '{"symbol":"BTCUSDT","action":"buy"}');
    const withStop = await preview(user, '{"symbol":"BTCUSDT","action":"buy","stopLoss":80000}');
    // then
    expect(without.data).toEqual({
      ok: false,
      stage: 'plan',
      code: 'STOP_LOSS_REQUIRED',
      message: '"Require stop-loss for all trades" is on, and this buy alert for BTC has no stopLoss.',
    });
    expect(withStop.data).toMatchObject({ ok: true, plan: { children: [{ kind: 'sl', triggerPx: '80000' }] } });
  });

  it('given Max Open Positions 1 and an open BTC position, when previewing an ETH buy, then MAX_OPEN_POSITIONS; a BTC close previews a reduce-only IOC for the whole position that uses no margin', async () => {
    // given: a fresh account holding a BTC long
    const account = seedFreshAccount(stack.sim, 5_000);
    const opened = await openBtcLong(stack.t.client, account.signer, '0.002', `0x${'5a'.repeat(16)}`);
    expect(opened.outcome.kind).toBe('filled');
    const user = await userWithKeys(account.keys);
    await bookToFirstStrategy(user, 'BTC', '0.002', '97000');
    const settings = await saveSettings(user, { riskLimits: { maxOpenPositions: 1 } });
    // when
    const eth = await preview(user, { symbol: 'ETH', action: 'buy', size: 50 });
    const close = await preview(user, { symbol: 'BTC', action: 'close' });
    // then
    expect(eth.data).toEqual({
      ok: false,
      stage: 'plan',
      code: 'MAX_OPEN_POSITIONS',
      message: 'Opening a ETH position would exceed Max Open Positions (1); 1 positions are already open.',
    });
    const expected = await planNow({ symbol: 'BTC', action: 'close' }, settings, account.signer);
    if (!close.data.ok || !expected.result.ok) throw new Error('expected a close plan');
    expect(close.data.plan).toEqual(expected.result.plan);
    expect(close.data.plan).toMatchObject({ coin: 'BTC', isBuy: false, reduceOnly: true, tif: 'Ioc', size: '0.002' });
    expect(close.data.marginUsd).toBe(0);
  });

  it('issue 39, point 1: given the first strategy holds a BTC long, when another strategy previews a close, then it has nothing of its own to close; the first strategy’s close sells its 0.002 reduce-only', async () => {
    const account = seedFreshAccount(stack.sim, 5_000);
    expect((await openBtcLong(stack.t.client, account.signer, '0.002', `0x${'7c'.repeat(16)}`)).outcome.kind).toBe('filled');
    const user = await userWithKeys(account.keys);
    await bookToFirstStrategy(user, 'BTC', '0.002', '97000');
    const other: string = (await call(stack.t.app, 'POST', '/api/strategies', user.token, { name: 'Other' })).json().data.id;

    expect((await preview(user, { symbol: 'BTC', action: 'close' }, other)).data).toEqual({
      ok: false,
      stage: 'plan',
      code: 'NO_POSITION_TO_CLOSE',
      message: "This strategy holds no BTC position to close; other strategies' positions are left as they are.",
    });
    expect((await preview(user, { symbol: 'BTC', action: 'close' })).data).toMatchObject({ ok: true, plan: { isBuy: false, size: '0.002', reduceOnly: true } });
  });

  it('issue 29, point 2: given a BTC long of 0.002, when previewing target alerts, then the preview shows only the difference: a flip sells 0.002 + the new short, a reduce sells the excess reduce-only, the same target sends nothing', async () => {
    // given
    const account = seedFreshAccount(stack.sim, 5_000);
    expect((await openBtcLong(stack.t.client, account.signer, '0.002', `0x${'6b'.repeat(16)}`)).outcome.kind).toBe('filled');
    const user = await userWithKeys(account.keys);
    await bookToFirstStrategy(user, 'BTC', '0.002', '97000');
    // when
    const flip = await preview(user, { symbol: 'BTC', target: 'short', quantity: 0.001 });
    const reduce = await preview(user, { symbol: 'BTC', target: 'long', quantity: 0.0005 });
    const same = await preview(user, { symbol: 'BTC', target: 'long', quantity: 0.002 });
    // then
    expect(flip.data).toMatchObject({ ok: true, plan: { coin: 'BTC', isBuy: false, reduceOnly: false, size: '0.003' } });
    expect(reduce.data).toMatchObject({ ok: true, plan: { coin: 'BTC', isBuy: false, reduceOnly: true, size: '0.0015' } });
    expect(same.data).toMatchObject({ ok: false, stage: 'plan', code: 'ALREADY_AT_TARGET', message: expect.stringMatching(/^Already long 0\.002 BTC/) });
  });

  it("given an alert worth less than Hyperliquid's $10 minimum, when previewing, then BELOW_MINIMUM_NOTIONAL with planOrder's sentence", async () => {
    const user = await userWithKeys();
    const alert = { symbol: 'BTC', action: 'buy', size: '5', leverage: 1 };
    const { data } = await preview(user, alert);
    const { result } = await planNow(alert, DEFAULT_SETTINGS, accountA);
    if (result.ok) throw new Error('expected a refusal');
    expect(data).toEqual({ ok: false, stage: 'plan', code: 'BELOW_MINIMUM_NOTIONAL', message: result.message });
    expect(result.message).toContain("below Hyperliquid's $10.00 minimum");
  });

  it("given malformed alerts, when previewing, then the parse stage gives the parser's code, sentence and field, as the webhook log would; a body without an alert is a 400", async () => {
    const user = await userWithKeys();
    const badAction = await preview(user, '{"symbol":"BTCUSDT","action":"hold"}');
    const badJson = await preview(user, '{symbol: BTCUSDT, action: buy');
    const badLeverage = await preview(user, { symbol: 'BTC', action: 'buy', leverage: 'lots' });
    const parsed = parseAlert('{"symbol":"BTCUSDT","action":"hold"}');
    if (parsed.ok) throw new Error('expected a rejection');
    expect(badAction.data).toEqual({ ok: false, stage: 'parse', code: parsed.rejection.code, message: parsed.rejection.message, field: 'action' });
    expect(badJson.data).toMatchObject({ ok: false, stage: 'parse', code: 'INVALID_JSON' });
    expect(badJson.data).not.toHaveProperty('field');
    expect(badLeverage.data).toMatchObject({ ok: false, stage: 'parse', code: 'INVALID_LEVERAGE', field: 'leverage' });
    const noAlert = await call(stack.t.app, 'POST', '/api/orders/preview', user.token, { symbol: 'BTC', action: 'buy' });
    expect(noAlert.statusCode).toBe(400);
    expect(noAlert.json()).toMatchObject({ success: false, error: expect.stringContaining('alert') });
  });

  it('given a user without API keys, when previewing a valid alert, then the keys stage says "No API keys configured"', async () => {
    const user = await signUp(stack.t.app);
    const { data } = await preview(user, { symbol: 'BTC', action: 'buy' });
    expect(data).toEqual({ ok: false, stage: 'keys', code: 'NO_CREDENTIALS', message: NO_KEYS_MESSAGE });
    expect(NO_KEYS_MESSAGE).toBe('No API keys configured');
  });

  it("given a coin Hyperliquid does not list, when previewing, then UNKNOWN_COIN with the executor's sentence", async () => {
    const user = await userWithKeys();
    const { data } = await preview(user, { symbol: 'BINANCE:NOPECOINUSDT.P', action: 'buy' });
    expect(data).toEqual({ ok: false, stage: 'plan', code: 'UNKNOWN_COIN', message: 'Hyperliquid does not list a perpetual named NOPECOIN.' });
  });

  it('ERR-23: given the exchange answering 5xx, when previewing, then the market stage says EXCHANGE_UNAVAILABLE with the reason; once it is back the same preview plans', async () => {
    // given
    const user = await userWithKeys();
    stack.sim.injectFault({ endpoint: 'info', kind: 'http5xx', count: 50 });
    let during: OrderPreview;
    try {
      // when
      during = (await preview(user, { symbol: 'SOL', action: 'buy', size: 20 })).data;
    } finally {
      stack.sim.clearFaults();
    }
    // then
    expect(during).toEqual({
      ok: false,
      stage: 'market',
      code: 'EXCHANGE_UNAVAILABLE',
      message: expect.stringMatching(/^Could not read .+ from Hyperliquid: .*HTTP 5\d\d.*\. Nothing was sent; try the preview again in a moment\.$/),
    });
    expect((await preview(user, { symbol: 'SOL', action: 'buy', size: 20 })).data).toMatchObject({ ok: true, plan: { coin: 'SOL' } });
  });

  it("issue 30: given a user without keys and a paper strategy of 1,500 USDC sizing 10 % of its balance, when previewing on it, then the plan is sized on the paper balance at mainnet's prices and marked paper, nothing is sent; the live account still needs keys", async () => {
    // given: an api whose mainnet is the simulator, as paper strategies read their prices there
    const paperApp = await createTestApp({ sim: stack.sim, mainnet: 'simulator' });
    try {
      const user = await signUp(paperApp.app);
      const created = await call(paperApp.app, 'POST', '/api/strategies', user.token, { name: 'Paper preview', venue: 'paper', paperBalance: 1_500 });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json().data as { id: string };
      const settings = { ...DEFAULT_SETTINGS, positionSizing: { mode: 'percentage_balance', value: 10 } };
      expect((await call(paperApp.app, 'PUT', `/api/strategies/${id}/settings`, user.token, settings)).statusCode).toBe(200);
      const before = stack.sim.stats().exchangeRequests;
      // when
      const onPaper = await call(paperApp.app, 'POST', '/api/orders/preview', user.token, { alert: { symbol: 'SOLUSDT', action: 'buy' }, strategyId: id });
      const onLive = await call(paperApp.app, 'POST', '/api/orders/preview', user.token, { alert: { symbol: 'SOLUSDT', action: 'buy' } });
      // then
      expect(onPaper.json().data).toMatchObject({ ok: true, venue: 'paper', network: 'mainnet', plan: { coin: 'SOL', requestedUsd: 150 } });
      expect(onLive.json().data).toMatchObject({ ok: false, stage: 'keys', code: 'NO_CREDENTIALS' });
      expect(stack.sim.stats().exchangeRequests).toBe(before);
    } finally {
      await paperApp.close();
    }
  });

  it('ROLE-03: given A (fixed $100, 10 000 USDC) and B (Require stop-loss, 10 % of a 2 000 USDC balance), when both preview the same alert, then each answer is planned on its own settings and account', async () => {
    // given
    const a = await userWithKeys(keysBody('A'));
    const b = await userWithKeys(keysBody('B'));
    await saveSettings(b, { positionSizing: { mode: 'percentage_balance', value: 10 }, trading: { requireStopLoss: true } });
    const alert = { symbol: 'SOLUSDT', action: 'buy', stopLoss: 100 };
    // when
    const forA = await preview(a, alert);
    const forB = await preview(b, alert);
    const forBWithout = await preview(b, { symbol: 'SOLUSDT', action: 'buy' });
    const forAWithout = await preview(a, { symbol: 'SOLUSDT', action: 'buy' });
    // then
    expect(forA.data).toMatchObject({ ok: true, plan: { requestedUsd: 100 } });
    expect(forB.data).toMatchObject({ ok: true, plan: { requestedUsd: 200 } });
    expect(forBWithout.data).toMatchObject({ ok: false, code: 'STOP_LOSS_REQUIRED' });
    expect(forAWithout.data).toMatchObject({ ok: true });
  });
});
