/** Liquidation on a mark move: cross (the account's equity), isolated (the position's own margin), sub-accounts on their own. */
import { isLiquidationFill } from '@hyperhook/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liquidationDir } from '@hyperhook/venue-engine';
import { agent, exchange, info, limit, master, orderAction, startTestSim, statusesOf, trigger, type TestSim } from './testing/harness.js';

const SUB = '0x1d9470d4b963f552e6f671a81619d395877bf409' as const;

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

type Position = { coin: string; szi: string; entryPx: string; liquidationPx: string | null };
type State = { marginSummary: { accountValue: string }; assetPositions: { position: Position }[] };
type Fill = {
  coin: string;
  px: string;
  sz: string;
  side: string;
  dir: string;
  closedPnl: string;
  fee: string;
  crossed: boolean;
  startPosition: string;
  cloid?: string;
  liquidation?: unknown;
};

const stateOf = (user: string) => info<State>(t.sim.url, { type: 'clearinghouseState', user });
const fillsOf = (user: string) => info<Fill[]>(t.sim.url, { type: 'userFills', user });
const positionOf = async (user: string, coin: string) => (await stateOf(user)).assetPositions.find((p) => p.position.coin === coin)?.position;
const statusOf = async (oid: number) => (await info<{ order: { status: string } }>(t.sim.url, { type: 'orderStatus', user: master.address, oid })).order.status;
const place = async (orders: Record<string, unknown>[], vaultAddress?: `0x${string}`) =>
  statusesOf(await exchange(t.sim.url, vaultAddress ? agent : master, orderAction(orders), { nonce: t.clock.nonce(), vaultAddress }));
const restingOid = (status: unknown) => (status as { resting: { oid: number } }).resting.oid;
/** The reported liquidation price of the user's position in `coin`; the tests move the mark around it. */
const liquidationPxOf = async (user: string, coin: string) => {
  const px = (await positionOf(user, coin))?.liquidationPx;
  if (!px) throw new Error(`no liquidation price for ${coin}`);
  return Number(px);
};

describe('liquidation of a cross position (issue 39.8)', () => {
  // $1,000 holding 0.1 BTC (~$9,700) at cross 20x: the liquidation price sits near 88,000.
  beforeEach(async () => {
    t.sim.seedAccount({ address: master.address, usdc: 1_000 });
    await place([limit(0, true, '98000', '0.1', { tif: 'Ioc', c: '0x00000000000000000000000000000001' })]);
  });

  it('given a cross long with a reduce-only stop below its liquidation price, when the mark falls through the liquidation price, then it is closed at the mark as "Liquidated Cross Long", the position is gone, the balance lowered by the loss and the stop liquidatedCanceled', async () => {
    const stop = restingOid((await place([trigger(0, false, '70000', '0.1', '80000', 'sl')]))[0]);
    const entryPx = Number((await positionOf(master.address, 'BTC'))?.entryPx);
    const mark = Math.floor(await liquidationPxOf(master.address, 'BTC')) - 1;

    t.sim.setMarkPrice('BTC', mark);

    const [liquidation, entry] = await fillsOf(master.address);
    expect(liquidation).toMatchObject({
      coin: 'BTC',
      px: `${mark}.0`,
      sz: '0.1',
      side: 'A',
      startPosition: '0.1',
      dir: 'Liquidated Cross Long',
      crossed: true,
      liquidation: { liquidatedUser: master.address.toLowerCase(), markPx: `${mark}.0`, method: 'market' },
    });
    expect(liquidation).not.toHaveProperty('cloid');
    expect(Number(liquidation?.closedPnl)).toBeCloseTo(0.1 * (mark - entryPx), 4);
    expect((await info<Fill[]>(t.sim.url, { type: 'userFillsByTime', user: master.address, startTime: 0 })).map((f) => f.dir)).toEqual([
      'Liquidated Cross Long',
      'Open Long',
    ]);

    const after = await stateOf(master.address);
    expect(after.assetPositions).toEqual([]);
    const fees = Number(entry?.fee) + Number(liquidation?.fee);
    expect(Number(after.marginSummary.accountValue)).toBeCloseTo(1_000 + Number(liquidation?.closedPnl) - fees, 4);
    expect(await statusOf(stop)).toBe('liquidatedCanceled');
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toEqual([]);
  });

  it('given the same cross long, when the mark stops just above its liquidation price, then nothing is liquidated', async () => {
    const stop = restingOid((await place([trigger(0, false, '70000', '0.1', '80000', 'sl')]))[0]);

    t.sim.setMarkPrice('BTC', Math.floor(await liquidationPxOf(master.address, 'BTC')) + 1);

    expect((await positionOf(master.address, 'BTC'))?.szi).toBe('0.1');
    expect((await fillsOf(master.address)).map((f) => f.dir)).toEqual(['Open Long']);
    expect(await statusOf(stop)).toBe('open');
  });
});

