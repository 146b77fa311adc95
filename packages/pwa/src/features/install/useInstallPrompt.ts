import { useCallback, useSyncExternalStore } from 'react';
import { isIosSafari, isStandalone } from '../../lib/platform';
import { clearInstallOffer, installOffer, subscribeInstallOffer } from './installPromptStore';

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
