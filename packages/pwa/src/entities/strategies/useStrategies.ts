import { FIRST_STRATEGY_ID, type StrategyView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth/useAuth';
import { pickStrategy } from './pickStrategy';
import { useSelectedStrategyStore } from './selectedStrategyStore';
import { strategiesQueryOptions } from './strategiesQuery';

/**
 * The signed-in trader's strategies (GET /api/strategies). `fresh` reads them again on mount: a
 * screen naming every strategy (the History) must know one made on another device since.
 */
export function useStrategies({ fresh = false }: { fresh?: boolean } = {}) {
  const { status } = useAuth();
  return useQuery({ ...strategiesQueryOptions, enabled: status === 'signedIn', ...(fresh ? { refetchOnMount: 'always' as const } : {}) });
}

const NONE: readonly StrategyView[] = [];

/**
 * The strategy the dashboard shows, the list it is chosen from and the way to choose. `strategy`
 * is undefined until the list has loaded (or when it failed): the tabs then behave as for the
 * first strategy, the account's own URL and settings — but only once `settled`: while another
 * remembered strategy's list is still loading, a tab waits rather than show the first one's URL,
 * which a trader could copy for the wrong strategy.
 */
export function useSelectedStrategy(): {
  strategies: readonly StrategyView[];
  strategy: StrategyView | undefined;
  select(id: string): void;
  multiple: boolean;
  settled: boolean;
} {
  const query = useStrategies();
  const wanted = useSelectedStrategyStore((state) => state.selectedId);
  const select = useSelectedStrategyStore((state) => state.select);
  const strategies = query.data ?? NONE;
  const settled = query.data !== undefined || query.isError || wanted === null || wanted === FIRST_STRATEGY_ID;
  return { strategies, strategy: pickStrategy(strategies, wanted), select, multiple: strategies.length > 1, settled };
}
