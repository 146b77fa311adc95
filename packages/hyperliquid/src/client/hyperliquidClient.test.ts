import { type OrderPlan, OrderPlanSchema } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { HyperliquidClient } from './hyperliquidClient.js';
import { NonceManager } from './nonceManager.js';
import { PY_ADDRESS, PY_KEY, PY_L1 } from '../testing/referenceVectors.js';
import { type RecordedRequest, ScriptedTransport } from './testing/scriptedTransport.js';
import { answers, httpError } from './testing/transportErrors.js';

const USER = '0x1111111111111111111111111111111111111111';

const META = {
  universe: [
    { name: 'BTC', szDecimals: 5, maxLeverage: 40, marginTableId: 1 },
    { name: 'ETH', szDecimals: 4, maxLeverage: 25, marginTableId: 1 },
  ],
  marginTables: [],
  collateralToken: 0,
};

const flatState = (overrides: Record<string, unknown> = {}) => ({
  marginSummary: { accountValue: '0.0', totalNtlPos: '0.0', totalRawUsd: '0.0', totalMarginUsed: '0.0' },
  crossMarginSummary: { accountValue: '0.0', totalNtlPos: '0.0', totalRawUsd: '0.0', totalMarginUsed: '0.0' },
  crossMaintenanceMarginUsed: '0.0',
  withdrawable: '0.0',
  assetPositions: [],
  time: 1,
  ...overrides,
});

/** A fake venue: `/info` answered by type from `infos`, `/exchange` by `exchange`. */
function fakeVenue(infos: Record<string, unknown | (() => unknown)>, exchange: (request: RecordedRequest) => unknown = () => answers.resting(1)) {
  const transports: ScriptedTransport[] = [];
  const factory = ({ isTestnet }: { isTestnet: boolean }) => {
    const transport = new ScriptedTransport(isTestnet, (request) => {
      if (request.endpoint === 'exchange') return exchange(request);
      const answer = infos[request.payload.type as string];
      if (answer === undefined) throw httpError(422, 'Failed to deserialize the JSON body into the target type');
      return typeof answer === 'function' ? (answer as () => unknown)() : answer;
    });
    transports.push(transport);
    return transport;
  };
  return { factory, transports, requests: () => transports.flatMap((t) => t.requests) };
}

