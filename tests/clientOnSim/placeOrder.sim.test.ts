import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { alignThenPlace } from './testing/alignThenPlace.js';
import { iocBuy } from './testing/iocBuy.js';
import { orderPlanOnSim, planOnSim, type TestAlert } from './testing/planOnSim.js';
import { type SimHarness, startHarness } from './testing/simHarness.js';

let h: SimHarness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const position = async (coin: string) => (await h.client.getAccountSnapshot(h.signer)).positions.find((p) => p.coin === coin);

/** Plans an entry on the simulator and sends it as the executor does (leverage first, then the order). */
async function enter(alert: TestAlert, signal: string) {
  const plan = await orderPlanOnSim(h, alert, cloidForSignal(signal));
  return alignThenPlace(h.client, h.signer, plan, plan.leverage);
}

/** Plans a close of the coin's whole position and places it (closes never touch leverage). */
async function close(coin: string, signal: string) {
  return h.client.placeOrder(h.signer, await orderPlanOnSim(h, { coin, action: 'close' }, cloidForSignal(signal)));
}

describe('order round trips against the simulator', () => {
  it('given a funded account, when a market buy is placed, then it fills and opens a long', async () => {
    const cloid = cloidForSignal('market-buy');
    // $8.75 at 20x is 0.05 ETH at the 3500 mid.
    const result = await enter({ coin: 'ETH', action: 'buy', size: 8.75, leverage: 20 }, 'market-buy');
    expect(result.outcome).toMatchObject({ kind: 'filled', filledSize: 0.05, partial: false, children: [] });
    expect(result.outcome.kind === 'filled' && result.outcome.avgPrice).toBeLessThanOrEqual(3500 * 1.01);
    expect(await position('ETH')).toMatchObject({ coin: 'ETH', szi: 0.05 });
    expect(h.sim.stats().ordersByCloid[cloid]).toBe(1);
  });

  it('given a funded account, when a market sell is placed, then it fills and opens a short', async () => {
    const result = await enter({ coin: 'SOL', action: 'sell', size: 180 }, 'market-sell');
    expect(result.outcome).toMatchObject({ kind: 'filled', filledSize: 1 });
    expect(await position('SOL')).toMatchObject({ szi: -1 });
  });

  it('given a buy limit below the market, when placed, then it rests with an oid (Gtc)', async () => {
    const result = await enter({ coin: 'BTC', action: 'buy', orderType: 'limit', price: 90_000, size: 90 }, 'limit');
    expect(result.outcome).toMatchObject({ kind: 'resting', oid: expect.any(Number) });
    expect(await position('BTC')).toBeUndefined();
    const status = await h.client.reconcileByCloid(h.signer, cloidForSignal('limit'));
    expect(status).toMatchObject({ kind: 'found', status: 'open', limitPrice: 90_000 });
  });

  it('given an open long, when closed, then a reduce-only IOC flattens the whole position', async () => {
    await enter({ coin: 'ETH', action: 'buy', size: 255.85 }, 'open');
    const before = h.sim.stats().exchangeRequests;
    const result = await close('ETH', 'close');
    expect(result.outcome).toMatchObject({ kind: 'filled', filledSize: 0.0731, partial: false });
    expect(h.sim.stats().exchangeRequests - before).toBe(1); // the close only: leverage untouched
    expect(await position('ETH')).toBeUndefined();
  });

  it('given an open short, when closed, then the close buys it back', async () => {
    await enter({ coin: 'SOL', action: 'sell', size: 450 }, 'short');
    const result = await close('SOL', 'close-short');
    expect(result.outcome).toMatchObject({ kind: 'filled', filledSize: 2.5 });
    expect(await position('SOL')).toBeUndefined();
  });

  it('given no position, when a close is asked, then a clear rejected outcome and nothing is sent', async () => {
    const before = h.sim.stats().exchangeRequests;
    const result = await planOnSim(h, { coin: 'BTC', action: 'close' }, cloidForSignal('close-nothing'));
    expect(result).toEqual({ ok: false, code: 'NO_POSITION_TO_CLOSE', message: 'There is no open BTC position to close.' });
    expect(h.sim.stats().exchangeRequests).toBe(before);
  });

  it('given a market entry with TP and SL, when placed, then it fills and both children wait for their trigger', async () => {
    // The product places an IOC entry's TP/SL after the fill; the client still sends a grouped bracket as the venue takes it.
    const plan = await orderPlanOnSim(h, { coin: 'ETH', action: 'buy', size: 35, leverage: 10, takeProfit: 3800, stopLoss: 3300 }, cloidForSignal('bracket'));
    const result = await alignThenPlace(h.client, h.signer, { ...plan, grouping: 'normalTpsl' }, plan.leverage);
    expect(result.outcome).toMatchObject({
      kind: 'filled',
      children: [
        { kind: 'tp', status: 'waitingForTrigger' },
        { kind: 'sl', status: 'waitingForTrigger' },
      ],
    });
  });

  it('given a short entry with TP and SL whose stop is hit, when the mark rises, then the stop closes the position', async () => {
    const plan = await orderPlanOnSim(h, { coin: 'SOL', action: 'sell', size: 180, takeProfit: 150, stopLoss: 200 }, cloidForSignal('short-bracket'));
    await alignThenPlace(h.client, h.signer, { ...plan, grouping: 'normalTpsl' }, plan.leverage);
    h.sim.setMarkPrice('SOL', 205);
    expect(await position('SOL')).toBeUndefined();
  });

  it('given a resting limit entry with TP and SL, when placed, then the children wait for the fill', async () => {
    const result = await enter(
      { coin: 'BTC', action: 'buy', orderType: 'limit', price: 95_000, size: 95, takeProfit: 100_000, stopLoss: 90_000 },
      'limit-bracket',
    );
    expect(result.outcome).toMatchObject({ kind: 'resting', children: [{ status: 'waitingForFill' }, { status: 'waitingForFill' }] });
  });

  it('given an order below $10, when placed, then it is refused before signing', async () => {
    const before = h.sim.stats().exchangeRequests;
    const result = await h.client.placeOrder(h.signer, iocBuy('ETH', '0.002', cloidForSignal('tiny')));
    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'minNotional', stage: 'client' });
    expect(h.sim.stats().exchangeRequests).toBe(before);
  });

  it('given an order larger than the margin allows, when placed, then the venue text comes back as rejected', async () => {
    const result = await alignThenPlace(h.client, h.signer, iocBuy('BTC', '5', cloidForSignal('huge')), 2);
    expect(result.outcome).toMatchObject({
      kind: 'rejected',
      reason: 'insufficientMargin',
      stage: 'venue',
      message: expect.stringContaining('Insufficient margin'),
    });
  });

  it('given an unknown coin, when placed, then rejected unknownCoin', async () => {
    const result = await h.client.placeOrder(h.signer, {
      coin: 'NOPE',
      isBuy: true,
      price: '1',
      size: '1',
      reduceOnly: false,
      tif: 'Ioc',
      cloid: cloidForSignal('nope'),
    });
    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'unknownCoin' });
  });

  it('given an API wallet the venue does not know, when an order is placed, then rejected signer with advice', async () => {
    const stranger = { ...h.signer, agentPrivateKey: `0x${'e5'.repeat(32)}` };
    const result = await h.client.placeOrder(stranger, iocBuy('ETH', '0.01', cloidForSignal('stranger')));
    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'signer', hint: expect.any(String) });
  });
});

