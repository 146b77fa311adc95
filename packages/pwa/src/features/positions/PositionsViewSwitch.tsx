import type { StrategyView } from '@hyperhook/domain';
import { SegmentedSwitch } from '../../components/SegmentedSwitch';
import { usePositionsViewStore } from './positionsViewStore';

/** A strategy's own share, named after it ("Trend’s own"). */
export const ownLabel = (strategy: StrategyView) => `${strategy.name}’s own`;

/** The switch between the strategy's own positions and the account's (issue 39). */
export function PositionsViewSwitch({ strategy }: { strategy: StrategyView }) {
  const { view, show } = usePositionsViewStore();
  return (
    <SegmentedSwitch
      label="Show positions"
      options={[
        { value: 'own', label: ownLabel(strategy) },
        { value: 'account', label: 'Whole account' },
      ]}
      value={view}
      onChange={show}
    />
  );
}
