import { Field } from '../../components/Field';
import { isDefaultFilters, SIDE_OPTIONS, SORT_OPTIONS, type PositionSort, type SideFilter } from './positionFilters';
import { usePositionFiltersStore } from './positionFiltersStore';

/** Search, side filter, sort and Reset Filters. */
export function PositionsToolbar() {
  const { search, side, sort, set, reset } = usePositionFiltersStore();
  return (
    <div className="toolbar" role="search" aria-label="Filter positions">
      <Field label="Search">
        <input className="input" type="search" placeholder="Search symbol or position id" value={search} onChange={(e) => set({ search: e.target.value })} />
      </Field>
      <Field label="Side">
        <select className="select" value={side} onChange={(e) => set({ side: e.target.value as SideFilter })}>
          {SIDE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Sort by">
        <select className="select" value={sort} onChange={(e) => set({ sort: e.target.value as PositionSort })}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <button type="button" className="btn" onClick={reset} disabled={isDefaultFilters({ search, side, sort })}>
        Reset Filters
      </button>
    </div>
  );
}
