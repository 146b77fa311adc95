import { HttpRequestError, type IRequestTransport } from '@nktkas/hyperliquid';
import { describe, expect, it } from 'vitest';
import { budgetRefusalOf, MeteredTransport } from './meteredTransport.js';
import { RetryingTransport } from './retryingTransport.js';
import { outcomeFromError } from './toExchangeOutcome.js';
import { BudgetExhaustedError, WeightMeter } from './weightMeter.js';

/** A venue stand-in answering each request with `answer`, or a 429 while `throttled`. */
function venue(answer: unknown = {}) {
  const state = { calls: [] as unknown[], throttled: false };
  const transport: IRequestTransport = {
    isTestnet: true,
    async request<T>(_endpoint: string, payload: unknown): Promise<T> {
      state.calls.push(payload);
      if (state.throttled) throw new HttpRequestError({ response: new Response(null, { status: 429, headers: { 'retry-after': '2' } }) });
      return answer as T;
    },
  };
  return { state, transport };
}

describe('MeteredTransport: every request through the IP weight meter', () => {
  it('given a fills read, when it returns 40 fills, then its weight and surcharge are counted', async () => {
    const meter = new WeightMeter({ budgetPerMinute: 1200 });
    const { transport } = venue(new Array(40).fill({}));
    await new MeteredTransport(transport, meter).request('info', { type: 'userFillsByTime' });
    expect(meter.stats()).toMatchObject({ used: 22, requests: 1 });
  });

  it('given the venue answers 429, when the next request comes, then it waits out Retry-After first', async () => {
    let now = 1_000_000;
    const slept: number[] = [];
    const meter = new WeightMeter({ budgetPerMinute: 1200, now: () => now, sleep: async (ms) => void slept.push(ms, (now += ms)) });
    const { state, transport } = venue();
    const metered = new MeteredTransport(transport, meter);
    state.throttled = true;
    await expect(metered.request('exchange', { action: { type: 'order', orders: [{}] } })).rejects.toBeInstanceOf(HttpRequestError);
    state.throttled = false;
    await metered.request('info', { type: 'allMids' });
    expect(slept[0]).toBe(2_000);
    expect(meter.stats().rateLimited).toBe(1);
  });

  it('given the budget is used up, when an order cannot get room in time, then it fails as a 429 and is never sent', async () => {
    let now = 1_000_000;
    const meter = new WeightMeter({ budgetPerMinute: 10, maxWaitMs: 500, now: () => now, sleep: async (ms) => void (now += ms) });
    meter.charge(10);
    const { state, transport } = venue();
    const error = await new MeteredTransport(transport, meter).request('exchange', { action: { type: 'order', orders: [{}] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect((error as HttpRequestError).response?.status).toBe(429);
    expect(state.calls).toHaveLength(0);
  });

  it('given 60% of the budget used, when a read of the deferrable lane comes, then it waits while a read of the order path goes', async () => {
    let now = 1_000_000;
    const slept: number[] = [];
    const meter = new WeightMeter({ budgetPerMinute: 100, now: () => now, sleep: async (ms) => void slept.push(ms, (now += ms)) });
    meter.charge(60);
    const { transport } = venue();
    await new MeteredTransport(transport, meter, 'orderRead').request('info', { type: 'clearinghouseState' });
    expect(slept).toHaveLength(0);
    await new MeteredTransport(transport, meter, 'deferrable').request('info', { type: 'clearinghouseState' });
    expect(slept.length).toBeGreaterThan(0);
  });

  it("given the budget is used up, when a read is refused here, then it is not retried, and its outcome names this server's limit with Retry-After (issue 28, point 3)", async () => {
    let now = 1_000_000;
    const meter = new WeightMeter({ budgetPerMinute: 100, maxWaitMs: 500, now: () => now, sleep: async (ms) => void (now += ms) });
    meter.charge(100);
    const { state, transport } = venue();
    const retried: number[] = [];
    const retrying = new RetryingTransport(new MeteredTransport(transport, meter, 'interactive'), { sleep: async (ms) => void retried.push(ms) });
    const error = await retrying.request('info', { type: 'clearinghouseState' }).catch((e: unknown) => e);
    expect(budgetRefusalOf(error)).toBeInstanceOf(BudgetExhaustedError);
    expect((error as HttpRequestError).response?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(retried).toEqual([]);
    expect(state.calls).toHaveLength(0);
    const outcome = await outcomeFromError(error, 'info');
    expect(outcome).toMatchObject({ kind: 'transientError', reason: 'budgetExhausted', stage: 'client', retryAfterMs: expect.any(Number) });
    expect(outcome.kind === 'transientError' && outcome.message).toMatch(/^hyperhook is at Hyperliquid's request limit for this server; try again in \d+ s\.$/);
  });

  it("given the venue itself answers 429 after the retries, when mapped, then the outcome is the venue's limit with its Retry-After", async () => {
    const { state, transport } = venue();
    state.throttled = true;
    const error = await new RetryingTransport(transport, { policy: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1 }, sleep: async () => undefined })
      .request('info', { type: 'allMids' })
      .catch((e: unknown) => e);
    expect(state.calls).toHaveLength(2);
    expect(await outcomeFromError(error, 'info')).toMatchObject({ kind: 'transientError', reason: 'rateLimited', stage: 'venue', retryAfterMs: 2_000 });
  });
});
