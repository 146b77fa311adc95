import type { EventStore } from '@hyperhook/store';
import type { Sealer } from '@hyperhook/secrets';
import { channelsOf, openChannel } from './channelStore.js';
import type { DeliveryQueue } from './deliveryQueue.js';
import type { Notice } from './sendToChannel.js';

/** Sends a notice by web push to a user who picked its event for web push (see pushNotice). */
export type PushNotice = (uid: string, notice: Notice) => Promise<void>;

/** What handing a notice to every destination of its user needs. */
export interface NoticeDestinations {
  readonly eventStore: EventStore;
  readonly sealer: Sealer;
  readonly queue: DeliveryQueue;
  /** Web push, when this process sends it. */
  readonly push?: PushNotice | undefined;
  readonly onError: (error: unknown) => void;
}

/**
 * Hands a notice the log does not carry (a silence, the daily summary) to each channel of the user
 * that gets its event, and to web push. Channels go through the queue (retried, recorded); a
 * failing destination never keeps the others from theirs.
 */
export async function dispatchNotice(destinations: NoticeDestinations, uid: string, notice: Notice): Promise<void> {
  for (const channel of await channelsOf(destinations.eventStore, uid)) {
    if (!channel.events.some((event) => event === notice.event)) continue;
    try {
      destinations.queue.enqueue(uid, await openChannel(destinations.sealer, uid, channel), notice);
    } catch (error) {
      destinations.onError(error); // a shredded or unreadable secret
    }
  }
  await destinations.push?.(uid, notice).catch(destinations.onError);
}
