import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../lib/auth/sessionStore';

/**
 * Keeps the dashboard's server state live while it is open: one socket per signed-in session,
 * opened again after each token renewal so the server always holds a valid identity. Its code (the
 * live messages' schemas and every read model they update) loads once the first screen has
 * rendered: the screen's own reads do not wait for it, and on a phone's slow network those bytes
 * would hold back the first paint (issue 44, point 6). Every connect starts with a resync, so
 * nothing sent meanwhile is missed.
 */
export function useLiveConnection(): void {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.session?.token ?? null);
  useEffect(() => {
    if (token === null) return;
    let stop: (() => void) | null = null;
    let ended = false;
    import('./liveSession').then(
      ({ startLiveSession }) => {
        if (!ended) stop = startLiveSession(queryClient);
      },
      (error: unknown) => console.error('The live connection could not load', error),
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, [queryClient, token]);
}
