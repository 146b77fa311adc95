/** Hourly funding on the simulator's clock and `userFunding` (issue 43; reference rule 17): the venue's shape, sign, size, pages and weight. */
import { FUNDING_INTERVAL_MS, fundingHourOf } from '@hyperhook/venue-engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchange, info, limit, master, orderAction, startTestSim, stranger, type TestSim } from './testing/harness.js';

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.sim.close();
});

type Funding = { time: number; hash: string; delta: { type: string; coin: string; usdc: string; szi: string; fundingRate: string; nSamples: number | null } };
const place = (...orders: Record<string, unknown>[]) => exchange(t.sim.url, master, orderAction(orders), { nonce: t.clock.nonce() });
const fundingOf = (user: string, startTime: number, endTime?: number) =>
  info<Funding[]>(t.sim.url, { type: 'userFunding', user, startTime, ...(endTime !== undefined ? { endTime } : {}) });
const rawUsd = async () =>
  Number((await info<{ marginSummary: { totalRawUsd: string } }>(t.sim.url, { type: 'clearinghouseState', user: master.address })).marginSummary.totalRawUsd);
const nextHour = () => fundingHourOf(t.clock.now()) + FUNDING_INTERVAL_MS;

/** Opens an ETH long of `sz` at 3000 (a resting buy the mark then reaches), the oracle left at 3000. */
async function longEth(sz: string): Promise<void> {
  await place(limit(1, true, '3000', sz));
  t.sim.setMarkPrice('ETH', 3000);
}

describe('userFunding (issue 43)', () => {
  it('given a long of 0.5 ETH at oracle 3000 and a rate of 0.0001, when the clock passes the hour, then it pays 0.15 from its cash and lists it as the venue does', async () => {
    await longEth('0.5');
    t.sim.setFundingRate('ETH', 0.0001);
    const before = await rawUsd();
    const hour = nextHour();

    t.clock.advance(hour - t.clock.now() + 1_000);
    const listed = await fundingOf(master.address.toUpperCase().replace('0X', '0x'), 0);

    expect(listed).toEqual([
      {
        time: hour,
        hash: `0x${'0'.repeat(64)}`,
        delta: { type: 'funding', coin: 'ETH', usdc: '-0.15', szi: '0.5', fundingRate: '0.0001', nSamples: null },
      },
    ]);
    expect(await rawUsd()).toBeCloseTo(before - 0.15, 9);
  });

  it('given a negative rate, when the hour passes, then the long receives; and the hour in progress is never paid early', async () => {
    await longEth('0.2');
    t.sim.setFundingRate('ETH', -0.00005);
    t.clock.advance(nextHour() - t.clock.now() - 1);
    expect(await fundingOf(master.address, 0)).toEqual([]);

    t.clock.advance(1);
    const [paid] = await fundingOf(master.address, 0);

    expect(paid?.delta).toMatchObject({ usdc: '0.03', szi: '0.2', fundingRate: '-0.00005' });
  });

  it('given the hour passed with no request since, when the rate and the mark are changed, then that hour is paid at the old rate and price first', async () => {
    await longEth('0.5');
    t.sim.setFundingRate('ETH', 0.0001);
    t.clock.advance(nextHour() - t.clock.now() + 1_000);

    t.sim.setFundingRate('ETH', 0.01);
    t.sim.setMarkPrice('ETH', 3100);
    const [paid] = await fundingOf(master.address, 0);

    expect(paid?.delta).toMatchObject({ usdc: '-0.15', fundingRate: '0.0001' });
  });

  it('given an account without a position, when hours pass, then it is paid nothing and its list is empty', async () => {
    t.clock.advance(3 * FUNDING_INTERVAL_MS);

    expect(await fundingOf(master.address, 0)).toEqual([]);
    expect(await fundingOf(stranger.address, 0)).toEqual([]);
    expect(await rawUsd()).toBe(10_000);
  });

  it('given 600 hours of a position, when listed from the start, then pages of at most 500 oldest first, read on by startTime, within [startTime, endTime], each page weighed 20 + 1 per 20 items', async () => {
    await longEth('0.1');
    t.clock.advance(600 * FUNDING_INTERVAL_MS);
    await fundingOf(master.address, 0); // settles the hours; its weight is not measured
    t.clock.advance(61_000);

    const first = await fundingOf(master.address, 0);
    const weightOfFirst = t.sim.totals().ipWeight['127.0.0.1'];
    const second = await fundingOf(master.address, first.at(-1)!.time + 1);
    const bounded = await fundingOf(master.address, first[10]!.time, first[12]!.time);

    expect(first).toHaveLength(500);
    expect(first.every((f, i) => i === 0 || f.time === first[i - 1]!.time + FUNDING_INTERVAL_MS)).toBe(true);
    expect(second).toHaveLength(100);
    expect(second[0]!.time).toBe(first.at(-1)!.time + FUNDING_INTERVAL_MS);
    expect(bounded.map((f) => f.time)).toEqual([first[10]!.time, first[11]!.time, first[12]!.time]);
    expect(weightOfFirst).toBe(20 + 25);
  });

  it('given a userFunding without its startTime, then the venue’s 422', async () => {
    const reply = await fetch(`${t.sim.url}/info`, { method: 'POST', body: JSON.stringify({ type: 'userFunding', user: master.address }) });
    expect(reply.status).toBe(422);
  });
});
