import { Icon } from '../../components/Icon';
import { useId, useState } from 'react';
import { useInstallPrompt } from './useInstallPrompt';
import './install.css';

/**
 * The button's words: short on phones, where the header's action row has room for little. Each
 * button's accessible name starts with "Install", so it contains the visible label (WCAG 2.5.3).
 */
function Label({ short, long }: { short: string; long: string }) {
  return (
    <>
      <span className="install-button__short">{short}</span>
      <span className="install-button__long">{long}</span>
    </>
  );
}

/** "Install app" where the browser offers it; on iOS, how to add the app to the Home Screen. */
export function InstallButton() {
  const { canInstall, install, iosHint } = useInstallPrompt();
  const [showHint, setShowHint] = useState(false);
  const hintId = useId();
  if (canInstall) {
    return (
      <button
        type="button"
        className="btn btn--small install-button"
        aria-label="Install app"
        title="Install hyperhook as an app"
        onClick={() => void install()}
      >
        <Icon name="install" size={16} className="install-glyph" />
        <Label short="Install" long="Install app" />
      </button>
    );
  }
  if (!iosHint) return null;
  return (
    <div className="ios-install">
      <button
        type="button"
        className="btn btn--small install-button"
        aria-label="Install: Add to Home Screen"
        aria-expanded={showHint}
        aria-controls={showHint ? hintId : undefined}
        onClick={() => setShowHint((v) => !v)}
      >
        <Icon name="install" size={16} className="install-glyph" />
        <Label short="Install" long="Add to Home Screen" />
      </button>
      {showHint && (
        <div id={hintId} className="notice ios-install__hint" role="note">
          <p>
            Tap the Share button <Icon name="share" size={16} className="install-glyph" /> in Safari, then <strong>Add to Home Screen</strong>. Notifications on
            iPhone work only in the installed app.
          </p>
          <button type="button" className="btn btn--small" onClick={() => setShowHint(false)}>
            Got it
          </button>
        </div>
      )}
    </div>
  );
}
