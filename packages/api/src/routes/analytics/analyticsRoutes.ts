import { AnalyticsAnswerSchema, AnalyticsQuerySchema, strategyAnalytics } from '@hyperhook/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { venueEvents } from './venueEvents.js';

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
      return ok(strategyAnalytics(await venueEvents(app.deps.store, uid, request.query), request.query));
    },
  );

  app.get('/analytics/trades.csv', { schema: { tags: ['analytics'], querystring: AnalyticsQuerySchema } }, async (request, reply) => {
    const { uid } = requireUser(request);
    const { trades } = strategyAnalytics(await venueEvents(app.deps.store, uid, request.query), request.query);
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
    ]);
    const name = `hyperhook-trades-${request.query.venue}-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(stringify([[...TRADE_COLUMNS], ...rows]));
  });
};
