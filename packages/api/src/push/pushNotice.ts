import { userStreamId, type NotificationPreferencesState } from '@hyperhook/domain';
import type { StreamFoldCache } from '@hyperhook/eventsourcing';
import type { Notice } from '../notifications/sendToChannel.js';
import { noticeMessage } from './pushMessageFor.js';
import { sendPushToSubscriptions, type PushSender } from './sendPushToUser.js';

/**
 * Web push for notices the log does not carry (a silence, the daily summary): sent to a user's
 * devices when the user picked the notice's event for web push. The link becomes relative to the
 * product's origin, as the service worker opens it.
 */
export function pushNoticeWith(sender: PushSender, preferences: StreamFoldCache<NotificationPreferencesState>, publicUrl: string) {
  return async (uid: string, notice: Notice): Promise<void> => {
    const { subscriptions } = await sender.subscriptions.get(userStreamId(uid));
    if (Object.keys(subscriptions).length === 0) return;
    if (!(await preferences.get(userStreamId(uid))).preferences.webPush.events.some((event) => event === notice.event)) return;
    const url = notice.url.startsWith(publicUrl) ? notice.url.slice(publicUrl.length) || '/' : notice.url;
    await sendPushToSubscriptions(sender, uid, subscriptions, noticeMessage({ ...notice, url }));
  };
}
