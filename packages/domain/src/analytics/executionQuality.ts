import { Dec } from '../exchange/decimal.js';
import type { WebhookLogView } from '../signal/webhookLogView.js';
import type { RoundTrip } from './analyticsSchemas.js';

/** What analytics read of an alert: when it came and the signal price it carried, if any. */
export interface AlertAtFill {
  readonly receivedAt: string;
  readonly price?: number;
}

/** Signed so that positive is worse for the trade: a buy above the signal, a sell below it. */
function slippageBps(buying: boolean, signalPx: number, filledPx: string): number {
  const diff = new Dec(filledPx).minus(signalPx).div(signalPx).times(10_000);
  return (buying ? diff : diff.negated()).toDecimalPlaces(2).toNumber();
}

/**
 * Each trade's execution quality (issue 43, point 1) from the alerts that opened and closed it:
 * the entry against the first opening alert's signal price (`price`, TradingView's `{{close}}`,
 * TradersPost `signalPrice`, 3Commas `trigger_price`), the exit against the last closing alert's,
 * and the time from the opening alert's receipt to the trade's first fill. A side whose alert
 * carried no price, or a trade no alert opened (a fill of no alert), gets none.
 */
export function withExecutionQuality(trips: readonly RoundTrip[], alerts: ReadonlyMap<string, AlertAtFill>): RoundTrip[] {
  return trips.map((trip) => {
    const opening = trip.openedBy[0] === undefined ? undefined : alerts.get(trip.openedBy[0]);
    const closingId = trip.closedBy.at(-1);
    const closing = closingId === undefined ? undefined : alerts.get(closingId);
    const long = trip.side === 'long';
    const latency = opening === undefined ? undefined : Date.parse(trip.openedAt) - Date.parse(opening.receivedAt);
    return {
      ...trip,
      ...(opening?.price !== undefined ? { entrySlippageBps: slippageBps(long, opening.price, trip.entryPx) } : {}),
      ...(closing?.price !== undefined && trip.exitPx !== null ? { exitSlippageBps: slippageBps(!long, closing.price, trip.exitPx) } : {}),
      ...(latency !== undefined && latency >= 0 ? { alertToFillMs: latency } : {}),
    };
  });
}

const mean = (values: readonly number[]): number | undefined =>
  values.length === 0 ? undefined : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;

/** The average slippage (entries and exits alike) and alert-to-fill time of the trades that have them. */
export function executionAverages(trips: readonly RoundTrip[]): { averageSlippageBps?: number; averageAlertToFillMs?: number } {
  const slippage = mean(trips.flatMap((trip) => [trip.entrySlippageBps, trip.exitSlippageBps].filter((bps): bps is number => bps !== undefined)));
  const latency = mean(trips.flatMap((trip) => (trip.alertToFillMs === undefined ? [] : [trip.alertToFillMs])));
  return { ...(slippage !== undefined ? { averageSlippageBps: slippage } : {}), ...(latency !== undefined ? { averageAlertToFillMs: latency } : {}) };
}

/** The alerts of webhook log rows, by log id (= signal id): when each came, and its price where it carried one. */
export function alertsOfLogs(logs: readonly Pick<WebhookLogView, 'webhookLogId' | 'createdAt' | 'payload'>[]): Map<string, AlertAtFill> {
  return new Map(
    logs.map((log) => {
      const price = (log.payload as { price?: unknown } | null)?.price;
      return [log.webhookLogId, { receivedAt: log.createdAt, ...(typeof price === 'number' && price > 0 ? { price } : {}) }];
    }),
  );
}
