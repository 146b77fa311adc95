import type { TolerantNotificationsView } from '@hyperhook/domain';
import type { NotificationsDraft } from './notificationsDraft';
import type { NotificationsFormState } from './useNotificationsForm';

/** What the form and its parts render from: the form's state and draft, the saved view, and the moment. */
export interface NotificationsFormProps {
  readonly form: NotificationsFormState;
  readonly draft: NotificationsDraft;
  readonly view: TolerantNotificationsView;
  readonly online: boolean;
  readonly now: number;
}
