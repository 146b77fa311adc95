import type { StrategyView } from '@hyperhook/domain';
import { useId } from 'react';
import { ALL_STRATEGIES, useLogsFilterStore } from './logsFilterStore';

/**
 * Narrows the whole tab — the four cards, the chips and the table — to one strategy's signals
 * (issue 29, point 1), or shows all of them. Only there when the trader has more than one strategy.
 */
export function LogsStrategyScope({ strategies, value }: { strategies: readonly StrategyView[]; value: string }) {
  const setStrategy = useLogsFilterStore((state) => state.setStrategy);
  const id = useId();
  return (
    <div className="logs-scope__field">
      <label className="logs-scope__label" htmlFor={id}>
        Strategy
      </label>
      <select id={id} className="select" value={value} onChange={(event) => setStrategy(event.target.value)}>
        <option value={ALL_STRATEGIES}>All strategies</option>
        {strategies.map((strategy) => (
          <option key={strategy.id} value={strategy.id}>
            {strategy.paused ? `${strategy.name} (paused)` : strategy.name}
          </option>
        ))}
      </select>
    </div>
  );
}
