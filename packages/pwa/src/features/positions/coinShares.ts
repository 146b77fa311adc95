import type { PositionBreakdown, ProtectiveOrderView, StrategyView } from '@hyperhook/domain';
import { formatSize } from '../../lib/format/numbers';

/** One line beneath a coin: who holds what of it. */
export interface ShareLine {
  readonly key: string;
  readonly name: string;
  /** "long 0.1", "short 0.05". */
  readonly size: string;
  /** The part no strategy owns (held before hyperhook, traded in Hyperliquid's app). */
  readonly outside: boolean;
  /** A strategy's stops and targets live in the coin (issue 39); absent for the outside part, or while unknown. */
  readonly triggers?: readonly ProtectiveOrderView[];
}

/** Who holds each coin of the account, by coin. */
export type CoinShares = ReadonlyMap<string, readonly ShareLine[]>;

/** The label of the part no strategy owns. */
export const OUTSIDE_NAME = 'Outside hyperhook';

/** A deleted strategy keeps its share (its positions stay), but no longer has a name to show. */
const DELETED_NAME = 'Deleted strategy';

/** A signed size as the breakdown reads it: "long 0.1", "short 0.05". */
export function signedSizeText(size: number): string {
  return `${size < 0 ? 'short' : 'long'} ${formatSize(Math.abs(size))}`;
}

/**
 * The breakdown's lines per coin: the strategies in the order the trader's list has them (the
 * first strategy first, deleted ones last), then the outside part when there is one. With the
 * live `orders`, each strategy's line carries its triggers in the coin.
 */
export function coinShares(breakdown: readonly PositionBreakdown[], strategies: readonly StrategyView[], orders?: readonly ProtectiveOrderView[]): CoinShares {
  const order = new Map(strategies.map((s, i) => [s.id, i]));
  const rank = (id: string) => order.get(id) ?? strategies.length;
  return new Map(
    breakdown.map((coin) => {
      const held = coin.strategies.filter((s) => s.size !== 0).sort((a, b) => rank(a.strategyId) - rank(b.strategyId));
      const triggersOf = (id: string) => (orders === undefined ? {} : { triggers: orders.filter((o) => o.strategyId === id && o.symbol === coin.symbol) });
      const lines: ShareLine[] = held.map((s) => ({
        key: s.strategyId,
        name: strategies.find((v) => v.id === s.strategyId)?.name ?? DELETED_NAME,
        size: signedSizeText(s.size),
        outside: false,
        ...triggersOf(s.strategyId),
      }));
      if (coin.outside !== 0) lines.push({ key: 'outside', name: OUTSIDE_NAME, size: signedSizeText(coin.outside), outside: true });
      return [coin.symbol, lines];
    }),
  );
}