describe('an order held until a step before it is durable (sendAfter)', () => {
  it('given sendAfter rejects, when the order is placed, then nothing reaches the venue and the outcome is a client-side refusal', async () => {
    const cloid = cloidForSignal('gate-refused');
    const plan = await orderPlanOnSim(h, { coin: 'ETH', action: 'buy', size: 8.75, leverage: 20 }, cloid);

    const result = await h.client.placeOrder(h.signer, plan, { sendAfter: Promise.reject(new Error('the append failed')) });

    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'aborted', stage: 'client', message: 'The order was not sent: the append failed' });
    expect(h.sim.stats().requestsByType['exchange order']).toBeUndefined();
  });

  it('given sendAfter resolves later, when the order is placed, then it is sent after it and fills', async () => {
    const cloid = cloidForSignal('gate-opened');
    const plan = await orderPlanOnSim(h, { coin: 'ETH', action: 'buy', size: 8.75, leverage: 20 }, cloid);
    let open!: () => void;

    const placing = h.client.placeOrder(h.signer, plan, { sendAfter: new Promise<void>((resolve) => (open = resolve)) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.sim.stats().requestsByType['exchange order']).toBeUndefined();
    open();

    expect((await placing).outcome).toMatchObject({ kind: 'filled' });
    expect(h.sim.stats().ordersByCloid[cloid]).toBe(1);
  });
});
