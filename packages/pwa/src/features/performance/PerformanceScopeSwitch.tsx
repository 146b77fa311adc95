import type { PerformanceScope } from './performanceScope';

/** The switch between the strategy chosen in the header and the whole live account: two pressed/unpressed buttons. */
export function PerformanceScopeSwitch({
  scope,
  strategyName,
  onChange,
}: {
  scope: PerformanceScope;
  strategyName: string;
  onChange(next: PerformanceScope): void;
}) {
  const option = (value: PerformanceScope, label: string) => (
    <button type="button" className="performance-switch__option" aria-pressed={scope === value} onClick={() => onChange(value)}>
      {label}
    </button>
  );
  return (
    <div className="performance-switch" role="group" aria-label="Show the performance of">
      {option('strategy', strategyName)}
      {option('account', 'Whole account')}
    </div>
  );
}
