/**
 * End to end with the SDK the exchange client is built on (@nktkas/hyperliquid 0.32.2): HttpTransport
 * pointed at the simulator, the master approving an agent the real way, the agent trading.
 */
import { ApiRequestError, ExchangeClient, HttpRequestError, HttpTransport, InfoClient } from '@nktkas/hyperliquid';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from './startSimulator.js';
import { master } from './testing/harness.js';
import type { Simulator } from './types.js';

const agentWallet = privateKeyToAccount('0x4444444444444444444444444444444444444444444444444444444444444444');
const CLOID = '0x0000000000000000000000000000beef';

let sim: Simulator;
let transport: HttpTransport;
beforeEach(async () => {
  // Real clock: the SDK's nonce manager uses Date.now().
  sim = await startSimulator({ priceTickMs: null, accounts: [{ address: master.address, usdc: 10_000 }] });
  transport = new HttpTransport({ isTestnet: true, apiUrl: sim.url, timeout: 2_000 });
});
afterEach(async () => {
  await sim.close();
});

describe('@nktkas/hyperliquid against the simulator', () => {
  it('given the master approves an agent via ExchangeClient, when the agent trades, then fills land on the master', async () => {
    const masterClient = new ExchangeClient({ transport, wallet: master });
    await expect(masterClient.approveAgent({ agentAddress: agentWallet.address, agentName: 'nk' })).resolves.toEqual({
      status: 'ok',
      response: { type: 'default' },
    });

    const agentClient = new ExchangeClient({ transport, wallet: agentWallet });
    await agentClient.updateLeverage({ asset: 0, isCross: true, leverage: 5 });
    const placed = await agentClient.order({
      orders: [{ a: 0, b: true, p: '98000', s: '0.01', r: false, t: { limit: { tif: 'Ioc' } }, c: CLOID }],
      grouping: 'na',
    });
    expect(placed.response.data.statuses).toEqual([{ filled: { totalSz: '0.01', avgPx: '97020.0', oid: expect.any(Number), cloid: CLOID } }]);

    const infoClient = new InfoClient({ transport });
    const state = await infoClient.clearinghouseState({ user: master.address });
    expect(state.assetPositions[0]?.position).toMatchObject({ coin: 'BTC', szi: '0.01', leverage: { type: 'cross', value: 5 } });
    // Note: nk 0.32.2 turns a hex cloid passed as `oid` into an integer (0x…beef → 48879), so query by oid here.
    const oid = (placed.response.data.statuses[0] as { filled: { oid: number } }).filled.oid;
    const status = await infoClient.orderStatus({ user: master.address, oid });
    expect(status).toMatchObject({ status: 'order', order: { status: 'filled', order: { cloid: CLOID } } });
    expect(await infoClient.userRole({ user: agentWallet.address })).toEqual({ role: 'agent', data: { user: master.address.toLowerCase() } });
  });

  it('given venue errors, then the SDK raises ApiRequestError with the exact strings', async () => {
    const client = new ExchangeClient({ transport, wallet: master });
    await expect(
      client.order({ orders: [{ a: 0, b: true, p: '90000', s: '0.0001', r: false, t: { limit: { tif: 'Gtc' } } }], grouping: 'na' }),
    ).rejects.toThrow(
      new ApiRequestError({ status: 'ok', response: { type: 'order', data: { statuses: [{ error: 'Order must have minimum value of $10.' }] } } } as never)
        .message,
    );
    await expect(client.updateLeverage({ asset: 0, isCross: true, leverage: 41 })).rejects.toThrow('Invalid leverage value');
  });

  it('given an injected 429, then the SDK sees an HttpRequestError', async () => {
    sim.injectFault({ endpoint: 'info', kind: 'http429' });
    await expect(new InfoClient({ transport }).allMids()).rejects.toBeInstanceOf(HttpRequestError);
  });

  it('given an unapproved wallet, then the SDK reports the unknown signer', async () => {
    const client = new ExchangeClient({ transport, wallet: agentWallet });
    await expect(client.noop()).rejects.toThrow(`User or API Wallet ${agentWallet.address.toLowerCase()} does not exist.`);
  });
});
