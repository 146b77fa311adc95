import { useEffect } from 'react';
import { renewSession } from './sessionRenewal';
import { useSessionStore } from './sessionStore';
import { msUntilRefresh } from './tokenExpiry';

/** The longest delay `setTimeout` keeps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Renews the access token a minute before it expires, and when a sleeping phone wakes up. */
export function useScheduledRenewal(): void {
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
