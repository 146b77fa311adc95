import type { StrategyView } from '@hyperhook/domain';
import { useId, useState } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { HistoryFilterFields } from './HistoryFilterFields';
import { activeFilterCount, isUnfiltered, type HistoryFilters } from './historyFilters';

/** Narrow screens, where the filters' one column would push the events below the fold. */
const NARROW_QUERY = '(max-width: 559px)';

/**
 * Kind, strategy and time: each change asks the api for the narrowed history. On a phone they fold
 * behind a "Filters" button that counts the ones on (issue 44, point 6: the events start on the
 * first screen), open at first only when a filter is on.
 */
export function HistoryFiltersBar({
  filters,
  strategies,
  onChange,
}: {
  filters: HistoryFilters;
  strategies: readonly StrategyView[];
  onChange: (next: HistoryFilters) => void;
}) {
  const set = (patch: Partial<HistoryFilters>) => onChange({ ...filters, ...patch });
  const narrow = useMediaQuery(NARROW_QUERY);
  const [open, setOpen] = useState(() => !isUnfiltered(filters));
  const id = useId();
  const on = activeFilterCount(filters);
  const fold = narrow && (
    <button type="button" className="btn history-filters__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
      {on === 0 ? 'Filters' : `Filters (${on} on)`}
    </button>
  );
  if (narrow && !open) return fold;
  return (
    <>
      {fold}
      <HistoryFilterFields id={id} filters={filters} strategies={strategies} set={set} onReset={() => onChange({})} />
    </>
  );
}
