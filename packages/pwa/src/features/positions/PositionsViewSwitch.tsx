import type { StrategyView } from '@hyperhook/domain';
import { usePositionsViewStore, type PositionsView } from './positionsViewStore';

/** A strategy's own share, named after it ("Trend’s own"). */
export const ownLabel = (strategy: StrategyView) => `${strategy.name}’s own`;

/**
 * The switch between the strategy's own positions and the account's (issue 39): two pressed/unpressed
 * buttons, as the logs' status chips are, so each says what it shows.
 */
export function PositionsViewSwitch({ strategy }: { strategy: StrategyView }) {
  const { view, show } = usePositionsViewStore();
  const option = (value: PositionsView, label: string) => (
    <button type="button" className="positions-switch__option" aria-pressed={view === value} onClick={() => show(value)}>
      {label}
    </button>
  );
  return (
    <div className="positions-switch" role="group" aria-label="Show positions">
      {option('own', ownLabel(strategy))}
      {option('account', 'Whole account')}
    </div>
  );
}
