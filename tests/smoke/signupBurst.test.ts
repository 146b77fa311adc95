import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetrics } from '../../packages/api/src/testing/scrapeMetrics.js';
import { Product } from '../browser/support/product.js';
import { http } from '../system/harness.js';

const TRADERS = 15;
const BUDGET = 1_200;

interface Trader {
  readonly token: string;
  readonly webhookUrl: string;
}

/** The product's waits for room in the weight budget, by priority, over both networks. */
async function waitsByPriority(origin: string): Promise<Record<string, number>> {
  const samples = parseMetrics(await (await fetch(`${origin}/metrics`)).text()).filter((s) => s.name === 'hyperhook_exchange_budget_priority_waits_total');
  const waits: Record<string, number> = {};
  for (const sample of samples) waits[sample.labels.priority ?? '?'] = (waits[sample.labels.priority ?? '?'] ?? 0) + sample.value;
  return waits;
}

describe('hyperhook start on the default budget: a sign-up burst does not hold orders back (issue 28, point 5)', () => {
  const product = new Product();
  beforeAll(async () => {
    // The simulator enforces the venue's 1,200 weight a minute per IP; the product keeps its default.
    await product.start();
  }, 90_000);
  afterAll(async () => {
    await product.stop();
  });

  it(`given ${TRADERS} traders who save keys one after another, when their first alerts come in the same second, then every save succeeds, every order is placed, no order or order read waited, and the minute stays within ${BUDGET}`, async () => {
    // given
    const traders: Trader[] = [];
    for (let i = 0; i < TRADERS; i += 1) {
      const signup = await http<{ data: { token: string } }>(`${product.url}/api/auth/signup`, {
        method: 'POST',
        body: { email: `burst-${i}-${Date.now()}@example.com`, password: 'Correct-horse-9', confirmPassword: 'Correct-horse-9' },
      });
      const token = signup.body.data.token;
      const account = await product.simAccount();
      const saved = await http<{ error?: string }>(`${product.url}/api/keys`, {
        token,
        body: {
          hyperliquidApiKey: account.apiWalletAddress,
          hyperliquidPrivateKey: account.apiWalletPrivateKey,
          accountAddress: account.accountAddress,
          isTestnet: true,
        },
      });
      expect(saved.status, `save ${i + 1}: ${saved.body.error ?? ''}`).toBe(200);
      const webhook = await http<{ data: { webhookUrl: string } }>(`${product.url}/api/auth/webhook-url`, { token });
      traders.push({ token, webhookUrl: webhook.body.data.webhookUrl });
    }
    // when: a bar closes and every trader's alert fires at once
    const logIds = await Promise.all(
      traders.map((trader) => product.postAlert(trader.webhookUrl, { symbol: 'BTCUSDT', action: 'buy', orderType: 'market', size: 100, leverage: 2 })),
    );
    // then
    const statuses = async () =>
      Promise.all(
        traders.map(
          async (trader, i) =>
            (await http<{ data: { webhookLogId: string; status: string }[] }>(`${product.url}/api/webhook-logs`, { token: trader.token })).body.data.find(
              (log) => log.webhookLogId === logIds[i],
            )?.status,
        ),
      );
    await expect.poll(statuses, { timeout: 60_000, interval: 250 }).toEqual(new Array(TRADERS).fill('executed'));
    const sim = (await http<{ ordersAccepted: number; rateLimited: number; ipWeight: Record<string, number> }>(`${product.simUrl}/control/stats`)).body;
    expect(sim.ordersAccepted).toBeGreaterThanOrEqual(TRADERS);
    expect(sim.rateLimited).toBe(0);
    expect(sim.ipWeight['127.0.0.1'] ?? 0).toBeLessThanOrEqual(BUDGET);
    const waits = await waitsByPriority(product.url);
    expect({ order: waits.order, orderRead: waits.orderRead }).toEqual({ order: 0, orderRead: 0 });
  }, 120_000);
});
