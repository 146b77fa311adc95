import { z } from 'zod';
import type { PositionSnapshot } from '../account/accountEvents.js';
import { Dec, decimalToWire } from '../exchange/decimal.js';
import type { DomainEvent } from '../eventModel/domainEvent.js';
import { FIRST_STRATEGY_ID, StrategyIdSchema } from '../eventModel/strategyIds.js';
import { EquityPointSchema, RoundTripSchema, TradeSummarySchema } from './analyticsSchemas.js';
import { curveWithin, markedEquityCurve, type AnalyticsMark } from './markedEquity.js';
import { roundTrips, type AnalyticsFill, type AnalyticsFunding } from './roundTrips.js';
import { equityCurve, maxDrawdown, summarizeTrades } from './tradeSummary.js';
import { executionAverages, withExecutionQuality, type AlertAtFill } from './executionQuality.js';

/** What `GET /api/analytics` takes: a strategy (absent: the whole account), the venue, and a period of closes. */
export const AnalyticsQuerySchema = z.strictObject({
  strategyId: StrategyIdSchema.optional().describe('One strategy; absent, every strategy of the venue'),
  venue: z.enum(['live', 'paper']).default('live').describe('live: the Hyperliquid account; paper: the paper runs'),
  from: z.iso.datetime({ offset: true }).optional().describe('Trades closed at or after this instant'),
  to: z.iso.datetime({ offset: true }).optional().describe('Trades closed before this instant'),
  asOf: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('The analytics as they stood then: only what the log held at this instant, as the History shows the account as it was'),
});
/** An analytics query. */
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** What `GET /api/analytics` answers: the figures, the trades (open ones too) and the realised equity curve. */
export const AnalyticsAnswerSchema = z.object({
  summary: TradeSummarySchema,
  trades: z.array(RoundTripSchema),
  equityCurve: z.array(EquityPointSchema),
});
/** An analytics answer. */
export type AnalyticsAnswer = z.infer<typeof AnalyticsAnswerSchema>;

/**
 * The fills and funding of one venue, from the account stream (live) or the paper stream, each venue
 * trade once, and the marks of its positions snapshots (the prices open P&L is counted at between fills).
 */
export function analyticsInputs(
  events: readonly DomainEvent[],
  venue: AnalyticsQuery['venue'],
): { fills: AnalyticsFill[]; funding: AnalyticsFunding[]; marks: AnalyticsMark[] } {
  const fills: AnalyticsFill[] = [];
  const funding: AnalyticsFunding[] = [];
  const marks: AnalyticsMark[] = [];
  const seen = new Set<number>();
  /** A paper strategy's analytics are of its current run: a reset starts it again from its start balance. */
  const epochs = new Map<string, number>();
  for (const event of events) {
    if (event.type === 'PaperFillRecorded' || event.type === 'PaperFundingPaid')
      epochs.set(event.data.strategyId, Math.max(epochs.get(event.data.strategyId) ?? 0, event.data.epoch));
  }
  for (const event of events) {
    if (venue === 'live' && event.type === 'FillRecorded') {
      // The venue may report one trade twice (a fill read again after a reconnect): it counts once, as in the ledger.
      if (seen.has(event.data.tid)) continue;
      seen.add(event.data.tid);
      fills.push(toFill(event.data.strategyId ?? FIRST_STRATEGY_ID, event.data));
    } else if (venue === 'live' && event.type === 'FundingPaid' && event.data.strategyId !== undefined) {
      // A part held by no strategy (issue 43) is no strategy's trade: no trade of theirs earns or pays it.
      funding.push({ strategyId: event.data.strategyId, coin: event.data.coin, time: event.data.time, usdc: event.data.usdc });
    } else if (venue === 'paper' && event.type === 'PaperFillRecorded' && event.data.epoch === epochs.get(event.data.strategyId)) {
      fills.push(toFill(event.data.strategyId, event.data));
    } else if (venue === 'paper' && event.type === 'PaperFundingPaid' && event.data.epoch === epochs.get(event.data.strategyId)) {
      funding.push({ strategyId: event.data.strategyId, coin: event.data.coin, time: event.data.at, usdc: event.data.usdc });
    } else if ((venue === 'live' && event.type === 'PositionsSnapshotTaken') || (venue === 'paper' && event.type === 'PaperAccountSnapshotTaken')) {
      marks.push(...marksOf(event.data.at, event.data.positions));
    }
  }
  return { fills, funding, marks };
}

/** A snapshot's marks: each position's mark price, else its value over its size. */
function marksOf(at: string, positions: readonly PositionSnapshot[]): AnalyticsMark[] {
  return positions.flatMap((position) => {
    const size = new Dec(position.szi).abs();
    const px = position.markPx ?? (position.positionValue != null && !size.isZero() ? decimalToWire(new Dec(position.positionValue).div(size)) : null);
    return px === null || px === undefined ? [] : [{ coin: position.coin, time: at, px }];
  });
}

function toFill(
  strategyId: string,
  data: { coin: string; time: string; side: 'B' | 'A'; px: string; sz: string; fee: string; signalId?: string | undefined },
): AnalyticsFill {
  return {
    strategyId,
    coin: data.coin,
    time: data.time,
    isBuy: data.side === 'B',
    px: data.px,
    sz: data.sz,
    fee: data.fee,
    ...(data.signalId !== undefined ? { signalId: data.signalId } : {}),
  };
}

const within = (at: string, query: AnalyticsQuery): boolean =>
  (query.from === undefined || Date.parse(at) >= Date.parse(query.from)) && (query.to === undefined || Date.parse(at) < Date.parse(query.to));

/**
 * Analytics of a strategy (or of every strategy of the venue) from its stream's events (issue 43):
 * trades are built from every fill, so a trade opened before the period and closed in it is whole;
 * the period picks the trades by their close. Open trades are listed when the period runs to now
 * (no `to`). The curve starts at zero: realised net P&L summed trade by trade; the drawdown with
 * open P&L is of the equity marked to market at every fill and snapshot (markedEquity.ts). With the alerts
 * that opened and closed them (`alerts`, by signal id), each trade also tells its execution
 * quality, and the summary the averages (executionQuality.ts).
 */
export function strategyAnalytics(
  events: readonly DomainEvent[],
  query: AnalyticsQuery,
  alerts: ReadonlyMap<string, AlertAtFill> = new Map(),
): AnalyticsAnswer {
  const { fills, funding, marks } = analyticsInputs(events, query.venue);
  const mine = (item: { readonly strategyId: string }) => query.strategyId === undefined || item.strategyId === query.strategyId;
  const trips = withExecutionQuality(roundTrips(fills.filter(mine), funding.filter(mine)), alerts);
  const trades = trips.filter((trip) => (trip.closedAt === null ? query.to === undefined : within(trip.closedAt, query)));
  const marked = curveWithin(markedEquityCurve(fills.filter(mine), funding.filter(mine), marks), query.from, query.to);
  return {
    summary: {
      ...summarizeTrades(trades),
      maxDrawdownWithOpen: maxDrawdown(marked.points, marked.start),
      ...executionAverages(trades.filter((trip) => trip.closedAt !== null)),
    },
    trades,
    equityCurve: equityCurve(trades),
  };
}
