import type { StrategyView } from '@hyperhook/domain';

/**
 * What the strategy's own list is (issue 39): Hyperliquid nets every strategy into one position
 * per coin, so without this line a trader would read the strategy's share as the account's.
 */
export function OwnPositionsNote({ strategy }: { strategy: StrategyView }) {
  return (
    <div className="own-note">
      <p className="own-note__title">{strategy.name}’s own positions</p>
      <p className="muted own-note__text">Its share of your Hyperliquid account: the size its alerts traded, its entry, its P&amp;L.</p>
    </div>
  );
}
