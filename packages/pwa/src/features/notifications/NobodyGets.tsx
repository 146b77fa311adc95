import { eventText, offers } from './notificationEvents';
import type { NotificationsDraft } from './notificationsDraft';

/** Whether some destination (a channel, or web push) gets this event. */
const anyGets = (draft: NotificationsDraft, event: string) => draft.channels.some((c) => c.events.includes(event)) || (draft.webPush?.includes(event) ?? false);

/** A warning when an alarm or the summary is on but no destination gets its event. */
export function NobodyGets({ draft, event }: { draft: NotificationsDraft; event: string }) {
  if (!offers(event) || anyGets(draft, event)) return null;
  return <p className="notice notice--warning">No channel gets “{eventText(event).label}” yet: tick it on a channel above (or for web push).</p>;
}
