import { reloadIntoNewWorker } from '../features/update/reloadIntoNewWorker';

/**
 * Reloads the app into its newest version: a service worker waiting with the new release takes
 * over first (else the old one would serve the old page again), otherwise a plain reload.
 */
export function reloadApp(): void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (container === undefined) {
    window.location.reload();
    return;
  }
  const activate = async () => {
    (await container.getRegistration())?.waiting?.postMessage({ type: 'SKIP_WAITING' });
  };
  reloadIntoNewWorker(activate, container).catch(() => window.location.reload());
}
