/** WebSocket subscriptions at /ws: acks, snapshots, pushed frames and the error channel, as the venue sends them. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from './startSimulator.js';
import { exchange, limit, master, orderAction, startTestSim, statusesOf, type TestSim } from './testing/harness.js';
import { openWs, type WsFrame, type WsTestClient } from './testing/wsClient.js';

let t: TestSim;
let ws: WsTestClient;
beforeEach(async () => {
  t = await startTestSim();
  ws = await openWs(t.sim.wsUrl);
});
afterEach(async () => {
  ws.close();
  await t.sim.close();
});

const ALL_MIDS = { type: 'allMids' };
const subscribe = (subscription: unknown) => ws.send({ method: 'subscribe', subscription });
/** A ping's pong proves every frame caused before it has already arrived. */
const settled = async (): Promise<WsFrame[]> => {
  const from = ws.frames.length - ws.unread().length;
  ws.send({ method: 'ping' });
  await ws.nextOn('pong');
  return ws.frames.slice(from).filter((f) => typeof f !== 'object' || f.channel !== 'pong');
};

describe('connection', () => {
  it('given a new connection, then the first frame is the raw greeting text, not JSON', async () => {
    expect(await ws.next()).toBe('Websocket connection established.');
  });
});

describe('allMids', () => {
  beforeEach(async () => {
    await ws.next(); // greeting
  });

  it('given a subscription, then the ack echoes it and the next frame carries every mid as a string', async () => {
    subscribe(ALL_MIDS);
    expect(await ws.next()).toEqual({ channel: 'subscriptionResponse', data: { method: 'subscribe', subscription: ALL_MIDS } });
    const first = await ws.next();
    expect(first).toMatchObject({ channel: 'allMids', data: { mids: { BTC: '97000.0', ETH: '3500.0', kPEPE: '0.012' } } });
    expect(Object.keys((first as { data: { mids: object } }).data.mids)).toHaveLength(7);
    expect((first as { data: object }).data).not.toHaveProperty('dex');
  });

  it('given a subscriber, when a mark is set, then one frame with the new mid arrives', async () => {
    subscribe(ALL_MIDS);
    await ws.nextOn('allMids');
    t.sim.setMarkPrice('ETH', 3501.5);
    expect(await ws.nextOn('allMids')).toMatchObject({ data: { mids: { ETH: '3501.5', BTC: '97000.0' } } });
    expect(await settled()).toEqual([]);
  });

  it('given a subscriber, when a mark is set to its current value, then no frame is sent', async () => {
    subscribe(ALL_MIDS);
    await ws.nextOn('allMids');
    t.sim.setMarkPrice('BTC', 97000);
    expect(await settled()).toEqual([]);
  });

  it('given an unsubscribe, then it is acked like the subscribe and frames stop', async () => {
    subscribe(ALL_MIDS);
    await ws.nextOn('allMids');
    ws.send({ method: 'unsubscribe', subscription: ALL_MIDS });
    expect(await ws.next()).toEqual({ channel: 'subscriptionResponse', data: { method: 'unsubscribe', subscription: ALL_MIDS } });
    t.sim.setMarkPrice('ETH', 3600);
    expect(await settled()).toEqual([]);
  });

  it('given the price walk, then each tick sends one frame moving several coins at once, not one frame per coin', async () => {
    const walking = await startSimulator({ priceTickMs: 25, ipWeightPerMinute: null });
    const client = await openWs(walking.wsUrl);
    try {
      client.send({ method: 'subscribe', subscription: ALL_MIDS });
      const mids: Record<string, string>[] = [];
      for (let i = 0; i < 5; i += 1) mids.push(((await client.nextOn('allMids')).data as { mids: Record<string, string> }).mids);
      for (let i = 1; i < mids.length; i += 1) {
        const moved = Object.keys(mids[i] ?? {}).filter((coin) => mids[i]?.[coin] !== mids[i - 1]?.[coin]);
        expect(moved.length).toBeGreaterThan(1);
      }
    } finally {
      client.close();
      await walking.close();
    }
  });
});

