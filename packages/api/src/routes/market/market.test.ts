import { HyperliquidClient } from '@hyperhook/hyperliquid';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, keysBody, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

/** A user with keys for main account A (testnet, the simulator). */
async function userWithKeys() {
  const user = await signUp(stack.t.app);
  expect((await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
  return user;
}

describe('GET /api/market/:coin', () => {
  it('ROLE-04: given no token, when reading a market, then 401 in the envelope', async () => {
    const res = await call(stack.t.app, 'GET', '/api/market/BTC', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });

  it("TAB-SET-25: given keys on testnet, when reading a TradingView ticker, then the coin's mid, size decimals and maximum leverage on testnet, as the exchange answers them", async () => {
    // given
    const user = await userWithKeys();
    // when
    const eth = await call(stack.t.app, 'GET', `/api/market/${encodeURIComponent('BINANCE:ETHUSDT.P')}`, user.token);
    const pepe = await call(stack.t.app, 'GET', '/api/market/1000PEPEUSDT', user.token);
    // then
    const mids = await stack.t.client.getMids(true);
    expect(eth.statusCode).toBe(200);
    expect(eth.json()).toEqual({ success: true, data: { coin: 'ETH', network: 'testnet', mid: mids.ETH, szDecimals: 4, maxLeverage: 25 } });
    expect(pepe.json().data).toEqual({ coin: 'kPEPE', network: 'testnet', mid: mids.kPEPE, szDecimals: 0, maxLeverage: 10 });
  });

  it("given a coin Hyperliquid does not list, or a ticker that names no coin, when reading it, then 404 with the executor's sentence", async () => {
    const user = await userWithKeys();
    const unknown = await call(stack.t.app, 'GET', '/api/market/NOPECOINUSDT', user.token);
    const unreadable = await call(stack.t.app, 'GET', `/api/market/${encodeURIComponent('?!')}`, user.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Hyperliquid does not list a perpetual named NOPECOIN.' });
    expect(unreadable.statusCode).toBe(404);
    expect(unreadable.json()).toEqual({ success: false, error: 'Hyperliquid does not list a perpetual named ?!.' });
  });

  it('ERR-23: given the exchange answering 5xx, when reading a market, then 502 with the reason; once it is back the market is answered', async () => {
    // A client of its own: the shared one may hold mids read moments ago (one read serves every user for a second).
    const client = new HyperliquidClient({ mainnetApiUrl: stack.sim.url, testnetApiUrl: stack.sim.url, timeoutMs: 2_000 });
    const app = await createTestApp({ sim: stack.sim, hyperliquid: () => client });
    try {
      const user = await signUp(app.app);
      stack.sim.injectFault({ endpoint: 'info', kind: 'http5xx', count: 50 });
      let res;
      try {
        res = await call(app.app, 'GET', '/api/market/SOL', user.token);
      } finally {
        stack.sim.clearFaults();
      }
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        success: false,
        error: expect.stringMatching(/^Hyperliquid could not be read: Could not read .+ from Hyperliquid: .*HTTP 5\d\d/),
      });
      expect((await call(app.app, 'GET', '/api/market/SOL', user.token)).json().data).toMatchObject({ coin: 'SOL', network: 'mainnet' });
    } finally {
      await app.close();
    }
  });

  it('given a user without keys, when reading a market, then mainnet is read and named', async () => {
    // given: an app whose mainnet is the simulator, recording the network each read asked for
    const asked: boolean[] = [];
    const client = new HyperliquidClient({ mainnetApiUrl: stack.sim.url, testnetApiUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    const app = await createTestApp({ sim: stack.sim, hyperliquid: (isTestnet) => (asked.push(isTestnet), client) });
    try {
      const user = await signUp(app.app);
      // when
      const res = await call(app.app, 'GET', '/api/market/BTC', user.token);
      // then
      expect(res.json()).toEqual({ success: true, data: { coin: 'BTC', network: 'mainnet', mid: expect.any(Number), szDecimals: 5, maxLeverage: 40 } });
      expect(asked).toEqual([false]);
    } finally {
      await app.close();
    }
  });
});
