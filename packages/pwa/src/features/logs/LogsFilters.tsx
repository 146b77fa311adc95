import { Field } from '../../components/Field';
import { useLogsFilterStore } from './logsFilterStore';
import { isDefaultLogFilters } from './model/filterLogs';
import { STATUS_FILTER_OPTIONS, type StatusFilter } from '../../entities/signals/statuses';
import { TIMEFRAMES, type Timeframe } from './model/timeframes';

/** Search, status, timeframe and Reset Filters. */
export function LogsFilters() {
  const { search, status, timeframe, setFilters, reset } = useLogsFilterStore();
  return (
    <div className="toolbar" role="search" aria-label="Filter webhook logs">
      <Field label="Search">
        <input
          className="input"
          type="search"
          placeholder="Search symbol, action, payload, or log id"
          value={search}
          onChange={(e) => setFilters({ search: e.target.value })}
        />
      </Field>
      <Field label="Status">
        <select className="select" value={status} onChange={(e) => setFilters({ status: e.target.value as StatusFilter })}>
          {STATUS_FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Timeframe">
        <select className="select" value={timeframe} onChange={(e) => setFilters({ timeframe: e.target.value as Timeframe })}>
          {TIMEFRAMES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <button type="button" className="btn" onClick={reset} disabled={isDefaultLogFilters({ search, status, timeframe })}>
        Reset Filters
      </button>
    </div>
  );
}
