import { PushButtons } from './PushButtons';
import type { PushNotifications } from './usePushNotifications';

/** The bell's open panel: what this browser can do with web push, why not when it cannot, and the buttons. */
export function NotificationsPanel({ id, push, online }: { id: string; push: PushNotifications; online: boolean }) {
  return (
    <div id={id} className="menu__panel card" role="region" aria-label="Notifications">
      <h2 className="card__title">Notifications</h2>
      {push.support === 'needsInstall' && (
        <p className="muted">On iPhone and iPad, notifications work in the installed app: tap Share, then Add to Home Screen, and open hyperhook from there.</p>
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
          <PushButtons push={push} online={online} />
        </>
      )}
    </div>
  );
}