describe('HyperliquidClient with a fake venue', () => {
  for (const network of ['mainnet', 'testnet'] as const) {
    it(`given a domain order plan, when placed on ${network}, then the signed order is the python order_gtc_cloid vector`, async () => {
      const vector = PY_L1.find((v) => v.name === 'order_gtc_cloid');
      const venue = fakeVenue({ meta: META });
      const client = new HyperliquidClient({ transportFactory: venue.factory, nonces: new NonceManager(() => 0), orderExpiryMs: null });
      const plan: OrderPlan = OrderPlanSchema.parse({
        coin: 'ETH',
        assetId: 1,
        szDecimals: 4,
        isBuy: true,
        price: '100',
        size: '100',
        reduceOnly: false,
        tif: 'Gtc',
        cloid: '0x00000000000000000000000000000001',
        leverage: 1,
        leverageClamped: false,
        grouping: 'na',
        children: [],
        requestedUsd: null,
        amountUsd: null,
        notionalUsd: 10_000,
        orderNotionalUsd: 10_000,
        referencePrice: '100',
      });
      // The plan fits the client's input as is; placing it signs the order only, never leverage.
      const result = await client.placeOrder({ accountAddress: PY_ADDRESS, agentPrivateKey: PY_KEY, isTestnet: network === 'testnet' }, plan);
      expect(result.outcome).toMatchObject({ kind: 'resting', oid: 1 });
      const sentActions = venue.requests().filter((r) => r.endpoint === 'exchange');
      expect(sentActions).toHaveLength(1);
      const [sent] = sentActions;
      expect(JSON.stringify(sent?.payload.action)).toBe(JSON.stringify(vector?.action));
      expect(sent?.payload.signature).toEqual(vector?.[network]);
      expect(sent?.payload.nonce).toBe(0);
    });
  }

  it('given an expiry lifetime, when an order is placed, then expiresAfter is signed and reported', async () => {
    const venue = fakeVenue({ meta: META });
    const client = new HyperliquidClient({ transportFactory: venue.factory, now: () => 1_000_000, orderExpiryMs: 30_000 });
    const result = await client.placeOrder(
      { accountAddress: USER, agentPrivateKey: PY_KEY, isTestnet: true },
      { coin: 'BTC', isBuy: true, price: '97000', size: '0.001', reduceOnly: false, tif: 'Ioc', cloid: `0x${'ab'.repeat(16)}` },
    );
    expect(result.expiresAfter).toBe(1_030_000);
    expect(venue.requests().find((r) => r.endpoint === 'exchange')?.payload.expiresAfter).toBe(1_030_000);
  });

  it('given a stored key that is not a key, when an order is placed, then rejected signer without the key and nothing sent', async () => {
    const venue = fakeVenue({ meta: META });
    const client = new HyperliquidClient({ transportFactory: venue.factory });
    const badKey = `0x${'zz'.repeat(32)}`;
    const result = await client.placeOrder(
      { accountAddress: USER, agentPrivateKey: badKey, isTestnet: true },
      { coin: 'BTC', isBuy: true, price: '97000', size: '0.001', reduceOnly: false, tif: 'Ioc', cloid: `0x${'ab'.repeat(16)}` },
    );
    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'signer', stage: 'client' });
    expect(JSON.stringify(result)).not.toContain('zzzz');
    expect(venue.requests()).toHaveLength(0);
  });

  it('given a plan whose asset id no longer matches meta, when placed, then it is refused', async () => {
    const venue = fakeVenue({ meta: META });
    const client = new HyperliquidClient({ transportFactory: venue.factory });
    const result = await client.placeOrder(
      { accountAddress: USER, agentPrivateKey: PY_KEY, isTestnet: true },
      { coin: 'ETH', assetId: 4, isBuy: true, price: '3500', size: '0.01', reduceOnly: false, tif: 'Ioc', cloid: `0x${'ab'.repeat(16)}` },
    );
    expect(result.outcome).toMatchObject({ kind: 'rejected', reason: 'invalidOrder', message: expect.stringContaining('asset 1') });
  });

  it('given a unified account, when snapshotted, then the balance comes from spot and the mode is remembered', async () => {
    let abstractionCalls = 0;
    const venue = fakeVenue({
      meta: META,
      clearinghouseState: flatState(),
      spotClearinghouseState: { balances: [{ coin: 'USDC', token: 0, total: '800.0', hold: '50.0', entryNtl: '0.0' }] },
      userAbstraction: () => (abstractionCalls++, 'unifiedAccount'),
    });
    const client = new HyperliquidClient({ transportFactory: venue.factory });
    const snapshot = await client.getAccountSnapshot({ accountAddress: USER, isTestnet: false });
    expect(snapshot.mode).toBe('unified');
    expect(snapshot.balance).toMatchObject({ totalEquity: 800, availableBalance: 750 });
    await client.getAccountSnapshot({ accountAddress: USER, isTestnet: false });
    expect(abstractionCalls).toBe(1);
  });

  it('given a venue that does not know userAbstraction, when two accounts are snapshotted twice, then it is asked once in all and the heuristic decides', async () => {
    const venue = fakeVenue({
      clearinghouseState: flatState({
        withdrawable: '10.0',
        marginSummary: { accountValue: '10.0', totalNtlPos: '0.0', totalRawUsd: '10.0', totalMarginUsed: '0.0' },
      }),
      spotClearinghouseState: { balances: [] },
    });
    const client = new HyperliquidClient({ transportFactory: venue.factory });
    await client.getAccountSnapshot({ accountAddress: USER, isTestnet: true });
    const snapshot = await client.getAccountSnapshot({ accountAddress: USER, isTestnet: true });
    await client.getAccountSnapshot({ accountAddress: '0x00000000000000000000000000000000000000b2', isTestnet: true });
    expect(snapshot).toMatchObject({ mode: 'standard', balance: { totalEquity: 10, availableBalance: 10 } });
    expect(venue.requests().filter((r) => r.payload.type === 'userAbstraction')).toHaveLength(1);
  });

  it('given reads for an account, when sent, then they name the main account in lower case', async () => {
    const venue = fakeVenue({ clearinghouseState: flatState(), spotClearinghouseState: { balances: [] }, userAbstraction: 'default' });
    const client = new HyperliquidClient({ transportFactory: venue.factory });
    await client.getAccountSnapshot({ accountAddress: '0xABCDEF0000000000000000000000000000000001', isTestnet: true });
    expect(venue.requests().every((r) => r.payload.user === '0xabcdef0000000000000000000000000000000001')).toBe(true);
  });

  it('given a read the venue refuses, when asked, then HyperliquidReadError keeps the venue text', async () => {
    const venue = fakeVenue({});
    const client = new HyperliquidClient({ transportFactory: venue.factory });
    await expect(client.getMids(true)).rejects.toMatchObject({
      name: 'HyperliquidReadError',
      outcome: { kind: 'rejected', httpStatus: 422, message: 'Failed to deserialize the JSON body into the target type' },
    });
  });

  it('given configured URLs, when asked, then each network uses its own and trailing slashes are dropped', () => {
    const client = new HyperliquidClient({ mainnetApiUrl: 'https://main.example/', testnetApiUrl: 'http://127.0.0.1:8787' });
    expect(client.apiUrl(false)).toBe('https://main.example');
    expect(client.apiUrl(true)).toBe('http://127.0.0.1:8787');
    expect(new HyperliquidClient().apiUrl(false)).toBe('https://api.hyperliquid.xyz');
    expect(new HyperliquidClient().apiUrl(true)).toBe('https://api.hyperliquid-testnet.xyz');
  });

  it('given a transport factory, when a network is used, then its isTestnet flag is what signs', async () => {
    const venue = fakeVenue({ meta: META });
    const client = new HyperliquidClient({ transportFactory: venue.factory, testnetApiUrl: 'http://sim' });
    await client.getAsset(true, 'BTC');
    await client.getAsset(false, 'BTC');
    expect(venue.transports.map((t) => t.isTestnet)).toEqual([true, false]);
  });
});
