import { randomUUID } from 'node:crypto';
import {
  AnalyticsQuerySchema,
  BacktestAnswerSchema,
  backtestsDecider,
  backtestStreamId,
  BacktestListSchema,
  backtestSummaryOf,
  BacktestUploadQuerySchema,
  compareBacktest,
  parseTradingViewTrades,
  queryWebhookLogs,
  strategyAnalytics,
  MAX_BACKTEST_TRADES,
  type BacktestTrade,
  type BacktestUploaded,
  type StrategyState,
} from '@hyperhook/domain';
import { decodeRecordedEvent, handleCommand } from '@hyperhook/eventsourcing';
import { parse } from 'csv-parse/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../appDeps.js';
import { requireUser } from '../../auth/authPlugin.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { loadStrategies } from '../strategies/strategyViews.js';
import { venueEvents } from './venueEvents.js';

/** Largest export taken: a List of trades of 5,000 trades is about 1 MB. */
const MAX_CSV_BYTES = 2 * 1024 * 1024;
/** The strategy's log rows read for the reasons of missed trades, as the History reads them. */
const LOGS_READ = 10_000;

const Params = z.strictObject({ id: z.string().min(1).max(128) });
const OneParams = Params.extend({ backtestId: z.string().min(1).max(128) });

async function ownStrategy(deps: AppDeps, uid: string, id: string): Promise<StrategyState> {
  const strategy = (await loadStrategies(deps, uid)).strategies.find((s) => s.id === id);
  if (strategy === undefined) throw new ApiError(404, 'Strategy not found');
  return strategy;
}

/** The caller's uploads of one strategy, oldest first. */
async function uploadsOf(deps: AppDeps, uid: string, strategyId: string): Promise<BacktestUploaded['data'][]> {
  const recorded = await deps.store.eventStore.readStream(backtestStreamId(uid));
  return recorded.flatMap((event) => {
    const decoded = decodeRecordedEvent(event);
    return decoded.kind === 'domain' && decoded.record.event.type === 'BacktestUploaded' && decoded.record.event.data.strategyId === strategyId
      ? [decoded.record.event.data]
      : [];
  });
}

/** The backtest against the strategy's own trades on its venue now, and its log for the reasons of what was missed. */
async function compareNow(deps: AppDeps, uid: string, strategy: StrategyState, trades: readonly BacktestTrade[], windowMinutes: number | undefined) {
  const venue = strategy.venue === 'paper' ? 'paper' : 'live';
  const query = AnalyticsQuerySchema.parse({ strategyId: strategy.id, venue });
  const live = strategyAnalytics(await venueEvents(deps.store, uid, query), query).trades;
  const logs = await queryWebhookLogs(deps.store.readStore, uid, { strategyId: strategy.id, limit: LOGS_READ });
  const reasons = logs.map((log) => ({
    createdAt: log.createdAt,
    status: log.status,
    ...(log.error !== undefined ? { error: log.error } : {}),
    ...(log.guard !== undefined ? { guard: log.guard } : {}),
  }));
  return compareBacktest(trades, live, reasons, windowMinutes);
}

/** The cells of a CSV text; a file that is not CSV is refused by its reader's words. */
function rowsOf(csv: string): string[][] {
  try {
    return parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    throw new ApiError(400, `The file is not a CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Backtest against live (issue 43, point 2): `POST /api/strategies/:id/backtests` takes TradingView's
 * Strategy Tester "List of trades" export as the body (`text/csv`, `?timeZone=` the chart's), keeps
 * its trades as BacktestUploaded on `backtest-<uid>`, and answers the comparison with what the
 * strategy did; `GET …/backtests` lists the uploads and `GET …/backtests/:backtestId` compares one
 * again, against the trades made since. Only the caller's own strategy and streams are read.
 */
export const backtestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_CSV_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/strategies/:id/backtests',
    {
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        tags: ['analytics'],
        consumes: ['text/csv'],
        params: Params,
        querystring: BacktestUploadQuerySchema,
        body: z.string().min(1).describe("TradingView's List of trades export, as text/csv"),
        response: { 201: envelopeOf(BacktestAnswerSchema) },
      },
    },
    async (request, reply) => {
      const { uid } = requireUser(request);
      const strategy = await ownStrategy(app.deps, uid, request.params.id);
      const { timeZone, fileName, windowMinutes } = request.query;
      const parsed = parseTradingViewTrades(rowsOf(request.body), timeZone);
      if (!parsed.ok) throw new ApiError(400, parsed.message);
      if (parsed.trades.length === 0) throw new ApiError(400, 'The file holds no trade that could be read.');
      if (parsed.trades.length > MAX_BACKTEST_TRADES)
        throw new ApiError(400, `At most ${MAX_BACKTEST_TRADES} trades an upload; this file has ${parsed.trades.length}.`);
      const data: BacktestUploaded['data'] = {
        backtestId: randomUUID(),
        strategyId: strategy.id,
        at: app.deps.clock().toISOString(),
        ...(fileName !== undefined ? { fileName } : {}),
        timeZone,
        trades: parsed.trades,
        skipped: parsed.skipped.length,
      };
      await handleCommand(
        app.deps.store.eventStore,
        backtestStreamId(uid),
        backtestsDecider,
        { type: 'UploadBacktest', ...data },
        { metadata: { userId: uid } },
      );
      const comparison = await compareNow(app.deps, uid, strategy, data.trades, windowMinutes);
      return reply.code(201).send(ok({ ...backtestSummaryOf(data), comparison }));
    },
  );

  app.get(
    '/strategies/:id/backtests',
    { schema: { tags: ['analytics'], params: Params, response: { 200: envelopeOf(BacktestListSchema) } } },
    async (request) => {
      const { uid } = requireUser(request);
      const strategy = await ownStrategy(app.deps, uid, request.params.id);
      return ok((await uploadsOf(app.deps, uid, strategy.id)).map(backtestSummaryOf).reverse());
    },
  );

  app.get(
    '/strategies/:id/backtests/:backtestId',
    {
      schema: {
        tags: ['analytics'],
        params: OneParams,
        querystring: BacktestUploadQuerySchema.pick({ windowMinutes: true }),
        response: { 200: envelopeOf(BacktestAnswerSchema) },
      },
    },
    async (request) => {
      const { uid } = requireUser(request);
      const strategy = await ownStrategy(app.deps, uid, request.params.id);
      const upload = (await uploadsOf(app.deps, uid, strategy.id)).find((kept) => kept.backtestId === request.params.backtestId);
      if (upload === undefined) throw new ApiError(404, 'Backtest not found');
      const comparison = await compareNow(app.deps, uid, strategy, upload.trades, request.query.windowMinutes);
      return ok({ ...backtestSummaryOf(upload), comparison });
    },
  );
};
