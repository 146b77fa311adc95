import type { AnalyticsAnswer, RoundTrip } from '@hyperhook/domain';
import { http } from 'msw';
import { emptyAnalytics } from '../../test/fixtures';
import { ok, server } from '../../test/server';

/** A closed long ETH round trip of the first strategy, 2 @ 100 → 103, net +5.50 after 0.50 of fees. */
export function roundTrip(overrides: Partial<RoundTrip> = {}): RoundTrip {
  return {
    strategyId: 'main',
    coin: 'ETH',
    side: 'long',
    openedAt: '2026-12-01T10:00:00.000Z',
    closedAt: '2026-12-01T10:30:00.000Z',
    size: '2',
    openSize: '0',
    openEntryPx: '0',
    entryPx: '100',
    exitPx: '103',
    grossPnl: '6',
    fees: '0.5',
    funding: '0',
    netPnl: '5.5',
    durationMs: 30 * 60_000,
    openedBy: ['sig-open'],
    closedBy: ['sig-close'],
    ...overrides,
  };
}

/** A win then a loss: long ETH +5.50, then short BTC −2.50 ten minutes later. */
export const winThenLoss: AnalyticsAnswer = {
  summary: {
    trades: 2,
    wins: 1,
    losses: 1,
    winRate: 0.5,
    netPnl: '3',
    grossPnl: '4',
    fees: '1',
    funding: '0',
    profitFactor: 2.2,
    averageWin: '5.5',
    averageLoss: '-2.5',
    expectancy: '1.5',
    largestWin: '5.5',
    largestLoss: '-2.5',
    maxDrawdown: '2.5',
    averageSlippageBps: 3.2,
    averageAlertToFillMs: 250.4,
  },
  trades: [
    roundTrip(),
    roundTrip({
      coin: 'BTC',
      side: 'short',
      openedAt: '2026-12-01T10:30:00.000Z',
      closedAt: '2026-12-01T10:40:00.000Z',
      entryPx: '103',
      exitPx: '104',
      grossPnl: '-2',
      netPnl: '-2.5',
      durationMs: 10 * 60_000,
    }),
  ],
  equityCurve: [
    { at: '2026-12-01T10:30:00.000Z', equity: '5.5' },
    { at: '2026-12-01T10:40:00.000Z', equity: '3' },
  ],
};

/** Answers `GET /api/analytics` per venue, recording each query string asked. */
export function analyticsNetwork(answers: { live?: AnalyticsAnswer; paper?: AnalyticsAnswer } = {}) {
  const asked: string[] = [];
  server.use(
    http.get('/api/analytics', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      return ok((url.searchParams.get('venue') === 'paper' ? answers.paper : answers.live) ?? emptyAnalytics);
    }),
  );
  return asked;
}
