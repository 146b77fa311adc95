import { create } from 'zustand';
import { ALL_TRADES, type TradeFilters } from './tradeFilters';

interface TradeFiltersState extends TradeFilters {
  set(patch: Partial<TradeFilters>): void;
  reset(): void;
}

/** The trade list's filters: client state, kept while the trader looks at another screen. */
export const useTradeFiltersStore = create<TradeFiltersState>()((set) => ({
  ...ALL_TRADES,
  set: (patch) => set(patch),
  reset: () => set(ALL_TRADES),
}));
