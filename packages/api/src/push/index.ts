/**
 * @hyperhook/api/push — the push notifier without the gateway: `hyperhook start` runs it on the
 * executor's thread, which need not load Fastify for it.
 */
export { startPushNotifier } from './startPushNotifier.js';
export { pushSubscriptionsOf } from './sendPushToUser.js';
export { loadVapidKeys, type VapidKeys } from './vapidKeys.js';
export { approvalTokenKey } from '../approvals/approvalToken.js';
export type { TargetPolicy } from '../notifications/targetGuard.js';
