import { describe, expect, it } from 'vitest';
import { create, createStore } from 'zustand';
import { useConfirmStore } from '../components/confirmStore';
import { useLiveStore } from '../features/live/liveStore';
import { useLogsFilterStore } from '../features/logs/logsFilterStore';
import { usePositionFiltersStore } from '../features/positions/positionFiltersStore';
import { usePositionsSyncStore } from '../features/positions/positionsSyncStore';
import { usePositionsViewStore } from '../features/positions/positionsViewStore';
import { useStrategiesDialogStore } from '../features/strategies/strategiesDialogStore';
import { useTradingDialogStore } from '../features/trading/tradingDialogStore';
import { useSessionStore } from '../lib/auth/sessionStore';
import { SELECTED_STRATEGY_STORAGE_KEY, useSelectedStrategyStore } from '../entities/strategies/selectedStrategyStore';
import { THEME_STORAGE_KEY, useThemeStore } from '../lib/theme/themeStore';
import { useToastStore } from '../lib/toasts/toastStore';
import { testSession } from './fixtures';

// Made here, as a store added tomorrow would be: listed nowhere, it must be put back all the same.
const useCounterStore = create<{ count: number; add(): void }>()((set) => ({ count: 0, add: () => set((state) => ({ count: state.count + 1 })) }));
const counterStore = createStore<{ count: number }>()(() => ({ count: 0 }));

// The two tests run in order: the first changes every store, the second finds each as it was made.
describe('the stores between tests (issue 40, point 6)', () => {
  it('issue 40, point 6: given a test that changes every store, then each holds its change while the test runs', () => {
    useCounterStore.getState().add();
    counterStore.setState({ count: 7 });
    useToastStore.getState().show({ variant: 'info', title: 'left behind' });
    void useConfirmStore.getState().ask({ message: 'Sure?', confirmLabel: 'Yes' });
    useSessionStore.getState().begin(testSession());
    useSelectedStrategyStore.getState().select('st_eth');
    useThemeStore.getState().setTheme('dark');
    useStrategiesDialogStore.getState().show();
    useTradingDialogStore.getState().open('closeAll');
    useLiveStore.getState().set('live');
    useLogsFilterStore.getState().setFilters({ search: 'BTC' });
    usePositionsSyncStore.getState().begin();
    usePositionsViewStore.getState().show('account');
    usePositionFiltersStore.getState().set({ search: 'ETH' });

    expect([
      useCounterStore.getState().count,
      counterStore.getState().count,
      useToastStore.getState().toasts.length,
      useSessionStore.getState().status,
      useThemeStore.getState().theme,
    ]).toEqual([1, 7, 1, 'signedIn', 'dark']);
    expect(localStorage.getItem(SELECTED_STRATEGY_STORAGE_KEY)).toContain('st_eth');
  });

  it('issue 40, point 6: given the test before changed every store, then the next test finds each at its initial state, persisted ones too', () => {
    expect(useCounterStore.getState().count).toBe(0);
    expect(counterStore.getState().count).toBe(0);
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(useConfirmStore.getState().request).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedOut', session: null, endedBecause: null });
    expect(useSelectedStrategyStore.getState().selectedId).toBeNull();
    expect(useThemeStore.getState().theme).toBe('system');
    expect(useStrategiesDialogStore.getState().open).toBe(false);
    expect(useTradingDialogStore.getState().view).toBeNull();
    expect(useLiveStore.getState().status).toBe('connecting');
    expect(useLogsFilterStore.getState()).toMatchObject({ search: '', page: 1 });
    expect(usePositionsSyncStore.getState().syncing).toBe(false);
    expect(usePositionsViewStore.getState().view).toBe('own');
    expect(usePositionFiltersStore.getState().search).toBe('');
    // Nothing of the last test is left in storage for the next one's start-up to read.
    expect([localStorage.getItem(SELECTED_STRATEGY_STORAGE_KEY), localStorage.getItem(THEME_STORAGE_KEY)]).toEqual([null, null]);
  });
});
