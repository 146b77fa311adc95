import type { RoundTrip } from '@hyperhook/domain';

/** The trade list's filters: a coin (or every one), a side, and whether the trade won or lost. */
export interface TradeFilters {
  readonly coin: string;
  readonly side: 'all' | RoundTrip['side'];
  readonly outcome: 'all' | 'won' | 'lost';
}

export const ALL_TRADES: TradeFilters = { coin: 'all', side: 'all', outcome: 'all' };

export const SIDE_CHOICES = [
  { value: 'all', label: 'Both' },
  { value: 'long', label: 'Long' },
  { value: 'short', label: 'Short' },
] as const;

export const OUTCOME_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
] as const;

/** The coins traded, once each, in order, for the coin filter. */
export function coinsOf(trades: readonly RoundTrip[]): string[] {
  return [...new Set(trades.map((trade) => trade.coin))].sort();
}

/** A closed trade won when it netted above zero and lost below it, as the summary counts them. */
function outcomeOf(trade: RoundTrip): 'won' | 'lost' | 'even' | 'open' {
  if (trade.closedAt === null) return 'open';
  const net = Number(trade.netPnl);
  return net > 0 ? 'won' : net < 0 ? 'lost' : 'even';
}

/** The trades the filters let through, the latest closed first, the open ones on top. */
export function visibleTrades(trades: readonly RoundTrip[], filters: TradeFilters): RoundTrip[] {
  const latest = (trade: RoundTrip) => Date.parse(trade.closedAt ?? '9999-12-31T00:00:00Z');
  return trades
    .filter((trade) => filters.coin === 'all' || trade.coin === filters.coin)
    .filter((trade) => filters.side === 'all' || trade.side === filters.side)
    .filter((trade) => filters.outcome === 'all' || outcomeOf(trade) === filters.outcome)
    .sort((a, b) => latest(b) - latest(a));
}
