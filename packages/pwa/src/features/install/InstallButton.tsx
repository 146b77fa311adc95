import { useState } from 'react';
import { useInstallPrompt } from './useInstallPrompt';

/** "Install app" where the browser offers it; on iOS, how to add the app to the Home Screen. */
export function InstallButton() {
  const { canInstall, install, iosHint } = useInstallPrompt();
  const [showHint, setShowHint] = useState(false);
  if (canInstall) {
    return (
      <button type="button" className="btn btn--small" onClick={() => void install()}>
        Install app
      </button>
    );
  }
  if (!iosHint) return null;
  return (
    <div className="ios-install">
      <button type="button" className="btn btn--small" aria-expanded={showHint} onClick={() => setShowHint((v) => !v)}>
        Add to Home Screen
      </button>
      {showHint && (
        <p className="notice ios-install__hint" role="note">
          Tap the Share button <span aria-hidden="true">⎋</span> in Safari, then <strong>Add to Home Screen</strong>. Notifications on iPhone work only in the installed app.
        </p>
      )}
    </div>
  );
}
