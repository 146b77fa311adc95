import type { ProtectiveOrderView } from '@hyperhook/domain';

/** A stop-loss of Trend's in BTC, as GET /api/orders/open answers it; override what the test needs. */
export function protectiveOrder(overrides: Partial<ProtectiveOrderView> = {}): ProtectiveOrderView {
  const order = { strategyId: 'st_trend', symbol: 'BTC', kind: 'stopLoss', triggerPrice: 55_000, size: 0.006, side: 'sell', oid: 101, ...overrides } as const;
  return { cloid: `0x${order.strategyId}-${order.symbol}-${order.kind}`, ...order };
}
