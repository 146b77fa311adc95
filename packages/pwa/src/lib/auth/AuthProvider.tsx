import type { OidcProviderView } from '@hyperhook/domain';
import { useCallback, useMemo, type ReactNode } from 'react';
import { logIn, logOut, signUp } from './authApi';
import { signInWithPopup } from './oidcPopup';
import { currentAccessToken } from './sessionRenewal';
import { useSessionStore } from './sessionStore';
import { AuthContext, type AuthValue } from './useAuth';
import { useConfirmStoredSession } from './useConfirmStoredSession';
import { useScheduledRenewal } from './useScheduledRenewal';
import { useSessionAcrossTabs } from './useSessionAcrossTabs';
import { useUserScopedCache } from './useUserScopedCache';

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
