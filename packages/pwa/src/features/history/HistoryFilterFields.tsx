import { HistoryCategorySchema, type HistoryCategory, type StrategyView } from '@hyperhook/domain';
import { Field } from '../../components/Field';
import { CATEGORY_LABELS, isoOfLocalInput, isUnfiltered, localInputOf, type HistoryFilters } from './historyFilters';

const CATEGORIES = Object.keys(CATEGORY_LABELS) as HistoryCategory[];

/** The History's filter fields (kind, strategy when there are several, from, to) and Reset Filters. */
export function HistoryFilterFields({
  id,
  filters,
  strategies,
  set,
  onReset,
}: {
  id: string;
  filters: HistoryFilters;
  strategies: readonly StrategyView[];
  set: (patch: Partial<HistoryFilters>) => void;
  onReset: () => void;
}) {
  return (
    <div id={id} className="toolbar history-filters" role="search" aria-label="Filter history">
      <Field label="Kind">
        <select className="select" value={filters.category ?? ''} onChange={(e) => set({ category: HistoryCategorySchema.safeParse(e.target.value).data })}>
          <option value="">All events</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </Field>
      {strategies.length > 1 && (
        <Field label="Strategy">
          <select className="select" value={filters.strategyId ?? ''} onChange={(e) => set({ strategyId: e.target.value === '' ? undefined : e.target.value })}>
            <option value="">All strategies</option>
            {strategies.map((strategy) => (
              <option key={strategy.id} value={strategy.id}>
                {strategy.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label="From">
        <input className="input" type="datetime-local" value={localInputOf(filters.since)} onChange={(e) => set({ since: isoOfLocalInput(e.target.value) })} />
      </Field>
      <Field label="To">
        <input
          className="input"
          type="datetime-local"
          value={localInputOf(filters.until)}
          onChange={(e) => set({ until: isoOfLocalInput(e.target.value, true) })}
        />
      </Field>
      <button type="button" className="btn" onClick={onReset} disabled={isUnfiltered(filters)}>
        Reset Filters
      </button>
    </div>
  );
}
