/** TP/SL: normalTpsl brackets (waitingForTrigger / waitingForFill), positionTpsl, trigger direction rules and firing on the mark. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, startTestSim, statusesOf, trigger, type TestSim } from './testing/harness.js';

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

const place = async (orders: Record<string, unknown>[], grouping = 'na') =>
  statusesOf(await exchange(t.sim.url, master, orderAction(orders, grouping), { nonce: t.clock.nonce() }));
const szi = async () => {
  const s = await info<{ assetPositions: { position: { szi: string } }[] }>(t.sim.url, { type: 'clearinghouseState', user: master.address });
  return s.assetPositions[0]?.position.szi ?? null;
};
type Front = {
  oid: number;
  orderType: string;
  triggerCondition: string;
  isTrigger: boolean;
  children: Front[];
  reduceOnly: boolean;
  tif: string | null;
  triggerPx: string;
};
const front = () => info<Front[]>(t.sim.url, { type: 'frontendOpenOrders', user: master.address });
const statusOf = async (oid: number) => (await info<{ order: { status: string } }>(t.sim.url, { type: 'orderStatus', user: master.address, oid })).order.status;

const TP = trigger(0, false, '104000', '0.01', '105000', 'tp');
const SL = trigger(0, false, '80000', '0.01', '90000', 'sl');

describe('normalTpsl', () => {
  it('given a filled entry, then the children are "waitingForTrigger" and listed as reduce-only triggers', async () => {
    expect(await place([limit(0, true, '98000', '0.01', { tif: 'Ioc' }), TP, SL], 'normalTpsl')).toEqual([
      { filled: { totalSz: '0.01', avgPx: '97020.0', oid: expect.any(Number) } },
      'waitingForTrigger',
      'waitingForTrigger',
    ]);
    const orders = await front();
    expect(orders.map((o) => [o.orderType, o.triggerCondition, o.isTrigger, o.reduceOnly, o.tif, o.triggerPx])).toEqual([
      ['Stop Market', 'Price below 90000', true, true, null, '90000.0'],
      ['Take Profit Market', 'Price above 105000', true, true, null, '105000.0'],
    ]);
    const plain = await info<Record<string, unknown>[]>(t.sim.url, { type: 'openOrders', user: master.address });
    expect(plain[0]).toMatchObject({ limitPx: '80000.0', reduceOnly: true, side: 'A' });
  });

  it('given a resting entry, then "waitingForFill" children nested under it; the entry filling activates them', async () => {
    const statuses = await place([limit(0, true, '96000', '0.01'), TP, SL], 'normalTpsl');
    expect(statuses).toEqual([{ resting: { oid: expect.any(Number) } }, 'waitingForFill', 'waitingForFill']);
    let orders = await front();
    expect(orders).toHaveLength(1);
    expect(orders[0]?.children.map((c) => c.orderType)).toEqual(['Take Profit Market', 'Stop Market']);
    expect(await info(t.sim.url, { type: 'openOrders', user: master.address })).toHaveLength(1);
    t.sim.setMarkPrice('BTC', 95900);
    orders = await front();
    expect(orders.map((o) => o.orderType).sort()).toEqual(['Stop Market', 'Take Profit Market']);
    expect(await szi()).toBe('0.01');
  });

  it('given an active bracket, when the mark falls to the SL, then the SL closes the position and the TP is sibling-cancelled', async () => {
    await place([limit(0, true, '98000', '0.01', { tif: 'Ioc' }), TP, SL], 'normalTpsl');
    const [sl, tp] = await front();
    t.sim.setMarkPrice('BTC', 89000);
    expect(await szi()).toBeNull();
    expect(await statusOf(sl?.oid ?? 0)).toBe('filled');
    expect(await statusOf(tp?.oid ?? 0)).toBe('siblingFilledCanceled');
    const [fill] = await info<{ px: string; dir: string; crossed: boolean }[]>(t.sim.url, { type: 'userFills', user: master.address });
    expect(fill).toMatchObject({ px: '88982.0', dir: 'Close Long', crossed: true });
  });

  it('given an active bracket, when the mark rises to the TP, then the TP closes the position at a profit', async () => {
    await place([limit(0, true, '98000', '0.01', { tif: 'Ioc' }), TP, SL], 'normalTpsl');
    t.sim.setMarkPrice('BTC', 105500);
    expect(await szi()).toBeNull();
    const [fill] = await info<{ closedPnl: string }[]>(t.sim.url, { type: 'userFills', user: master.address });
    expect(Number(fill?.closedPnl)).toBeCloseTo(0.01 * (105478 - 97020), 6);
  });

  it('given a resting entry with children, when the entry is cancelled, then the children are cancelled too', async () => {
    const [entry] = await place([limit(0, true, '96000', '0.01'), TP, SL], 'normalTpsl');
    const oid = (entry as { resting: { oid: number } }).resting.oid;
    expect(statusesOf(await exchange(t.sim.url, master, { type: 'cancel', cancels: [{ a: 0, o: oid }] }, { nonce: t.clock.nonce() }))).toEqual(['success']);
    expect(await front()).toEqual([]);
    expect(await statusOf(oid + 1)).toBe('canceled');
  });

  it('given a rejected entry, then the children report the parent rejection', async () => {
    expect(await place([limit(0, true, '98000', '0.0001', { tif: 'Ioc' }), TP, SL], 'normalTpsl')).toEqual([
      { error: 'Order must have minimum value of $10.' },
      { error: 'Parent order was rejected. asset=0' },
      { error: 'Parent order was rejected. asset=0' },
    ]);
  });

  it('given a child on the same side as its entry, then "Trigger order has unexpected side."', async () => {
    const statuses = await place([limit(0, true, '98000', '0.01', { tif: 'Ioc' }), trigger(0, true, '120000', '0.01', '110000', 'tp')], 'normalTpsl');
    expect(statuses[1]).toEqual({ error: 'Trigger order has unexpected side.' });
  });
});

describe('standalone and positionTpsl triggers', () => {
  it('given a long, when standalone TP and SL with cloids arrive (grouping na), then each rests with its oid and cloid and is listed as a trigger', async () => {
    await place([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]);
    const tpCloid = '0x000000000000000000000000000000a1';
    const slCloid = '0x000000000000000000000000000000a2';

    const statuses = await place([
      { ...TP, c: tpCloid },
      { ...SL, c: slCloid },
    ]);

    expect(statuses).toEqual([{ resting: { oid: expect.any(Number), cloid: tpCloid } }, { resting: { oid: expect.any(Number), cloid: slCloid } }]);
    const oids = statuses.map((s) => (s as { resting: { oid: number } }).resting.oid);
    expect((await front()).map((o) => [o.oid, o.isTrigger, o.orderType]).sort()).toEqual(
      [
        [oids[0], true, 'Take Profit Market'],
        [oids[1], true, 'Stop Market'],
      ].sort(),
    );
  });

  it('given no position, when a reduce-only trigger arrives, then it is rejected', async () => {
    expect(await place([SL], 'positionTpsl')).toEqual([{ error: 'Reduce only order would increase position. asset=0' }]);
  });

  it('given a long, when a sell SL above the mark arrives (would fire at once), then "Invalid TP/SL price."', async () => {
    await place([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]);
    expect(await place([trigger(0, false, '90000', '0.01', '98000', 'sl')])).toEqual([{ error: 'Invalid TP/SL price. asset=0' }]);
  });

  it('given a whole-position SL (size "0"), when the position grew, then the fired SL closes all of it', async () => {
    await place([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]);
    expect(await place([trigger(0, false, '80000', '0', '90000', 'sl')], 'positionTpsl')).toEqual(['waitingForTrigger']);
    await place([limit(0, true, '98000', '0.02', { tif: 'Ioc' })]);
    t.sim.setMarkPrice('BTC', 89900);
    expect(await szi()).toBeNull();
  });

  it('given a short, then buy-side triggers mirror the direction rules', async () => {
    await place([limit(0, false, '96000', '0.01', { tif: 'Ioc' })]);
    await place([trigger(0, true, '90000', '0.01', '91000', 'tp'), trigger(0, true, '110000', '0.01', '105000', 'sl')], 'positionTpsl');
    expect((await front()).map((o) => o.triggerCondition).sort()).toEqual(['Price above 105000', 'Price below 91000']);
    t.sim.setMarkPrice('BTC', 104000);
    expect(await szi()).toBe('-0.01');
    t.sim.setMarkPrice('BTC', 105000);
    expect(await szi()).toBeNull();
  });

  it('given a limit TP (isMarket false) whose price is not marketable when it fires, then it rests as a GTC', async () => {
    await place([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]);
    await place([trigger(0, false, '106000', '0.01', '105000', 'tp', false)]);
    t.sim.setMarkPrice('BTC', 105000);
    const [o] = await front();
    expect(o).toMatchObject({ isTrigger: false, tif: 'Gtc', orderType: 'Take Profit Limit' });
    expect(await statusOf(o?.oid ?? 0)).toBe('open');
    t.sim.setMarkPrice('BTC', 106000);
    expect(await szi()).toBeNull();
  });
});

describe('normalTpsl children are placed only when the entry fully fills (issue 39.5)', () => {
  const orderSizes = async () =>
    (await info<{ oid: number; sz: string; origSz: string }[]>(t.sim.url, { type: 'openOrders', user: master.address })).map((o) => [o.sz, o.origSz]);

  it('given an IOC entry larger than the book, when it fills in part, then the rest and both children are cancelled and the position is unprotected', async () => {
    t.sim.seedAccount({ address: master.address, usdc: 10_000_000 });

    const statuses = await place(
      [limit(0, true, '100000', '10', { tif: 'Ioc' }), trigger(0, false, '104000', '10', '105000', 'tp'), trigger(0, false, '80000', '10', '90000', 'sl')],
      'normalTpsl',
    );

    const [entry, tp, sl] = statuses as [{ filled: { totalSz: string; oid: number } }, unknown, unknown];
    expect(Number(entry.filled.totalSz)).toBeLessThan(10);
    expect([tp, sl]).toEqual(['waitingForFill', 'waitingForFill']);
    expect(await statusOf(entry.filled.oid + 1)).toBe('canceled');
    expect(await statusOf(entry.filled.oid + 2)).toBe('canceled');
    expect(await front()).toEqual([]);
    expect(await szi()).toBe(entry.filled.totalSz);
  });

  it('given a GTC entry that filled in part and rests, when it is cancelled, then its waiting children are cancelled and the filled part stays unprotected', async () => {
    t.sim.seedAccount({ address: master.address, usdc: 1_000_000 });
    const statuses = await place(
      [limit(0, true, '97060', '5'), trigger(0, false, '104000', '5', '105000', 'tp'), trigger(0, false, '80000', '5', '90000', 'sl')],
      'normalTpsl',
    );
    expect(statuses).toEqual([{ resting: { oid: expect.any(Number) } }, 'waitingForFill', 'waitingForFill']);
    const oid = (statuses[0] as { resting: { oid: number } }).resting.oid;
    const filledPart = await szi();
    expect(Number(filledPart)).toBeGreaterThan(0);

    await exchange(t.sim.url, master, { type: 'cancel', cancels: [{ a: 0, o: oid }] }, { nonce: t.clock.nonce() });

    expect(await statusOf(oid + 1)).toBe('canceled');
    expect(await statusOf(oid + 2)).toBe('canceled');
    expect(await front()).toEqual([]);
    expect(await szi()).toBe(filledPart);
  });

  it('given a GTC entry that filled in part and rests, when the mark fills the rest, then the children go live with the entry size', async () => {
    t.sim.seedAccount({ address: master.address, usdc: 1_000_000 });
    await place([limit(0, true, '97060', '5'), trigger(0, false, '104000', '5', '105000', 'tp'), trigger(0, false, '80000', '5', '90000', 'sl')], 'normalTpsl');

    t.sim.setMarkPrice('BTC', 97050);

    expect(await szi()).toBe('5.0');
    expect(await orderSizes()).toEqual([
      ['5.0', '5.0'],
      ['5.0', '5.0'],
    ]);
  });

  it('given children sent with another size than the entry, when the entry fills, then they carry the entry size', async () => {
    await place(
      [
        limit(0, true, '98000', '0.01', { tif: 'Ioc' }),
        trigger(0, false, '104000', '0.02', '105000', 'tp'),
        trigger(0, false, '80000', '0.005', '90000', 'sl'),
      ],
      'normalTpsl',
    );

    expect(await orderSizes()).toEqual([
      ['0.01', '0.01'],
      ['0.01', '0.01'],
    ]);
  });
});

describe('positionTpsl belongs to the position (issue 39.5)', () => {
  type Listed = { oid: number; sz: string; isPositionTpsl?: boolean; isTrigger?: boolean; reduceOnly?: boolean };
  const listed = async () => ({
    plain: await info<Listed[]>(t.sim.url, { type: 'openOrders', user: master.address }),
    front: await info<Listed[]>(t.sim.url, { type: 'frontendOpenOrders', user: master.address }),
  });
  const buy = (sz: string) => place([limit(0, true, '98000', sz, { tif: 'Ioc' })]);
  const sell = (sz: string) => place([limit(0, false, '96000', sz, { tif: 'Ioc' })]);
  const WHOLE_SL = trigger(0, false, '80000', '0', '90000', 'sl');
  const WHOLE_TP = trigger(0, false, '104000', '0', '105000', 'tp');

  it('given a long of 0.01, when a size "0" SL is placed, then openOrders and frontendOpenOrders list it as a trigger of the whole position', async () => {
    await buy('0.01');

    expect(await place([WHOLE_SL], 'positionTpsl')).toEqual(['waitingForTrigger']);

    const { plain, front: fe } = await listed();
    expect(plain).toEqual([expect.objectContaining({ sz: '0.01', reduceOnly: true, side: 'A', limitPx: '80000.0' })]);
    expect(fe).toEqual([
      expect.objectContaining({ sz: '0.01', isPositionTpsl: true, isTrigger: true, orderType: 'Stop Market', triggerCondition: 'Price below 90000' }),
    ]);
  });

  it('given a whole-position SL, when the position grows and then shrinks, then the SL size follows it', async () => {
    await buy('0.01');
    await place([WHOLE_SL], 'positionTpsl');

    await buy('0.02');
    expect((await listed()).plain.map((o) => o.sz)).toEqual(['0.03']);

    await sell('0.01');
    expect((await listed()).plain.map((o) => o.sz)).toEqual(['0.02']);
    expect((await listed()).front.map((o) => o.sz)).toEqual(['0.02']);
  });

  it('given whole-position TP and SL, when the position is closed by another order, then both are cancelled', async () => {
    await buy('0.01');
    const statuses = await place([WHOLE_TP, WHOLE_SL], 'positionTpsl');
    expect(statuses).toEqual(['waitingForTrigger', 'waitingForTrigger']);
    const oids = (await listed()).front.map((o) => o.oid);

    await sell('0.01');

    expect(await listed()).toEqual({ plain: [], front: [] });
    expect(await Promise.all(oids.map(statusOf))).toEqual(['reduceOnlyCanceled', 'reduceOnlyCanceled']);
  });

  it('given a long with a whole-position SL, when the position flips short, then the SL is cancelled instead of growing the short', async () => {
    await buy('0.01');
    await place([WHOLE_SL], 'positionTpsl');

    await sell('0.03');
    t.sim.setMarkPrice('BTC', 89000);

    expect(await listed()).toEqual({ plain: [], front: [] });
    expect(await szi()).toBe('-0.02');
  });
});
