import type { QueryClient } from '@tanstack/react-query';
import { applyLiveMessage } from '../features/live/applyLiveMessage';

/**
 * A message from the live socket, applied to the cache as the live connection applies it: the
 * way a feature's test makes the server push data, as test/server.ts answers its requests,
 * without the feature importing the live feature.
 */
export function receiveLive(queryClient: QueryClient, message: Parameters<typeof applyLiveMessage>[1], versions: Map<string, number> = new Map()): void {
  applyLiveMessage(queryClient, message, versions);
}
