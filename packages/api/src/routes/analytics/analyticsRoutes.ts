import { alertsOfLogs, AnalyticsAnswerSchema, AnalyticsQuerySchema, queryWebhookLogs, strategyAnalytics, type AnalyticsQuery } from '@hyperhook/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import type { AppDeps } from '../../appDeps.js';
import { venueEvents } from './venueEvents.js';

/** The log rows read for the trades' alerts, as the History reads them. */
const LOGS_READ = 10_000;

/** The caller's analytics: their venue stream's trades, and the alerts of their log rows for each trade's execution quality. */
async function analyticsOf(deps: AppDeps, uid: string, query: AnalyticsQuery) {
  const logs = await queryWebhookLogs(deps.store.readStore, uid, {
    ...(query.strategyId !== undefined ? { strategyId: query.strategyId } : {}),
    limit: LOGS_READ,
  });
  return strategyAnalytics(await venueEvents(deps.store, uid, query), query, alertsOfLogs(logs));
}

/** The columns of the trades CSV: one round trip a row, what spreadsheets and tax tools ask of a trade. */
const TRADE_COLUMNS = [
  'strategy_id',
  'coin',
  'side',
  'opened_at',
  'closed_at',
  'size',
  'entry_price',
  'exit_price',
  'gross_pnl',
  'fees',
  'funding',
  'net_pnl',
  'duration_s',
  'opened_by',
  'closed_by',
  'entry_slippage_bps',
  'exit_slippage_bps',
  'alert_to_fill_ms',
] as const;

/**
 * Performance (issue 43, point 1): `GET /api/analytics` answers a strategy's (or the venue's)
 * round trips, their figures and the realised equity curve, computed from the fills on the log
 * when asked, so every answer agrees with the fills the History shows; `GET /api/analytics/trades.csv`
 * gives the same trades as CSV. Only the caller's own streams are read.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics',
    { schema: { tags: ['analytics'], querystring: AnalyticsQuerySchema, response: { 200: envelopeOf(AnalyticsAnswerSchema) } } },
    async (request) => {
      const { uid } = requireUser(request);
      return ok(await analyticsOf(app.deps, uid, request.query));
    },
  );

  app.get('/analytics/trades.csv', { schema: { tags: ['analytics'], querystring: AnalyticsQuerySchema } }, async (request, reply) => {
    const { uid } = requireUser(request);
    const { trades } = await analyticsOf(app.deps, uid, request.query);
    const rows = trades.map((trade) => [
      trade.strategyId,
      trade.coin,
      trade.side,
      trade.openedAt,
      trade.closedAt ?? '',
      trade.size,
      trade.entryPx,
      trade.exitPx ?? '',
      trade.grossPnl,
      trade.fees,
      trade.funding,
      trade.netPnl,
      trade.durationMs === null ? '' : String(trade.durationMs / 1000),
      trade.openedBy.join(' '),
      trade.closedBy.join(' '),
      trade.entrySlippageBps ?? '',
      trade.exitSlippageBps ?? '',
      trade.alertToFillMs ?? '',
    ]);
    const name = `hyperhook-trades-${request.query.venue}-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(stringify([[...TRADE_COLUMNS], ...rows]));
  });
};
