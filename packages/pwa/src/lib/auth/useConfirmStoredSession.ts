import { useEffect } from 'react';
import { ApiError } from '../api/apiError';
import { currentUser } from './authApi';
import { useSessionStore } from './sessionStore';

/** Checks a stored session once at start-up: the api's answer, not the token, decides. */
export function useConfirmStoredSession(): void {
  const status = useSessionStore((state) => state.status);
  useEffect(() => {
    if (status !== 'loading') return;
    const stored = useSessionStore.getState().session;
    currentUser().then(
      (user) => useSessionStore.getState().confirm(user),
      (error: unknown) => {
        // Offline or a server fault is no reason to sign out: keep the stored user (offline view).
        // A 401 has already ended the session in the api client.
        if (!(error instanceof ApiError && error.status === 401) && stored !== null) useSessionStore.getState().confirm(stored.user);
      },
    );
  }, [status]);
}
