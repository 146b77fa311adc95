import { describe, expect, it } from 'vitest';
import type { HyperliquidClient } from './hyperliquidClient.js';
import { HyperliquidReadError } from './readError.js';
import { ONE_ETH_MARKET, scriptedClient } from './testing/scriptedClient.js';
import type { RecordedRequest } from './testing/scriptedTransport.js';

const USER = '0x1111111111111111111111111111111111111111';
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 11, 1);

const item = (time: number, usdc = '-0.15') => ({
  time,
  hash: `0x${'0'.repeat(64)}`,
  delta: { type: 'funding', coin: 'ETH', usdc, szi: '0.5', fundingRate: '0.0001', nSamples: null },
});

/** A client on a scripted venue answering /info by type; `funding` answers each userFunding request. */
function clientOn(funding: (request: RecordedRequest) => unknown, config: ConstructorParameters<typeof HyperliquidClient>[0] = {}) {
  return scriptedClient((request) => (request.payload.type === 'userFunding' ? funding(request) : ONE_ETH_MARKET), config);
}

describe('HyperliquidClient.userFunding (issue 43)', () => {
  it('given more payments than one page, when read, then pages are read on from the last payment’s time and every payment is returned once, oldest first', async () => {
    const all = Array.from({ length: 503 }, (_, i) => item(T0 + i * HOUR));
    const { client, sent } = clientOn((request) => all.filter((f) => f.time >= (request.payload.startTime as number)).slice(0, 500));

    const payments = await client.userFunding(USER.toUpperCase().replace('0X', '0x'), T0, undefined, true);

    expect(payments).toHaveLength(503);
    expect(payments[0]).toEqual({ time: T0, hash: `0x${'0'.repeat(64)}`, coin: 'ETH', usdc: '-0.15', szi: '0.5', fundingRate: '0.0001' });
    expect(sent('userFunding').map((r) => [r.payload.user, r.payload.startTime])).toEqual([
      [USER, T0],
      [USER, T0 + 499 * HOUR],
    ]);
  });

  it('given a full page ending inside an hour (ETH listed, BTC on the next page), when read, then the hour is read again from its start and each payment is returned once', async () => {
    const hourly = Array.from({ length: 300 }, (_, i) => [item(T0 + i * HOUR), { ...item(T0 + i * HOUR), delta: { ...item(0).delta, coin: 'BTC' } }]).flat();
    const { client, sent } = clientOn((request) => hourly.filter((f) => f.time >= (request.payload.startTime as number)).slice(0, 500));

    const payments = await client.userFunding(USER, T0, undefined, true);

    expect(payments).toHaveLength(600);
    expect(new Set(payments.map((p) => `${p.time}|${p.coin}`)).size).toBe(600);
    expect(sent('userFunding').map((r) => r.payload.startTime)).toEqual([T0, T0 + 249 * HOUR]);
  });

  it('given more pages than allowed, when read, then the last page’s last hour is left out whole, so reading on from the last payment got misses none', async () => {
    const hourly = Array.from({ length: 300 }, (_, i) => [item(T0 + i * HOUR), { ...item(T0 + i * HOUR), delta: { ...item(0).delta, coin: 'BTC' } }]).flat();
    const { client } = clientOn((request) => hourly.filter((f) => f.time >= (request.payload.startTime as number)).slice(0, 500));

    const payments = await client.userFunding(USER, T0, undefined, true, 1);

    // 500 items end on hour 249's ETH: hour 249 is left for the next read.
    expect(payments).toHaveLength(498);
    expect(payments.at(-1)).toMatchObject({ time: T0 + 248 * HOUR, coin: 'BTC' });
  });

  it('given an end time, then it is sent as is, and a short page ends the read', async () => {
    const { client, sent } = clientOn(() => [item(T0)]);

    await client.userFunding(USER, T0, T0 + HOUR, false);

    expect(sent('userFunding').map((r) => r.payload)).toEqual([{ type: 'userFunding', user: USER, startTime: T0, endTime: T0 + HOUR }]);
  });

  it('given an answer of another shape, then a read error, not a payment of the wrong sign or size', async () => {
    const { client } = clientOn(() => [{ ...item(T0), delta: { type: 'deposit', usdc: '10' } }]);

    await expect(client.userFunding(USER, T0, undefined, true)).rejects.toBeInstanceOf(HyperliquidReadError);
  });

  it('given the budget filled past the deferrable share, when funding is read, then it waits (deferrable lane) while an order’s read still goes, and goes once room is back', async () => {
    let now = T0; // a second's start: the window does not turn by itself
    const { client, sent } = clientOn(() => [item(T0)], { weightBudget: { perMinute: 100 }, now: () => now });
    for (let i = 0; i < 3; i += 1) await client.getFundingRates(true); // 3 × 20 at the order-read priority: 60, the deferrable share

    const funding = client.userFunding(USER, T0, undefined, true);
    await client.getFundingRates(true); // an order's read: 80 ≤ its 90

    expect(sent('userFunding')).toHaveLength(0);
    expect(client.budget(true).byPriority.deferrable.waits).toBe(1);
    expect(client.budget(true).byPriority.orderRead.waits).toBe(0);
    now += 61_000;
    expect(await funding).toHaveLength(1);
    expect(sent('userFunding')).toHaveLength(1);
  });
});