describe('error channel', () => {
  beforeEach(async () => {
    await ws.next(); // greeting
  });

  it('given the same subscription twice, then "Already subscribed: {…}" and still one feed', async () => {
    subscribe(ALL_MIDS);
    await ws.nextOn('allMids');
    subscribe(ALL_MIDS);
    expect(await ws.next()).toEqual({ channel: 'error', data: 'Already subscribed: {"type":"allMids"}' });
    t.sim.setMarkPrice('ETH', 3600);
    expect((await settled()).filter((f) => typeof f === 'object' && f.channel === 'allMids')).toHaveLength(1);
  });

  it('given an unknown subscription type, then "Invalid subscription {…}" and no ack', async () => {
    subscribe({ type: 'explode' });
    expect(await ws.next()).toEqual({ channel: 'error', data: 'Invalid subscription {"type":"explode"}' });
  });

  it('given a user subscription with a malformed address, then "Invalid subscription {…}"', async () => {
    subscribe({ type: 'userFills', user: 'nope' });
    expect(await ws.next()).toEqual({ channel: 'error', data: 'Invalid subscription {"type":"userFills","user":"nope"}' });
  });

  it('given an unsubscribe of something not subscribed, then "Already unsubscribed: {…}"', async () => {
    ws.send({ method: 'unsubscribe', subscription: ALL_MIDS });
    expect(await ws.next()).toEqual({ channel: 'error', data: 'Already unsubscribed: {"type":"allMids"}' });
  });

  it.each(['not json', '{"method":"explode"}', '{"method":"subscribe"}'])('given the unparseable message %s, then an error naming it', async (text) => {
    ws.send(text);
    expect(await ws.next()).toEqual({ channel: 'error', data: `Error parsing JSON into valid websocket request: ${text}` });
  });
});

describe('userFills and orderUpdates', () => {
  beforeEach(async () => {
    await ws.next(); // greeting
  });

  it('given a userFills subscription, then a snapshot with isSnapshot, then each batch of new fills in one frame', async () => {
    await exchange(t.sim.url, master, orderAction([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]), { nonce: t.clock.nonce() });
    subscribe({ type: 'userFills', user: master.address.toUpperCase().replace('0X', '0x') });
    await ws.nextOn('subscriptionResponse');
    const snapshot = await ws.nextOn('userFills');
    expect(snapshot.data).toMatchObject({ user: master.address.toLowerCase(), isSnapshot: true, fills: [{ coin: 'BTC', sz: '0.01', side: 'B' }] });

    const two = [limit(0, false, '96000', '0.002', { tif: 'Ioc' }), limit(1, true, '3600', '0.01', { tif: 'Ioc' })];
    await exchange(t.sim.url, master, orderAction(two), { nonce: t.clock.nonce() });
    const update = await ws.nextOn('userFills');
    expect(update.data).toEqual({
      user: master.address.toLowerCase(),
      fills: [expect.objectContaining({ coin: 'BTC', side: 'A' }), expect.objectContaining({ coin: 'ETH' })],
    });
    expect(update.data).not.toHaveProperty('isSnapshot');
  });

  it('given an orderUpdates subscription, then a resting order and its cancel arrive with their statuses', async () => {
    subscribe({ type: 'orderUpdates', user: master.address });
    await ws.nextOn('subscriptionResponse');
    const placed = await exchange(t.sim.url, master, orderAction([limit(0, true, '90000', '0.001')]), { nonce: t.clock.nonce() });
    const oid = (statusesOf(placed)[0] as { resting: { oid: number } }).resting.oid;
    expect((await ws.nextOn('orderUpdates')).data).toEqual([
      {
        order: { coin: 'BTC', side: 'B', limitPx: '90000.0', sz: '0.001', oid, timestamp: t.clock.now(), origSz: '0.001' },
        status: 'open',
        statusTimestamp: t.clock.now(),
      },
    ]);
    await exchange(t.sim.url, master, { type: 'cancel', cancels: [{ a: 0, o: oid }] }, { nonce: t.clock.nonce() });
    expect((await ws.nextOn('orderUpdates')).data).toEqual([
      expect.objectContaining({ order: expect.objectContaining({ oid, sz: '0.001' }), status: 'canceled' }),
    ]);
  });

  it('given no user subscription, then fills and order changes send nothing', async () => {
    subscribe(ALL_MIDS);
    await ws.nextOn('allMids');
    await exchange(t.sim.url, master, orderAction([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]), { nonce: t.clock.nonce() });
    expect(await settled()).toEqual([]);
  });
});
