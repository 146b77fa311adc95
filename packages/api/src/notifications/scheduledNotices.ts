import type { FillRecorded, PositionView, WebhookLogData } from '@hyperhook/domain';
import { logUrl } from '../push/pushMessageFor.js';
import type { Notice } from './sendToChannel.js';

/** The last alert a strategy received, as its log row says. */
export interface LastAlert {
  readonly signalId: string;
  readonly receivedAt: string;
  readonly symbol: string | null;
}

/** "45 minutes", "2 hours", "1 day 6 hours". */
export function formatMinutes(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [days > 0 ? plural(days, 'day') : '', hours > 0 ? plural(hours, 'hour') : '', rest > 0 ? plural(rest, 'minute') : ''].filter(Boolean);
  return parts.join(' ');
}

/**
 * The notice that a strategy went silent: its name, the symbol of its last alert and a link to
 * that alert's log row (or to the logs, when it never had one).
 */
export function silenceNotice(
  publicUrl: string,
  strategy: { readonly id: string; readonly name: string },
  minutes: number,
  silentSince: string,
  last: LastAlert | null,
  at: string,
): Notice {
  return {
    event: 'strategy.silent',
    title: `${strategy.name} went silent`,
    strategy: { id: strategy.id, name: strategy.name },
    symbol: last?.symbol ?? null,
    reason: `No alert for ${formatMinutes(minutes)}: ${last === null ? `none since the alarm was set at ${silentSince}` : `the last came at ${last.receivedAt}`}. You are told once, until alerts resume.`,
    signalId: last?.signalId ?? null,
    url: last === null ? `${publicUrl}/dashboard?tab=logs` : `${publicUrl}${logUrl(last.signalId)}`,
    at,
  };
}

/** What the daily summary counts of one day. */
export interface DailyFacts {
  readonly alerts: {
    readonly received: number;
    readonly executed: number;
    readonly failed: number;
    readonly rejected: number;
    readonly inFlight: number;
    readonly capped: boolean;
  };
  /** Fills of the day: closed P&L, fees, and the realised P&L (closed P&L minus fees), in USDC. */
  readonly realised: { readonly closedPnl: number; readonly fees: number; readonly net: number; readonly fills: number };
  readonly positions: readonly Pick<PositionView, 'symbol' | 'side' | 'size' | 'unrealizedPnl'>[];
}

const inWindow = (iso: string, from: number, to: number) => {
  const t = Date.parse(iso);
  return t >= from && t < to;
};

/**
 * The day's alerts from the log rows received in [from, to): executed, failed (after validation
 * began, or refused by the venue) and rejected (refused before any order). `capped` when the rows
 * the read model keeps (the newest) may not reach back to the day's start.
 */
export function countAlerts(rows: readonly WebhookLogData[], from: number, to: number, cap: number): DailyFacts['alerts'] {
  const day = rows.filter((row) => inWindow(row.receivedAt, from, to));
  const failed = day.filter((row) => row.status === 'failed');
  const rejected = failed.filter((row) => row.execution?.error === undefined).length;
  const oldest = rows.at(-1);
  return {
    received: day.length,
    executed: day.filter((row) => row.status === 'executed').length,
    failed: failed.length - rejected,
    rejected,
    inFlight: day.filter((row) => row.status !== 'executed' && row.status !== 'failed').length,
    capped: rows.length >= cap && oldest !== undefined && Date.parse(oldest.receivedAt) >= from,
  };
}

/** Realised P&L of the fills in [from, to): the venue's closed P&L minus fees (funding is not in fills). */
export function realisedPnl(fills: readonly FillRecorded['data'][], from: number, to: number): DailyFacts['realised'] {
  const day = fills.filter((fill) => inWindow(fill.time, from, to));
  const closedPnl = day.reduce((sum, fill) => sum + Number(fill.closedPnl), 0);
  const fees = day.reduce((sum, fill) => sum + Number(fill.fee), 0);
  return { closedPnl, fees, net: closedPnl - fees, fills: day.length };
}

const usd = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(n).toFixed(2)}`;

/** The daily summary: alerts received, executed, failed and rejected, realised P&L and open positions. */
export function dailySummaryNotice(publicUrl: string, day: string, facts: DailyFacts, at: string): Notice {
  const { alerts, realised, positions } = facts;
  const open =
    positions.length === 0
      ? 'no open positions'
      : `${positions.length} open: ${positions.map((p) => `${p.side} ${p.size} ${p.symbol} (${usd(p.unrealizedPnl)} unrealised)`).join(', ')}`;
  const lines = [
    `Alerts: ${alerts.received}${alerts.capped ? '+' : ''} received, ${alerts.executed} executed, ${alerts.failed} failed, ${alerts.rejected} rejected${alerts.inFlight > 0 ? `, ${alerts.inFlight} in flight` : ''}.`,
    `Realised P&L: ${usd(realised.net)} (closed P&L ${usd(realised.closedPnl)} minus fees ${usd(realised.fees)}, ${realised.fills} fills).`,
    `Positions: ${open}.`,
  ];
  return {
    event: 'summary.daily',
    title: `Daily summary for ${day}`,
    strategy: null,
    symbol: null,
    reason: lines.join('\n'),
    signalId: null,
    url: `${publicUrl}/dashboard?tab=logs`,
    at,
  };
}
