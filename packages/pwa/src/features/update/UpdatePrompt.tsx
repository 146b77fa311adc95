import { useRegisterSW } from 'virtual:pwa-register/react';
import { reloadIntoNewWorker } from './reloadIntoNewWorker';
import './update.css';

/**
 * Registers the service worker (workbox-window through vite-plugin-pwa) and, when a new version
 * is waiting, offers to reload into it rather than swapping code under a trader's feet.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => console.error('service worker registration failed', error),
  });
  if (!needRefresh) return null;
  return (
    <div className="update-prompt card" role="alert">
      <p>
        <strong>A new version is available</strong>
        <span className="muted update-prompt__hint">Reload to start using it.</span>
      </p>
      <div className="button-row">
        <button type="button" className="btn btn--primary" onClick={() => void reloadIntoNewWorker(() => updateServiceWorker(true))}>
          Reload
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </button>
      </div>
    </div>
  );
}
