import { DEFAULT_SETTINGS, userStreamId, type MarginMode, type OrderPlan, type Settings, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { cloidForSignal, type PerpAsset } from '@hyperhook/hyperliquid';
import type { PlanAlertResult, PlanMarket } from '@hyperhook/trading';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refuseLockedMarginMode } from './marginMode.js';
import { createExecutorFixture, type ExecutorFixture, type TestUser } from './testing/executorFixture.js';

const ETH: PerpAsset = { coin: 'ETH', assetId: 1, szDecimals: 4, maxLeverage: 25, isolatedOnly: false, delisted: false };
const settingsIn = (marginMode: MarginMode): Settings => ({ ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, marginMode } });
const planned = (reduceOnly = false): PlanAlertResult => ({ ok: true, plan: { coin: 'ETH', reduceOnly } as OrderPlan });
const marketHolding = (marginMode: MarginMode | undefined, asset: PerpAsset = ETH): PlanMarket => ({
  asset,
  mid: 3500,
  balance: { availableBalance: 1000, totalEquity: 1000 },
  positions: [{ coin: 'ETH', szi: 0.1, leverage: 5, ...(marginMode === undefined ? {} : { marginMode }) }],
});

describe('refuseLockedMarginMode (issue 39.2)', () => {
  it('issue 39.2: given ETH held cross and an isolated strategy, when an entry is planned, then it is refused with the reason', () => {
    // given / when
    const result = refuseLockedMarginMode(planned(), settingsIn('isolated'), marketHolding('cross'), undefined);
    // then
    expect(result).toEqual({
      ok: false,
      code: 'MARGIN_MODE_LOCKED',
      message: "ETH is held in cross margin; the strategy's isolated margin mode applies once the position is closed.",
    });
  });

  it('issue 39.2: given ETH held cross and an isolated strategy, when a close is planned, then it passes: a close never touches leverage', () => {
    expect(refuseLockedMarginMode(planned(true), settingsIn('isolated'), marketHolding('cross'), undefined)).toEqual(planned(true));
  });

  it("issue 39.2: given the position held in the strategy's own mode, or no position, then the plan passes", () => {
    expect(refuseLockedMarginMode(planned(), settingsIn('isolated'), marketHolding('isolated'), undefined)).toEqual(planned());
    expect(refuseLockedMarginMode(planned(), settingsIn('isolated'), { ...marketHolding('cross'), positions: [] }, 'cross')).toEqual(planned());
  });

  it('issue 39.2: given a position tracked from fills (no mode read), then the mode the executor last set decides', () => {
    expect(refuseLockedMarginMode(planned(), settingsIn('cross'), marketHolding(undefined), 'isolated')).toMatchObject({
      ok: false,
      code: 'MARGIN_MODE_LOCKED',
    });
    expect(refuseLockedMarginMode(planned(), settingsIn('cross'), marketHolding(undefined), undefined)).toEqual(planned());
  });

  it('issue 39.2: given an isolated-only asset held isolated and a cross strategy, then the plan passes: the venue holds it isolated either way', () => {
    expect(refuseLockedMarginMode(planned(), settingsIn('cross'), marketHolding('isolated', { ...ETH, isolatedOnly: true }), 'cross')).toEqual(planned());
  });
});

describe("executor: the strategy's margin mode on the venue (issue 39.2)", () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  const outcome = (events: readonly SignalEvent[]) =>
    events.find((e) => e.type === 'SignalExecuted' || e.type === 'SignalRejected' || e.type === 'SignalFailed');
  const signerOf = (user: TestUser) => ({ accountAddress: user.accountAddress, isTestnet: true, agentPrivateKey: user.agentKey });
  const buyEth = async (user: TestUser) => outcome(await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 100 })));
  const setMarginMode = async (user: TestUser, marginMode: MarginMode) =>
    fx.store.eventStore.append(userStreamId(user.uid), [
      toNewEvent({ type: 'SettingsUpdated', v: 1, data: { settings: settingsIn(marginMode), at: new Date().toISOString() } }),
    ]);

  it('issue 39.2: given an isolated strategy and no ETH position, when a buy comes, then updateLeverage sets ETH isolated and the order fills', async () => {
    // given
    const user = await fx.addUser('u-iso', { settings: { trading: { marginMode: 'isolated' } } });
    await fx.start();
    // when
    const result = await buyEth(user);
    // then
    expect(result).toMatchObject({ type: 'SignalExecuted' });
    expect(await fx.client.getLeverage(signerOf(user), 'ETH')).toEqual({ type: 'isolated', value: 1 });
  });

  it('issue 39.2: given ETH held cross (opened by hand) and an isolated strategy, when a buy comes, then it is refused with MARGIN_MODE_LOCKED and nothing is sent', async () => {
    // given
    const user = await fx.addUser('u-held', { settings: { trading: { marginMode: 'isolated' } } });
    await fx.client.ensureLeverage(signerOf(user), 'ETH', 1, 'cross');
    const byHand = await fx.client.placeOrder(signerOf(user), {
      coin: 'ETH',
      isBuy: true,
      price: '3535',
      size: '0.01',
      reduceOnly: false,
      tif: 'Ioc',
      cloid: cloidForSignal('by-hand-eth'),
    });
    expect(byHand.outcome.kind).toBe('filled');
    await fx.start();
    const before = fx.sim.stats().exchangeRequests;
    // when
    const result = await buyEth(user);
    // then
    expect(result).toMatchObject({
      type: 'SignalRejected',
      data: { code: 'MARGIN_MODE_LOCKED', reason: "ETH is held in cross margin; the strategy's isolated margin mode applies once the position is closed." },
    });
    expect(fx.sim.stats().exchangeRequests).toBe(before);
    expect(await fx.client.getLeverage(signerOf(user), 'ETH')).toEqual({ type: 'cross', value: 1 });
  });

  it('issue 39.2: given a cross position the executor opened, when the strategy turns isolated and the next buy comes, then it is refused from the tracked state', async () => {
    // given
    const user = await fx.addUser('u-switch', { settings: { trading: { marginMode: 'cross' } } });
    await fx.start({ fillBatchDelayMs: 60_000 });
    expect(await buyEth(user)).toMatchObject({ type: 'SignalExecuted' });
    await setMarginMode(user, 'isolated');
    // when
    const result = await buyEth(user);
    // then
    expect(result).toMatchObject({ type: 'SignalRejected', data: { code: 'MARGIN_MODE_LOCKED' } });
    expect(await fx.client.getLeverage(signerOf(user), 'ETH')).toEqual({ type: 'cross', value: 1 });
  });
});
