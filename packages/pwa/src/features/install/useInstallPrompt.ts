import { useCallback, useEffect, useState } from 'react';

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

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
 * The install offer: `canInstall` once the browser fired `beforeinstallprompt` (and `install()`
 * shows its sheet), `iosHint` on iOS Safari, where the Share menu is the only way (and web push
 * needs the installed app).
 */
export function useInstallPrompt(): { canInstall: boolean; install(): Promise<void>; iosHint: boolean } {
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setDeferred(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setDeferred(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  const install = useCallback(async () => {
    if (deferred === null) return;
    await deferred.prompt();
    await deferred.userChoice;
    setDeferred(null);
  }, [deferred]);
  const iosHint = !isStandalone() && isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0);
  return { canInstall: deferred !== null, install, iosHint };
}