describe('liquidation of an isolated position (issue 39.8)', () => {
  it('given an isolated ETH short at 10x beside a cross BTC long, when the ETH mark rises through its liquidation price, then only the ETH position is liquidated, as "Liquidated Isolated Short"', async () => {
    await exchange(t.sim.url, master, { type: 'updateLeverage', asset: 1, isCross: false, leverage: 10 }, { nonce: t.clock.nonce() });
    await place([limit(1, false, '3400', '1', { tif: 'Ioc' }), limit(0, true, '98000', '0.01', { tif: 'Ioc' })]);
    const btcBefore = await positionOf(master.address, 'BTC');
    const mark = Math.ceil(await liquidationPxOf(master.address, 'ETH')) + 1;

    t.sim.setMarkPrice('ETH', mark);

    const [liquidation] = await fillsOf(master.address);
    expect(liquidation).toMatchObject({
      coin: 'ETH',
      side: 'B',
      sz: '1.0',
      startPosition: '-1.0',
      dir: 'Liquidated Isolated Short',
      crossed: true,
      liquidation: { liquidatedUser: master.address.toLowerCase(), markPx: `${mark}.0`, method: 'market' },
    });
    expect(Number(liquidation?.closedPnl)).toBeLessThan(0);
    expect((await stateOf(master.address)).assetPositions.map((p) => p.position)).toEqual([btcBefore]);
  });
});

describe('liquidation of a sub-account (issue 39.8)', () => {
  it("given a thinly funded sub-account and its master long the same coin, when the mark falls through the sub-account's liquidation price, then the sub-account alone is liquidated", async () => {
    t.sim.createSubAccount({ master: master.address, address: SUB, name: 'desk-a', usdc: 500 });
    await place([limit(0, true, '98000', '0.08', { tif: 'Ioc' })], SUB);
    await place([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]);
    const held = async () => (await stateOf(master.address)).assetPositions.map((p) => [p.position.coin, p.position.szi, p.position.entryPx]);
    const masterBefore = await held();

    t.sim.setMarkPrice('BTC', Math.floor(await liquidationPxOf(SUB, 'BTC')) - 1);

    expect((await stateOf(SUB)).assetPositions).toEqual([]);
    const [liquidation] = await fillsOf(SUB);
    expect(liquidation).toMatchObject({ dir: 'Liquidated Cross Long', liquidation: { liquidatedUser: SUB, method: 'market' } });
    expect((await fillsOf(master.address)).map((f) => f.dir)).toEqual(['Open Long']);
    expect(await held()).toEqual(masterBefore);
  });
});

describe('liquidation fill labels (issue 39.8)', () => {
  it("given each margin mode and side, when labelled, then the venue's four words, each one the product reads as a liquidation", () => {
    const dirs = [liquidationDir('cross', true), liquidationDir('cross', false), liquidationDir('isolated', true), liquidationDir('isolated', false)];

    expect(dirs).toEqual(['Liquidated Cross Long', 'Liquidated Cross Short', 'Liquidated Isolated Long', 'Liquidated Isolated Short']);
    expect(dirs.every(isLiquidationFill)).toBe(true);
  });
});
