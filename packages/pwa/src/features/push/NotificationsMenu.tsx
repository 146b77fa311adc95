import { useCallback, useId, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { useOnline } from '../../lib/offline/useOnline';
import { NotificationsPanel } from './NotificationsPanel';
import { useMenuDismiss } from './useMenuDismiss';
import { usePushNotifications } from './usePushNotifications';

/** The header's bell: turn push notifications on or off for this device, and send a test one. */
export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const online = useOnline();
  // Here, not in the panel: the subscription is looked up once, and a failure's reason outlives closing the panel.
  const push = usePushNotifications();
  const close = useCallback(() => setOpen(false), []);
  useMenuDismiss(open, wrapper, close);

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
      {open && <NotificationsPanel id={panelId} push={push} online={online} />}
    </div>
  );
}
