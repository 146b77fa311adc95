import type { QueryClient } from '@tanstack/react-query';
import { currentAccessToken } from '../../lib/auth/sessionRenewal';
import { applyLiveMessage } from './applyLiveMessage';
import { LiveConnection } from './liveConnection';
import { useLiveStore } from './liveStore';

/**
 * One live session: the `/api/live` socket, its messages applied to the server state in the
 * cache, its state in the header. Returns what ends it.
 */
export function startLiveSession(queryClient: QueryClient): () => void {
  const versions = new Map<string, number>();
  const connection = new LiveConnection({
    token: currentAccessToken,
    onMessage: (message) => applyLiveMessage(queryClient, message, versions),
    onStatus: (status) => useLiveStore.getState().set(status),
  });
  connection.start();
  return () => connection.stop();
}
