import { streamEntityId, type StoredNotificationChannel } from '@hyperhook/domain';
import { decodeRecordedEvent } from '@hyperhook/eventsourcing';
import type { Sealer } from '@hyperhook/secrets';
import type { GlobalPosition, StorePorts, Subscription } from '@hyperhook/store';
import { channelsOf, openChannel } from './channelStore.js';
import type { DeliveryQueue } from './deliveryQueue.js';
import { pickNotice } from './noticeFor.js';
import { LOG_NOTICE_EVENT_TYPES, noticesFromLog, ownerOf } from './noticesFromLog.js';

/** Checkpoint name of the channel notifier. */
export const CHANNEL_NOTIFIER_CHECKPOINT = 'channel-notifier';

/** The events that may notify (signal outcomes, fills), and the channel changes the notifier keeps up with. */
const CHANNEL_EVENT_TYPES = [...LOG_NOTICE_EVENT_TYPES, 'NotificationChannelsUpdated'];

/** Users whose channels are remembered at most; beyond it the memory starts afresh. */
const MAX_CACHED_USERS = 10_000;

/** Options of startChannelNotifier. */
export interface ChannelNotifierOptions {
  readonly store: Pick<StorePorts, 'eventStore' | 'checkpoints'>;
  readonly sealer: Sealer;
  readonly queue: DeliveryQueue;
  /** Origin of the product, for the links to log rows. */
  readonly publicUrl: string;
  readonly onError?: (error: unknown) => void;
  /**
   * Longest the checkpoint is left behind batches that handed nothing over, default 1 s: most
   * outcomes are of users without channels, and a checkpoint write per batch would go through the
   * store's writer, which orders share, for nothing a restart would miss.
   */
  readonly idleCheckpointMs?: number;
  /** Milliseconds, monotonic; default performance.now. */
  readonly now?: () => number;
}

/**
 * Delivers signal outcomes, wallet refusals and liquidations to the owners' channels (Telegram, Discord, outgoing webhooks): a
 * catch-up subscription with its own checkpoint, which hands each notice to the delivery queue
 * and moves on, so a slow or failing channel never holds the log, let alone trading. The first
 * start begins at the head (history is never sent). Run it in one process per deployment.
 */
export async function startChannelNotifier(options: ChannelNotifierOptions): Promise<{ readonly subscription: Subscription; stop(): Promise<void> }> {
  const { store } = options;
  const onError = options.onError ?? ((error: unknown) => console.error('channel notifier failed', error));
  const from = (await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT)) ?? (await store.eventStore.headPosition());
  // Channels per user as last read from the user stream; a NotificationChannelsUpdated the
  // subscription sees drops the user's entry, so the next outcome reads the stream again (never an
  // older set than the stream's: while catching up, the read may be ahead of the subscription).
  const channels = new Map<string, readonly StoredNotificationChannel[]>();
  const channelsOfUser = async (uid: string) => {
    let known = channels.get(uid);
    if (known === undefined) {
      known = await channelsOf(store.eventStore, uid);
      if (channels.size >= MAX_CACHED_USERS) channels.clear();
      channels.set(uid, known);
    }
    return known;
  };

  const idleCheckpointMs = options.idleCheckpointMs ?? 1_000;
  const now = options.now ?? (() => performance.now());
  let savedAt = -Infinity;
  let unsaved: GlobalPosition | undefined;
  const save = async (position: GlobalPosition) => {
    await store.checkpoints.set(CHANNEL_NOTIFIER_CHECKPOINT, position);
    savedAt = now();
    unsaved = undefined;
  };

  const subscription = store.eventStore.subscribeToAll({
    fromPosition: from,
    filter: { types: CHANNEL_EVENT_TYPES },
    onBatch: async (batch) => {
      let handed = false;
      for (const recorded of batch.events) {
        try {
          if (recorded.type === 'NotificationChannelsUpdated') {
            const decoded = decodeRecordedEvent(recorded);
            const uid = decoded.kind === 'domain' ? streamEntityId(decoded.record.meta, 'user') : null;
            if (uid !== null) channels.delete(uid);
            continue;
          }
          const owner = ownerOf(recorded);
          // Most users have no channel: then nothing more is read at all.
          if (owner !== null && (await channelsOfUser(owner)).length === 0) continue;
          const found = await noticesFromLog(store.eventStore, options.publicUrl, recorded);
          if (found === null) continue;
          for (const channel of await channelsOfUser(found.uid)) {
            const notice = pickNotice(found.notices, channel.events);
            if (notice === undefined) continue;
            try {
              options.queue.enqueue(found.uid, await openChannel(options.sealer, found.uid, channel), notice);
              handed = true;
            } catch (error) {
              onError(error); // a shredded or unreadable secret: the other channels still get it
            }
          }
        } catch (error) {
          onError(error);
        }
      }
      // A batch that handed a notice over is saved at once, so a restart does not send it again.
      if (handed || now() - savedAt >= idleCheckpointMs) await save(batch.position);
      else unsaved = batch.position;
    },
  });
  subscription.done.catch(onError);
  return {
    subscription,
    async stop() {
      await subscription.stop();
      // Best effort: what it would save handed nothing over, so losing it costs the next start a re-read.
      if (unsaved !== undefined) await save(unsaved).catch(() => undefined);
    },
  };
}
