import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useAuth } from '../lib/auth/useAuth';
import { PageLoading } from './PageLoading';

/** Where a guarded page sends the user after signing in: back where they were going. */
export type FromState = { readonly from?: string } | null;

/** The screens a sign-in may return to; anything else in a history entry's state is ignored. */
const RETURN_SCREENS = ['/dashboard', '/history', '/performance'];

/**
 * The dashboard needs a signed-in user; others go to /login (and come back after). A stored session
 * still being checked ('loading') already shows its own screens: on a slow phone network waiting for
 * the check costs the trader a round trip before anything of theirs paints. Every read of those
 * screens carries the session's token, so a refused session still ends in /login, with nothing shown
 * that this device did not already hold.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const [path] = useLocation();
  const search = useSearch();
  if (status === 'signedOut') return <Redirect to="/login" replace state={{ from: `${path}${search === '' ? '' : `?${search}`}` } satisfies FromState} />;
  return children;
}

/** ROUTE-02, ROUTE-03: /login and /signup are for signed-out users; a signed-in one goes to the dashboard. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const from = (useHistoryState() as FromState)?.from;
  if (status === 'loading') return <PageLoading />;
  if (status === 'signedIn') {
    const back = typeof from === 'string' && RETURN_SCREENS.some((screen) => from.startsWith(screen));
    return <Redirect to={back ? from : '/dashboard'} replace />;
  }
  return children;
}
