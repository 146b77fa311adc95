import { Field } from '../../components/Field';
import { OUTCOME_CHOICES, SIDE_CHOICES, type TradeFilters } from './tradeFilters';
import { useTradeFiltersStore } from './tradeFiltersStore';

/** Coin, side and outcome: the trade list's three filters. */
export function TradeFiltersBar({ coins }: { coins: readonly string[] }) {
  const { coin, side, outcome, set } = useTradeFiltersStore();
  return (
    <div className="performance-filters" role="search" aria-label="Filter trades">
      <Field label="Coin">
        <select className="select" value={coin} onChange={(e) => set({ coin: e.target.value })}>
          <option value="all">All</option>
          {coins.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Side">
        <select className="select" value={side} onChange={(e) => set({ side: e.target.value as TradeFilters['side'] })}>
          {SIDE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Outcome">
        <select className="select" value={outcome} onChange={(e) => set({ outcome: e.target.value as TradeFilters['outcome'] })}>
          {OUTCOME_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
