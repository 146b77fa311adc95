import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetrics } from '../../packages/api/src/testing/scrapeMetrics.js';
import { Product } from '../browser/support/product.js';
import { http } from '../system/harness.js';

/** The product's counters of what it sent to the exchange, summed over both networks. */
async function productCounts(origin: string): Promise<{ requests: number; weightUsed: number; socketLive: number }> {
  const samples = parseMetrics(await (await fetch(`${origin}/metrics`)).text());
  const sum = (name: string) => samples.filter((s) => s.name === name).reduce((total, s) => total + s.value, 0);
  return {
    requests: sum('hyperhook_exchange_requests_total'),
    weightUsed: sum('hyperhook_exchange_weight_used'),
    socketLive: sum('hyperhook_market_socket_live'),
  };
}

/** The simulator's count of REST requests (WebSocket posts aside, which the product does not send), and the weight it charged 127.0.0.1. */
async function simCounts(simUrl: string): Promise<{ requests: number; weight: number; rateLimited: number }> {
  const stats = (await http<{ requestsByType: Record<string, number>; ipWeight: Record<string, number>; rateLimited: number }>(`${simUrl}/control/stats`)).body;
  return { requests: Object.values(stats.requestsByType).reduce((a, b) => a + b, 0), weight: stats.ipWeight['127.0.0.1'] ?? 0, rateLimited: stats.rateLimited };
}

describe('hyperhook start: one weight meter for the whole process (issue 14, point 4)', () => {
  const product = new Product();
  beforeAll(async () => {
    await product.start();
  }, 90_000);
  afterAll(async () => {
    await product.stop();
  });

  it('given a user who saves keys (api thread) and whose alert is executed (executor thread), then /metrics counts every request the simulator received, at the weight it charged, and none was refused', async () => {
    // given
    const signup = await http<{ data: { token: string } }>(`${product.url}/api/auth/signup`, {
      method: 'POST',
      body: { email: `meter-${Date.now()}@example.com`, password: 'Correct-horse-9', confirmPassword: 'Correct-horse-9' },
    });
    const token = signup.body.data.token;
    const account = await product.simAccount();
    const keys = await http(`${product.url}/api/keys`, {
      token,
      body: {
        hyperliquidApiKey: account.apiWalletAddress,
        hyperliquidPrivateKey: account.apiWalletPrivateKey,
        accountAddress: account.accountAddress,
        isTestnet: true,
      },
    });
    expect(keys.status).toBe(200);
    const webhook = await http<{ data: { webhookUrl: string } }>(`${product.url}/api/auth/webhook-url`, { token });
    // when
    const logId = await product.postAlert(webhook.body.data.webhookUrl, { symbol: 'BTCUSDT', action: 'buy', orderType: 'market', size: 100, leverage: 2 });
    await expect
      .poll(
        async () =>
          (await http<{ data: { webhookLogId: string; status: string }[] }>(`${product.url}/api/webhook-logs`, { token })).body.data.find(
            (log) => log.webhookLogId === logId,
          )?.status,
        { timeout: 20_000 },
      )
      .toBe('executed');
    // then: the fill recorder's reads follow the execution; both sides agree once they are done
    await expect
      .poll(
        async () =>
          (await productCounts(product.url)).requests === (await simCounts(product.simUrl)).requests && (await simCounts(product.simUrl)).requests > 0,
        { timeout: 20_000 },
      )
      .toBe(true);
    const sim = await simCounts(product.simUrl);
    const own = await productCounts(product.url);
    expect(own.weightUsed).toBe(sim.weight);
    expect(sim.rateLimited).toBe(0);
  }, 60_000);
});
