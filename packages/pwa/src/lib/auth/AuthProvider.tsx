import type { OidcProviderView } from '@hyperhook/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { ApiError } from '../api/apiError';
import { forgetPersistedCaches, persistUserCache } from '../offline/persistUserCache';
import { currentUser, logIn, logOut, signUp } from './authApi';
import { signInWithPopup } from './oidcPopup';
import { currentAccessToken, renewSession } from './sessionRenewal';
import { SESSION_STORAGE_KEY, useSessionStore } from './sessionStore';
import { msUntilRefresh } from './tokenExpiry';
import { AuthContext, type AuthValue } from './useAuth';

/** Checks a stored session once at start-up: the api's answer, not the token, decides. */
function useConfirmStoredSession(): void {
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

/** The longest delay `setTimeout` keeps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Renews the access token a minute before it expires, and when a sleeping phone wakes up. */
function useScheduledRenewal(): void {
  const token = useSessionStore((state) => state.session?.token ?? null);
  useEffect(() => {
    if (token === null) return;
    const wait = Math.max(0, msUntilRefresh(token, Date.now()));
    // A browser fires at once a timer set beyond 2^31 - 1 ms (24.8 days): a token that far from
    // expiring gets no timer; the wake-up check and a 401's renewal still cover it.
    const timer = wait <= MAX_TIMER_MS ? window.setTimeout(() => void renewSession(), wait) : undefined;
    const onVisible = () => {
      if (document.visibilityState === 'visible' && msUntilRefresh(token, Date.now()) <= 0) void renewSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token]);
}

/** Another tab signed in, renewed or signed out: follow it. */
function useSessionAcrossTabs(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY) void useSessionStore.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

/**
 * Server state belongs to one user: persisted while they are signed in, wiped when they leave or
 * another user arrives. Only a change of user clears it — clearing at start-up would also drop the
 * public queries (sign-in providers, configuration) the first screen is loading.
 */
function useUserScopedCache(): void {
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

/**
 * The auth context: sign-in, sign-up, provider popups and sign-out
 * through the product's own api, the session kept fresh and shared between tabs.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.session?.user ?? null);
  useConfirmStoredSession();
  useScheduledRenewal();
  useSessionAcrossTabs();
  useUserScopedCache();

  const signIn = useCallback(async (email: string, password: string) => {
    useSessionStore.getState().begin(await logIn(email, password));
  }, []);
  const register = useCallback(async (email: string, password: string, confirmPassword: string) => {
    useSessionStore.getState().begin(await signUp(email, password, confirmPassword));
  }, []);
  const signInWithProvider = useCallback(async (provider: OidcProviderView) => {
    const session = await signInWithPopup(provider, `Failed to sign in with ${provider.label}`);
    if (session === null) return false;
    useSessionStore.getState().begin(session);
    return true;
  }, []);
  const signOut = useCallback(async () => {
    // The logout call renews first when the access token is due, which replaces the refresh token:
    // renew before reading the refresh token to revoke, or the new one would stay valid.
    await currentAccessToken().catch(() => null);
    const session = useSessionStore.getState().session;
    // Revoking on the server is best effort: the device forgets the tokens either way.
    if (session !== null) await logOut(session.refreshToken).catch(() => undefined);
    useSessionStore.getState().end();
  }, []);

  const value = useMemo<AuthValue>(
    () => ({ status, user, signIn, signUp: register, signInWithProvider, signOut }),
    [status, user, signIn, register, signInWithProvider, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
