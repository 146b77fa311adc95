import type { AnalyticsAnswer, BacktestAnswer, BacktestTrade, RoundTrip } from '@hyperhook/domain';
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
    maxDrawdownWithOpen: '4.25',
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

/** Answers a backtest upload with `answer` and lists it from then on, recording what each upload sent. */
export function backtestNetwork(answer: BacktestAnswer) {
  const uploads: { search: string; type: string | null; body: string }[] = [];
  server.use(
    http.post('/api/strategies/:id/backtests', async ({ request }) => {
      uploads.push({ search: new URL(request.url).search, type: request.headers.get('content-type'), body: await request.text() });
      return ok(answer, { status: 201 });
    }),
    http.get('/api/strategies/:id/backtests', () => {
      const { comparison: _comparison, ...summary } = answer;
      return ok(uploads.length === 0 ? [] : [summary]);
    }),
    http.get('/api/strategies/:id/backtests/:backtestId', () => ok(answer)),
  );
  return uploads;
}

/** A backtest trade: #1, long 2 @ 100 → 104, +8 in the backtest. */
export function backtestTrade(overrides: Partial<BacktestTrade> = {}): BacktestTrade {
  return {
    number: 1,
    side: 'long',
    entryAt: '2026-12-01T09:59:00.000Z',
    entryPx: '100',
    exitAt: '2026-12-01T10:29:00.000Z',
    exitPx: '104',
    size: '2',
    pnl: '8',
    ...overrides,
  };
}

/**
 * An upload compared: backtest #1 matched by the long ETH win (exited 96 bp worse), #2 missed
 * because no alert came, and the short BTC loss live made that the backtest did not.
 */
export const comparedBacktest: BacktestAnswer = {
  backtestId: 'bt-1',
  strategyId: 'main',
  at: '2026-12-02T08:00:00.000Z',
  fileName: 'Trend_List_of_trades.csv',
  timeZone: 'Europe/Berlin',
  trades: 2,
  skipped: 0,
  comparison: {
    matched: [
      {
        backtest: backtestTrade(),
        live: roundTrip(),
        entrySlippageBps: 0,
        exitSlippageBps: 96.15,
        pnlDifference: '-2.5',
        backtestReturnPct: 4,
        liveReturnPct: 2.75,
      },
    ],
    missed: [
      {
        backtest: backtestTrade({ number: 2, side: 'short', entryAt: '2026-12-01T11:00:00.000Z', exitAt: '2026-12-01T11:20:00.000Z', exitPx: '98', pnl: '4' }),
        reason: 'No alert arrived.',
      },
    ],
    extra: [winThenLoss.trades[1]!],
    totals: { backtest: { trades: 2, pnl: '12' }, live: { trades: 2, netPnl: '3' } },
  },
};
