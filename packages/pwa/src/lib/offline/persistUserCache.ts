import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave } from '@tanstack/react-query-persist-client';

const PREFIX = 'hyperhook-cache-';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Keeps the signed-in user's server state in localStorage, under a key of their own, so the
 * dashboard shows the last loaded data offline (the service worker never caches /api answers).
 * Queries marked `meta: { persist: false }` (the webhook URL: it is a secret) are left out.
 * Returns the function that stops persisting: after it, nothing more is written — not even a save
 * the persister's throttle still holds, which would otherwise bring a signed-out user's data back.
 */
export function persistUserCache(queryClient: QueryClient, uid: string): () => void {
  let active = true;
  const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (key) => window.localStorage.getItem(key),
    setItem: (key, value) => {
      if (active) window.localStorage.setItem(key, value);
    },
    removeItem: (key) => window.localStorage.removeItem(key),
  };
  const persister = createSyncStoragePersister({ storage, key: `${PREFIX}${uid}`, throttleTime: 1_000 });
  const options = {
    queryClient,
    persister,
    buster: 'v1',
    dehydrateOptions: {
      shouldDehydrateQuery: (query: { state: { status: string }; meta?: Record<string, unknown> }) =>
        query.state.status === 'success' && query.meta?.persist !== false,
    },
  };
  const [stop, restored] = persistQueryClient({ ...options, maxAge: MAX_AGE_MS });
  // Saving starts with the next change after the restore: save once now, so what loaded meanwhile is kept too.
  void restored.then(() => (active ? persistQueryClientSave(options) : undefined));
  return () => {
    active = false;
    stop();
  };
}

/** Deletes every user's persisted data (sign-out): the next person on this device sees none of it. */
export function forgetPersistedCaches(): void {
  for (const key of Object.keys(window.localStorage)) {
    if (key.startsWith(PREFIX)) window.localStorage.removeItem(key);
  }
}
