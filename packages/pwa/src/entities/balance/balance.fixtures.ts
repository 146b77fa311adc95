import type { BalanceView } from '@hyperhook/domain';

/** A balance as GET /api/balance answers it (for tests). */
export function balanceView(overrides: Partial<BalanceView> = {}): BalanceView {
  return {
    availableBalance: 800,
    totalEquity: 1200,
    marginUsed: 0,
    totalNotional: 0,
    withdrawable: null,
    spotUsdc: null,
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}
