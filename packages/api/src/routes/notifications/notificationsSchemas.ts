import { NotificationDeliveriesSchema, NotificationsViewSchema, NotificationTestResultsSchema, SavedNotificationsSchema } from '@hyperhook/domain';
import { envelopeOf } from '../auth/schemas.js';

/** GET /api/notifications. */
export const NotificationsAnswer = envelopeOf(NotificationsViewSchema);

/** PUT /api/notifications: a new webhook channel's signing secret, this once. */
export const SavedNotificationsAnswer = envelopeOf(SavedNotificationsSchema);

/** POST /api/notifications/test. */
export const TestAnswer = envelopeOf(NotificationTestResultsSchema);

/** GET /api/notifications/deliveries. */
export const DeliveriesAnswer = envelopeOf(NotificationDeliveriesSchema);
