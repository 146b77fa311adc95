import { SessionViewSchema, type RefreshBody } from '@hyperhook/domain';
import { api } from '../api/apiClient';
import { ApiError } from '../api/apiError';
import { endSessionBecause } from './endSession';
import { useSessionStore } from './sessionStore';
import { msUntilRefresh } from './tokenExpiry';

let inflight: Promise<string | null> | null = null;

/**
 * Renews the session through `POST /api/auth/refresh`. Refresh tokens rotate (the api revokes the
 * one used), so two tabs must never spend the same one: renewals run one at a time across tabs
 * (Web Locks), and a tab that finds another already renewed adopts the stored session instead.
 * A refusal (401) ends the session with the api's words; a network failure keeps it (offline).
 */
export function renewSession(): Promise<string | null> {
  inflight ??= lockAcrossTabs(renewOnce).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function lockAcrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks === undefined ? work() : locks.request('hyperhook-session-renewal', work);
}

async function renewOnce(): Promise<string | null> {
  const before = useSessionStore.getState().session;
  await useSessionStore.persist.rehydrate();
  const stored = useSessionStore.getState().session;
  if (stored === null) return null;
  if (before !== null && stored.refreshToken !== before.refreshToken && msUntilRefresh(stored.token, Date.now()) > 0) {
    // Another tab renewed while this one waited for the lock.
    useSessionStore.getState().begin(stored);
    return stored.token;
  }
  try {
    const renewed = await api('/api/auth/refresh', {
      method: 'POST',
      body: { refreshToken: stored.refreshToken } satisfies RefreshBody,
      schema: SessionViewSchema,
      auth: false,
    });
    useSessionStore.getState().begin(renewed);
    return renewed.token;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) endSessionBecause(error.message);
    return null;
  }
}

/** A valid access token for a call: renewed first when it expires within the margin. */
export async function currentAccessToken(): Promise<string | null> {
  const session = useSessionStore.getState().session;
  if (session === null) return null;
  if (msUntilRefresh(session.token, Date.now()) > 0) return session.token;
  return (await renewSession()) ?? useSessionStore.getState().session?.token ?? null;
}
