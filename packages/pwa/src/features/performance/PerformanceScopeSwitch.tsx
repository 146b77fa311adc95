import { SegmentedSwitch } from '../../components/SegmentedSwitch';
import type { PerformanceScope } from './performanceScope';

/** The switch between the strategy chosen in the header and the whole live account. */
export function PerformanceScopeSwitch({
  scope,
  strategyName,
  onChange,
}: {
  scope: PerformanceScope;
  strategyName: string;
  onChange(next: PerformanceScope): void;
}) {
  return (
    <SegmentedSwitch
      label="Show the performance of"
      options={[
        { value: 'strategy', label: strategyName },
        { value: 'account', label: 'Whole account' },
      ]}
      value={scope}
      onChange={onChange}
    />
  );
}
