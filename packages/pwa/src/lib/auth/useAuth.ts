import type { OidcProviderView, UserView } from '@hyperhook/domain';
import { createContext, useContext } from 'react';
import type { AuthStatus } from './sessionStore';

/** What the auth context gives the screens (the user with its loading state, `status` 'loading'). */
export interface AuthValue {
  readonly status: AuthStatus;
  readonly user: UserView | null;
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string, confirmPassword: string): Promise<void>;
  /** Resolves false when the user closed the popup (ignored silently). */
  signInWithProvider(provider: OidcProviderView): Promise<boolean>;
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthValue | null>(null);

/** The auth context; it throws when a component uses it outside its provider. */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
