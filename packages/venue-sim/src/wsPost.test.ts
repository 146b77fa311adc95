/** `ping` and `post` over the WebSocket: the HTTP handlers' answers in the venue's envelope, priced like REST. */
import { afterEach, describe, expect, it } from 'vitest';
import { limit, master, orderAction, signedBody, startTestSim, type TestSim } from './testing/harness.js';
import { openWs, type WsTestClient } from './testing/wsClient.js';
import type { SimulatorOptions } from './types.js';

let t: TestSim | undefined;
let ws: WsTestClient | undefined;
afterEach(async () => {
  ws?.close();
  await t?.sim.close();
  t = undefined;
  ws = undefined;
});
const start = async (opts: SimulatorOptions = {}): Promise<{ t: TestSim; ws: WsTestClient }> => {
  t = await startTestSim(opts);
  ws = await openWs(t.sim.wsUrl);
  await ws.next(); // greeting
  return { t, ws };
};
const postInfo = (client: WsTestClient, id: number, payload: unknown) => client.send({ method: 'post', id, request: { type: 'info', payload } });

describe('ping', () => {
  it('given a ping, then a pong', async () => {
    const { ws } = await start();
    ws.send({ method: 'ping' });
    expect(await ws.next()).toEqual({ channel: 'pong' });
  });
});

describe('post info', () => {
  it('given an info request, then the answer of POST /info inside {type:"info", payload:{type, data}} with the same id', async () => {
    const { ws } = await start();
    postInfo(ws, 7, { type: 'allMids' });
    const answer = await ws.nextOn('post');
    expect(answer.data).toMatchObject({ id: 7, response: { type: 'info', payload: { type: 'allMids', data: { BTC: '97000.0', ETH: '3500.0' } } } });
  });

  it('given a user request, then the data is the same as over HTTP', async () => {
    const { t, ws } = await start();
    postInfo(ws, 1, { type: 'clearinghouseState', user: master.address });
    const answer = (await ws.nextOn('post')).data as { response: { payload: { data: unknown } } };
    const http = await fetch(`${t.sim.url}/info`, { method: 'POST', body: JSON.stringify({ type: 'clearinghouseState', user: master.address }) });
    expect(answer.response.payload.data).toEqual({ ...((await http.json()) as object), time: expect.any(Number) });
  });

  it('given a request the handler refuses, then an error response carrying the handler text', async () => {
    const { ws } = await start();
    postInfo(ws, 3, { type: 'explode' });
    expect((await ws.nextOn('post')).data).toEqual({ id: 3, response: { type: 'error', payload: 'Failed to deserialize the JSON body into the target type' } });
  });

  it('given posts, then they are counted and charged the REST weight against the same IP budget', async () => {
    const { t, ws } = await start({ ipWeightPerMinute: 22 });
    postInfo(ws, 1, { type: 'meta' });
    await ws.nextOn('post');
    postInfo(ws, 2, { type: 'allMids' });
    await ws.nextOn('post');
    expect(t.sim.stats()).toMatchObject({ requestsByType: { 'info meta': 1, 'info allMids': 1 }, ipWeight: { '127.0.0.1': 22 } });

    postInfo(ws, 3, { type: 'allMids' });
    expect((await ws.nextOn('post')).data).toEqual({ id: 3, response: { type: 'error', payload: 'Too many requests' } });
    expect(t.sim.stats().rateLimited).toBe(1);
    // HTTP from the same IP shares the budget.
    expect((await fetch(`${t.sim.url}/info`, { method: 'POST', body: '{"type":"allMids"}' })).status).toBe(429);
  });
});

describe('post action', () => {
  it('given a signed order, then the /exchange answer inside {type:"action", payload}', async () => {
    const { t, ws } = await start();
    const body = await signedBody(master, orderAction([limit(0, true, '98000', '0.01', { tif: 'Ioc' })]), { nonce: t.clock.nonce() });
    ws.send({ method: 'post', id: 9, request: { type: 'action', payload: body } });
    expect((await ws.nextOn('post')).data).toEqual({
      id: 9,
      response: {
        type: 'action',
        payload: { status: 'ok', response: { type: 'order', data: { statuses: [{ filled: expect.objectContaining({ totalSz: '0.01' }) }] } } },
      },
    });
    expect(t.sim.stats()).toMatchObject({ exchangeRequests: 1, ordersAccepted: 1, requestsByType: { 'exchange order': 1 } });
  });
});
