import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentAccessToken } from '../../lib/auth/sessionRenewal';
import { useSessionStore } from '../../lib/auth/sessionStore';
import { applyLiveMessage } from './applyLiveMessage';
import { LiveConnection } from './liveConnection';
import { useLiveStore } from './liveStore';

/**
 * Keeps the dashboard's server state live while it is open: one socket per signed-in session,
 * opened again after each token renewal so the server always holds a valid identity.
 */
export function useLiveConnection(): void {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.session?.token ?? null);
  useEffect(() => {
    if (token === null) return;
    const versions = new Map<string, number>();
    const connection = new LiveConnection({
      token: currentAccessToken,
      onMessage: (message) => applyLiveMessage(queryClient, message, versions),
      onStatus: (status) => useLiveStore.getState().set(status),
    });
    connection.start();
    return () => connection.stop();
  }, [queryClient, token]);
}
