import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSessionStore } from '../../lib/auth/sessionStore';
import { useOnline } from '../../lib/offline/useOnline';
import { usePositionsSyncStore } from './positionsSyncStore';
import { syncPositions } from './syncPositions';

/**
 * The Positions tab's sync: a silent one each time the tab opens (skipped offline, where
 * it could only fail), and the button's. `lastSyncAt` is the last success of this user.
 */
export function usePositionsSync(): { syncing: boolean; lastSyncAt: string | null; sync(): void } {
  const queryClient = useQueryClient();
  const online = useOnline();
  const uid = useSessionStore((state) => state.session?.user.uid ?? null);
  const syncing = usePositionsSyncStore((state) => state.syncing);
  const lastSync = usePositionsSyncStore((state) => state.lastSync);

  useEffect(() => {
    // Only on opening the tab (and signing in on it): coming back online is not opening the tab.
    if (uid !== null && navigator.onLine !== false) void syncPositions(queryClient, { silent: true });
  }, [queryClient, uid]);

  const sync = useCallback(() => {
    if (online) void syncPositions(queryClient, { silent: false });
  }, [online, queryClient]);

  return { syncing, lastSyncAt: lastSync !== null && lastSync.uid === uid ? lastSync.at : null, sync };
}
