import { PositionListSchema } from '@hyperhook/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useSessionStore } from '../../lib/auth/sessionStore';
import { toast } from '../../lib/toasts/toastStore';
import { usePositionsSyncStore } from './positionsSyncStore';
import { failureMessage } from '../../lib/api/apiError';

/** A sync failure without a message of its own. */
export const SYNC_FAILED = 'Failed to sync positions';

/**
 * Pulls positions and balances from Hyperliquid: GET /api/positions/sync
 * answers the fresh positions, which replace the list; the balance is read again. A sync asked
 * for while one runs is ignored. The button's sync toasts its outcome; the silent one of opening the tab only logs a failure.
 */
export async function syncPositions(queryClient: QueryClient, { silent }: { silent: boolean }): Promise<void> {
  const uid = useSessionStore.getState().session?.user.uid;
  if (uid === undefined || !usePositionsSyncStore.getState().begin()) return;
  // The answer belongs to the user who asked: drop it if they signed out meanwhile.
  const stillSameUser = () => useSessionStore.getState().session?.user.uid === uid;
  try {
    const positions = await api('/api/positions/sync', { schema: PositionListSchema });
    if (stillSameUser()) {
      queryClient.setQueryData(queryKeys.positions, positions);
      void queryClient.invalidateQueries({ queryKey: queryKeys.balance });
      // A sync can find what was traded outside hyperhook: each strategy's share is read again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.strategyPositions });
    }
    usePositionsSyncStore.getState().end({ uid, succeededAt: new Date().toISOString() });
    if (!silent) toast({ variant: 'success', title: 'Positions synced', description: 'Latest balances pulled from Hyperliquid.' });
  } catch (error) {
    usePositionsSyncStore.getState().end(null);
    if (silent) console.error('Silent positions sync failed', error);
    else toast({ variant: 'error', title: 'Unable to sync positions', description: failureMessage(error, SYNC_FAILED) });
  }
}
