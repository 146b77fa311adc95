import { describe, expect, it } from 'vitest';
import { OrderPlanSchema } from './orderPlanSchema.js';
import { planOrder } from './planOrder.js';
import { CLOID, planInput } from './testing/planFixtures.js';

const ETH = { coin: 'ETH', assetId: 1, szDecimals: 4, maxLeverage: 25 } as const;
const CLOIDS = [CLOID, ...[1, 2, 3, 4].map((leg) => `0x${String(leg).padStart(32, '0')}`)];

function ladderInput(ladder: { from: number; to: number; orders: number }, alert: Record<string, unknown> = {}) {
  return planInput({
    alert: { symbol: 'ETH', coin: 'ETH', action: 'buy', orderType: 'limit', size: 500, ladder, ...alert },
    asset: { ...ETH },
    mid: 3500,
    legCloids: CLOIDS.slice(0, ladder.orders),
  });
}

describe('planOrder: a ladder of limit orders (issue 41 §2)', () => {
  it('issue 41 §2 ladder: given a $500 buy from 3400 to 3300 in 5, when planned, then 5 GTC limits at 3400, 3375 … 3300 with the size split evenly, each with its own cloid', () => {
    const result = planOrder(ladderInput({ from: 3400, to: 3300, orders: 5 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(OrderPlanSchema.safeParse(result.plan).success).toBe(true);
    // $500 at the average 3350 is 0.1492 ETH; 0.1492 / 5 = 0.02984 → 0.0298 each.
    expect(result.plan).toMatchObject({ tif: 'Gtc', orderType: 'limit', price: '3400', size: '0.149', referencePrice: '3350', cloid: CLOID });
    expect(result.plan.ladder).toEqual([
      { price: '3400', size: '0.0298', cloid: CLOIDS[0] },
      { price: '3375', size: '0.0298', cloid: CLOIDS[1] },
      { price: '3350', size: '0.0298', cloid: CLOIDS[2] },
      { price: '3325', size: '0.0298', cloid: CLOIDS[3] },
      { price: '3300', size: '0.0298', cloid: CLOIDS[4] },
    ]);
  });

  it('issue 41 §2 ladder: given prices between valid ticks, when planned, then a buy rounds each down and a sell each up, as a limit does', () => {
    const buy = planOrder(ladderInput({ from: 3400.55, to: 3400.01, orders: 3 }, { size: 100 }));
    const sell = planOrder(ladderInput({ from: 3400.55, to: 3400.01, orders: 3 }, { action: 'sell', size: 100 }));
    expect(buy.ok && buy.plan.ladder?.map((leg) => leg.price)).toEqual(['3400.5', '3400.2', '3400']);
    expect(sell.ok && sell.plan.ladder?.map((leg) => leg.price)).toEqual(['3400.6', '3400.3', '3400.1']);
  });

  it("issue 41 §2 ladder: given orders each under Hyperliquid's $10 minimum, when planned, then the ladder is refused before signing, saying so", () => {
    const result = planOrder(ladderInput({ from: 3400, to: 3300, orders: 5 }, { size: 40 }));
    expect(result).toMatchObject({ ok: false, code: 'BELOW_MINIMUM_NOTIONAL' });
    expect(!result.ok && result.message).toMatch(/^Each of the ladder's 5 orders is 0\.0023 ETH; the one at 3300 is worth \$7\.59/);
  });

  it('issue 41 §2 ladder: given a ALO ladder, when planned, then every order is post-only', () => {
    const result = planOrder(ladderInput({ from: 3300, to: 3400, orders: 2 }, { timeInForce: 'ALO' }));
    expect(result.ok && [result.plan.tif, result.plan.ladder?.length]).toEqual(['Alo', 2]);
  });
});
