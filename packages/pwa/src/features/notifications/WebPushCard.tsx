import { Card } from '../../components/Card';
import { EventChoices } from './EventChoices';
import type { NotificationsFormProps } from './notificationsFormProps';

/** "Web push": the events sent to the trader's devices; nothing when the api answered without them. */
export function WebPushCard({ form, draft }: Pick<NotificationsFormProps, 'form' | 'draft'>) {
  if (draft.webPush === null) return null;
  return (
    <Card
      title="Web push"
      subtitle="The events that reach the devices where you turned notifications on (the bell at the top)."
      headingLevel={3}
      id="notification-web-push"
    >
      <EventChoices legend="Events sent by web push" events={draft.webPush} onChange={(events) => form.edit((d) => ({ ...d, webPush: events }), ['webPush'])} />
    </Card>
  );
}
