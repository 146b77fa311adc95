import { http, HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';
import { emptyAnalytics, strategyView } from './fixtures';

/** Success envelope. */
export const ok = <T>(data: T, init?: ResponseInit) => HttpResponse.json({ success: true, data }, init);
/** Failure envelope. */
export const fail = (status: number, error: string, extra: Record<string, unknown> = {}) => HttpResponse.json({ success: false, error, ...extra }, { status });

/**
 * The network of component tests: the api's answers are given per test with `server.use(...)`;
 * these defaults cover what every screen reads. Unhandled requests fail the test.
 */
/** The dashboard's live socket; a test that needs live messages sends them through `live.addEventListener`. */
export const live = ws.link('ws://localhost:3000/api/live');

export const server = setupServer(
  live.addEventListener('connection', () => undefined),
  http.get('/api/config', () => ok({ referralCode: 'HYPERHOOK', supportEmail: 'support@hyperhook.app' })),
  http.get('/api/auth/oidc/providers', () => ok([])),
  http.get('/api/auth/user', () => ok({ uid: 'user-1', email: 'trader@example.com' })),
  // The kill switch (issue 29, point 4): trading runs; pausing and resuming answer the new state; close-all closes nothing open.
  http.get('/api/trading', () => ok({ paused: false, pausedSince: null })),
  http.post('/api/trading/pause-all', () => ok({ paused: true, pausedSince: new Date().toISOString() })),
  http.post('/api/trading/resume-all', () => ok({ paused: false, pausedSince: null })),
  http.post('/api/positions/close-all', () => ok({ closing: [] })),
  // Who holds each coin (issue 39): nothing to show beneath the account's positions.
  http.get('/api/positions/breakdown', () => ok([])),
  // Each strategy's live stops and targets (issue 39): none.
  http.get('/api/orders/open', () => ok([])),
  http.get('/api/orders/paper', () => ok([])),
  // The account's daily loss limit (issue 42): none.
  http.get('/api/account/filters', () => ok({})),
  // The webhook logs (the guards' preview reads them too, issue 42): none yet.
  http.get('/api/webhook-logs', () => ok([])),
  // Alerts counted past the logging ceiling (issue 32): none.
  http.get('/api/webhook-logs/refusals', () => ok({ total: 0, rateLimited: 0, sourceNotAllowed: 0, since: null, last: null })),
  // Strategies (issue 29): the first strategy alone, as for a trader who never made another.
  http.get('/api/strategies', () => ok([strategyView()])),
  // Notifications (issue 30): no channel yet, nothing delivered.
  http.get('/api/notifications', () => ok({ channels: [] })),
  http.get('/api/notifications/deliveries', () => ok({ deliveries: [] })),
  // Closed trades and their figures (issue 43): none yet.
  http.get('/api/analytics', () => ok(emptyAnalytics)),
  // A strategy's backtest uploads (issue 43): none yet.
  http.get('/api/strategies/:id/backtests', () => ok([])),
  http.get('/api/exchange-budget', () =>
    ok({
      network: 'testnet',
      usedWeight: 144,
      budgetPerMinute: 1200,
      percentOfMinute: 12,
      waitsLastMinute: 0,
      rateLimited: 0,
      marketSocketLive: true,
      actionBudget: { used: 40, cap: 10_000, percentUsed: 0 },
    }),
  ),
);
