import { useCallback, useSyncExternalStore } from 'react';
import { clearInstallOffer, installOffer, subscribeInstallOffer } from './installPromptStore';

/** True on iPhone and iPad Safari, which has no install prompt: users add the app from the Share menu. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}

/** True when the app already runs installed (standalone window). */
export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

/**
 * The install offer: `canInstall` once the browser fired `beforeinstallprompt` (captured from
 * start-up by captureInstallPrompt; `install()` shows its sheet), `iosHint` on iOS Safari, where
 * the Share menu is the only way (and web push needs the installed app).
 */
export function useInstallPrompt(): { canInstall: boolean; install(): Promise<void>; iosHint: boolean } {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, () => null);
  const install = useCallback(async () => {
    if (offer === null) return;
    // An offer can be prompted once, whatever the trader answers.
    clearInstallOffer();
    await offer.prompt();
    await offer.userChoice;
  }, [offer]);
  const iosHint = !isStandalone() && isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0);
  return { canInstall: offer !== null, install, iosHint };
}
