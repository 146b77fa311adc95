import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { forgetPersistedCaches, persistUserCache } from '../offline/persistUserCache';
import { useSessionStore } from './sessionStore';

/**
 * Server state belongs to one user: persisted while they are signed in, wiped when they leave or
 * another user arrives. Only a change of user clears it — clearing at start-up would also drop the
 * public queries (sign-in providers, configuration) the first screen is loading.
 */
export function useUserScopedCache(): void {
  const queryClient = useQueryClient();
  const uid = useSessionStore((state) => state.session?.user.uid ?? null);
  // Cleared from the store's own subscription, synchronously when the user changes: an effect
  // would run after the screens of the new user had mounted and started their first reads, and
  // clearing then would orphan those reads (the screen would stay "Loading...").
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if ((state.session?.user.uid ?? null) !== (previous.session?.user.uid ?? null)) queryClient.clear();
      }),
    [queryClient],
  );
  useEffect(() => {
    if (uid === null) {
      forgetPersistedCaches();
      return;
    }
    return persistUserCache(queryClient, uid);
  }, [queryClient, uid]);
}
