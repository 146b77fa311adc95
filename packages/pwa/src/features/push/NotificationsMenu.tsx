import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { useOnline } from '../../lib/offline/useOnline';
import { usePushNotifications } from './usePushNotifications';

/** The header's bell: turn push notifications on or off for this device, and send a test one. */
export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const online = useOnline();
  const push = usePushNotifications();

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="menu" ref={wrapper}>
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Notifications"
        title="Notifications"
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="bell" />
      </button>
      {open && (
        <div id={panelId} className="menu__panel card" role="region" aria-label="Notifications">
          <h2 className="card__title">Notifications</h2>
          {push.support === 'needsInstall' && (
            <p className="muted">
              On iPhone and iPad, notifications work in the installed app: tap Share, then Add to Home Screen, and open hyperhook from there.
            </p>
          )}
          {push.support === 'unsupported' && <p className="muted">This browser cannot receive web push notifications.</p>}
          {push.support === 'supported' && (
            <>
              <p className="muted">Get a notification on this device when an alert executes or fails. Tap it to open the alert&apos;s log.</p>
              {push.permission === 'denied' && (
                <p className="notice notice--warning">Notifications are blocked for this site. Allow them in your browser settings.</p>
              )}
              {push.problem !== null && !push.subscribed && (
                <p className="notice notice--error" role="alert">
                  <strong>Unable to turn on notifications.</strong> {push.problem}
                </p>
              )}
              <div className="button-row">
                {push.subscribed ? (
                  <>
                    <button type="button" className="btn btn--primary" disabled={push.busy || !online} onClick={() => void push.test()}>
                      Send a test notification
                    </button>
                    <button type="button" className="btn" disabled={push.busy || !online} onClick={() => void push.disable()}>
                      Turn off
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="btn btn--primary"
                    disabled={push.busy || !online || push.subscribed === null || push.permission === 'denied'}
                    aria-busy={push.busy}
                    onClick={() => void push.enable()}
                  >
                    {push.busy ? 'Turning on...' : 'Turn on notifications'}
                  </button>
                )}
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}
