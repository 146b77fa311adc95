/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(next: BeforeInstallPromptEvent | null): void {
  offer = next;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install offer from start-up on. Chromium fires `beforeinstallprompt` once
 * per page load — usually while the landing or sign-up screen shows, before the dashboard header
 * and its "Install app" button exist — so a listener that only the header adds misses it until
 * the next reload. Call once, before rendering. Answers the function that stops listening.
 */
export function captureInstallPrompt(target: Window = window): () => void {
  const onPrompt = (event: Event) => {
    // Keep Chromium's own mini-infobar away: the header offers the install where it fits.
    event.preventDefault();
    set(event as BeforeInstallPromptEvent);
  };
  const onInstalled = () => set(null);
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/** The pending install offer, if the browser made one (useSyncExternalStore's snapshot). */
export const installOffer = (): BeforeInstallPromptEvent | null => offer;

/** Calls `onChange` whenever the offer comes or goes; answers the unsubscribe. */
export function subscribeInstallOffer(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The offer was used (an offer can be prompted once): forget it. */
export function clearInstallOffer(): void {
  set(null);
}
