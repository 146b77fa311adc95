import type { SessionView, UserView } from '@hyperhook/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_STORAGE_KEY } from './sessionStorageKey';

export { SESSION_STORAGE_KEY };

/** Auth states of spec §4: no user, then loading, then a signed-in user. */
export type AuthStatus = 'signedOut' | 'loading' | 'signedIn';

/** The client's session: tokens and user persist; the status is worked out again at every start. */
export interface SessionState {
  readonly status: AuthStatus;
  readonly session: SessionView | null;
  /** Why the last session ended, when the api ended it (shown on the login page). */
  readonly endedBecause: string | null;
  /** Stores a new session (sign-in, sign-up, refresh, OIDC) and marks the user signed in. */
  begin(session: SessionView): void;
  /** The stored session was checked with the api (or cannot be, offline): the user is signed in. Ignored for another user's session. */
  confirm(user: UserView): void;
  /** Forgets the session; `reason` is kept when the api ended it, not the user. */
  end(reason?: string): void;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      status: 'signedOut',
      session: null,
      endedBecause: null,
      begin: (session) => set({ session, status: 'signedIn', endedBecause: null }),
      // Only for the session it checked: another tab may have signed someone else in meanwhile.
      confirm: (user) =>
        set((state) => (state.session === null || state.session.user.uid !== user.uid ? state : { status: 'signedIn', session: { ...state.session, user } })),
      end: (reason) => set({ session: null, status: 'signedOut', endedBecause: reason ?? null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ session: state.session }),
      // A stored session is only a claim until the api has seen its token: loading, not signed in.
      merge: (persisted, current) => {
        const session = (persisted as { session?: SessionView | null } | undefined)?.session ?? null;
        return { ...current, session, status: session === null ? 'signedOut' : current.status === 'signedIn' ? 'signedIn' : 'loading' };
      },
    },
  ),
);
