import { toast } from '../toasts/toastStore';
import { useSessionStore } from './sessionStore';

/**
 * The api refused the session (a 401 that renewal could not cure): sign out cleanly with the
 * answer's own words, once, however many calls were in flight.
 */
export function endSessionBecause(message: string): void {
  if (useSessionStore.getState().session === null) return;
  useSessionStore.getState().end(message);
  toast({ variant: 'warning', title: 'You have been signed out', description: message });
}
