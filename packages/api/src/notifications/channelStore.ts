import { foldState, notificationChannelsDecider, type NotificationChannelView, type StoredNotificationChannel } from '@hyperhook/domain';
import { readUserStream } from '@hyperhook/eventsourcing';
import type { Sealer } from '@hyperhook/secrets';
import type { EventStore } from '@hyperhook/store';
import type { DeliveryAttempt } from './deliveryLog.js';
import type { OpenChannel } from './sendToChannel.js';

/** The trader's channels, folded from `user-<uid>` (what the notifier will deliver to). */
export async function channelsOf(eventStore: EventStore, uid: string): Promise<readonly StoredNotificationChannel[]> {
  return foldState(notificationChannelsDecider, (await readUserStream(eventStore, uid)).events).channels;
}

/** Opens a channel's sealed secrets, for one delivery. */
export async function openChannel(sealer: Sealer, uid: string, channel: StoredNotificationChannel): Promise<OpenChannel> {
  switch (channel.type) {
    case 'telegram':
      return { id: channel.id, type: 'telegram', chatId: channel.target, botToken: await sealer.unseal(uid, channel.sealedBotToken) };
    case 'discord':
      return { id: channel.id, type: 'discord', url: await sealer.unseal(uid, channel.sealedUrl) };
    case 'webhook':
      return {
        id: channel.id,
        type: 'webhook',
        url: await sealer.unseal(uid, channel.sealedUrl),
        signingSecret: await sealer.unseal(uid, channel.sealedSigningSecret),
      };
  }
}

/** The view of a channel, given the user's recent attempts (newest first). */
export function channelView(channel: StoredNotificationChannel, attempts: readonly DeliveryAttempt[]): NotificationChannelView {
  const last = attempts.find((a) => a.channelId === channel.id);
  return {
    id: channel.id,
    type: channel.type,
    target: channel.target,
    events: [...channel.events],
    status: last === undefined ? 'untested' : last.result === 'delivered' ? 'ok' : 'failing',
    lastDelivery: last === undefined ? null : { at: last.at, result: last.result, error: last.error },
  };
}
