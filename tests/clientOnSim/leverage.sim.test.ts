import { HttpTransport } from '@nktkas/hyperliquid';
import { afterEach, describe, expect, it } from 'vitest';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { alignThenPlace } from './testing/alignThenPlace.js';
import { iocBuy } from './testing/iocBuy.js';
import { type SimHarness, startHarness } from './testing/simHarness.js';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const exchangeActions = (harness: SimHarness) => harness.sim.stats().exchangeRequests;
const buy = (coin: Parameters<typeof iocBuy>[0], size: string, signal: string) => iocBuy(coin, size, cloidForSignal(signal));

describe('leverage against the simulator', () => {
  it('given a never-configured asset at the venue default (cross 20), when 20x is wanted, then no updateLeverage is sent', async () => {
    h = await startHarness();
    const before = exchangeActions(h);
    const result = await alignThenPlace(h.client, h.signer, buy('ETH', '0.01', 'lev-20'), 20);
    expect(result.leverage).toEqual({ action: 'unchanged', from: { type: 'cross', value: 20 }, to: 20 });
    expect(exchangeActions(h) - before).toBe(1); // the order only
  });

  it('given the account at 20x, when 5x is wanted, then updateLeverage is sent once and later orders at 5x send none', async () => {
    h = await startHarness();
    const first = await alignThenPlace(h.client, h.signer, buy('ETH', '0.01', 'lev-5a'), 5);
    expect(first.leverage).toEqual({ action: 'updated', from: { type: 'cross', value: 20 }, to: 5 });
    expect(first.outcome.kind).toBe('filled');
    expect(await h.client.getLeverage(h.signer, 'ETH')).toEqual({ type: 'cross', value: 5 });
    expect((await h.client.getAccountSnapshot(h.signer)).positions[0]).toMatchObject({ coin: 'ETH', leverage: 5 });

    const before = exchangeActions(h);
    const second = await alignThenPlace(h.client, h.signer, buy('ETH', '0.01', 'lev-5b'), 5);
    expect(second.leverage.action).toBe('unchanged');
    expect(exchangeActions(h) - before).toBe(1);
  });

  it('given leverage above the asset maximum, when an order is placed, then it is refused with both numbers and nothing is sent', async () => {
    h = await startHarness();
    const before = exchangeActions(h);
    const result = await alignThenPlace(h.client, h.signer, buy('BTC', '0.001', 'lev-45'), 45);
    expect(result.outcome).toEqual({
      kind: 'rejected',
      transient: false,
      reason: 'leverageAboveMax',
      stage: 'client',
      message: 'Leverage 45x is above the maximum of 40x that Hyperliquid allows for BTC.',
    });
    expect(exchangeActions(h)).toBe(before);
  });

  it('given stale meta claiming a higher maximum, when the venue refuses the leverage, then the order is not sent and the venue text is kept', async () => {
    // A transport that inflates maxLeverage in `meta`, so the client's own check passes and the
    // simulator's rule is what answers.
    h = await startHarness({
      client: {
        transportFactory: ({ apiUrl, isTestnet, timeoutMs }) => {
          const inner = new HttpTransport({ apiUrl, isTestnet, timeout: timeoutMs });
          return {
            isTestnet,
            async request<T>(endpoint: 'info' | 'exchange' | 'explorer', payload: unknown, signal?: AbortSignal): Promise<T> {
              const answer = await inner.request<{ universe?: Array<{ maxLeverage: number }> }>(endpoint, payload, signal);
              if ((payload as { type?: string }).type === 'meta') answer.universe?.forEach((asset) => (asset.maxLeverage = 100));
              return answer as T;
            },
          };
        },
      },
    });
    const result = await alignThenPlace(h.client, h.signer, buy('BTC', '0.001', 'lev-venue'), 45);
    expect(result.leverage.action).toBe('failed');
    expect(result.outcome).toMatchObject({
      kind: 'rejected',
      reason: 'leverageRejected',
      stage: 'venue',
      message: 'Hyperliquid refused to set BTC leverage to 45x: Invalid leverage value',
    });
    expect(h.sim.stats().ordersByCloid[cloidForSignal('lev-venue')]).toBeUndefined();
  });

  it('given a close, when placed, then leverage is neither read nor changed', async () => {
    h = await startHarness();
    await alignThenPlace(h.client, h.signer, buy('SOL', '1', 'open-sol'), 3);
    const before = exchangeActions(h);
    const result = await h.client.placeOrder(h.signer, {
      coin: 'SOL',
      isBuy: false,
      price: '178.2',
      size: '1',
      reduceOnly: true,
      tif: 'Ioc',
      cloid: cloidForSignal('close-sol'),
    });
    expect(result.outcome.kind).toBe('filled');
    expect(exchangeActions(h) - before).toBe(1); // the close only
    expect(await h.client.getLeverage(h.signer, 'SOL')).toEqual({ type: 'cross', value: 3 });
  });

  it('given ensureLeverage called directly, when the value differs, then it reports the step and the outcome ok', async () => {
    h = await startHarness();
    expect(await h.client.ensureLeverage(h.signer, 'BNB', 7, 'cross')).toEqual({
      step: { action: 'updated', from: { type: 'cross', value: 10 }, to: 7 },
      outcome: { kind: 'ok' },
    });
    expect(await h.client.ensureLeverage(h.signer, 'BNB', 7, 'cross')).toEqual({
      step: { action: 'unchanged', from: { type: 'cross', value: 7 }, to: 7 },
      outcome: { kind: 'ok' },
    });
  });
});
