import { streamEntityId, type StoredNotificationChannel } from '@hyperhook/domain';
import { decodeRecordedEvent, followLog, namedCheckpoint, ownerInRecord, type LogFollower } from '@hyperhook/eventsourcing';
import type { Sealer } from '@hyperhook/secrets';
import type { StorePorts } from '@hyperhook/store';
import { channelsOf, openChannel } from './channelStore.js';
import type { DeliveryLog } from './deliveryLog.js';
import type { DeliveryQueue } from './deliveryQueue.js';
import { pickNotice } from './noticeFor.js';
import { LOG_NOTICE_EVENT_TYPES, noticesFromLog } from './noticesFromLog.js';

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
  /**
   * The delivery history: after a restart, a notice the history shows done with (delivered or
   * given up) for that channel is not handed over again. Without it, a replay may repeat one.
   */
  readonly log?: Pick<DeliveryLog, 'recent'>;
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
 * Delivers signal outcomes, wallet refusals and liquidations to the owners' channels (Telegram,
 * Discord, outgoing webhooks): it follows the log (followLog) with its own checkpoint, hands each
 * notice to the delivery queue and moves on, so a slow or failing channel never holds the log,
 * let alone trading. The checkpoint stays before a notice whose delivery is still being retried,
 * so a restart hands it over again (the retries waiting in memory are not lost), skipping what
 * the delivery history shows done with. The first start begins at the head (history is never
 * sent). Run it in one process per deployment.
 */
export async function startChannelNotifier(options: ChannelNotifierOptions): Promise<{ readonly subscription: LogFollower; stop(): Promise<void> }> {
  const { store } = options;
  const onError = options.onError ?? ((error: unknown) => console.error('channel notifier failed', error));
  // Up to the head at start, events may have been handed over before the restart: those are checked against the history.
  const replayUntil = await store.eventStore.headPosition();
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
  /** True when the history shows this event's notice done with for this channel (a replay after a restart). */
  const doneBefore = async (uid: string, eventId: string, channelId: string) => {
    const last = (await options.log?.recent(uid))?.find((attempt) => attempt.source === eventId && attempt.channelId === channelId);
    return last !== undefined && last.result !== 'retrying';
  };

  const follower = followLog({
    eventStore: store.eventStore,
    checkpoint: namedCheckpoint(store.checkpoints, CHANNEL_NOTIFIER_CHECKPOINT),
    startAt: 'head',
    // A batch that handed a notice over is saved at once (as far as deliveries settled), so a
    // restart does not send it again; so is each delivery settling.
    saving: { kind: 'afterBatch', idleMs: options.idleCheckpointMs ?? 1_000, ...(options.now ? { now: options.now } : {}) },
    filter: { types: CHANNEL_EVENT_TYPES },
    handle: async (batch, work) => {
      let handed = false;
      for (const recorded of batch.events) {
        try {
          if (recorded.type === 'NotificationChannelsUpdated') {
            const decoded = decodeRecordedEvent(recorded);
            const uid = decoded.kind === 'domain' ? streamEntityId(decoded.record.meta, 'user') : null;
            if (uid !== null) channels.delete(uid);
            continue;
          }
          const owner = ownerInRecord(recorded);
          // Most users have no channel: then nothing more is read at all.
          if (owner !== null && (await channelsOfUser(owner)).length === 0) continue;
          const found = await noticesFromLog(store.eventStore, options.publicUrl, recorded);
          if (found === null) continue;
          for (const channel of await channelsOfUser(found.uid)) {
            const notice = pickNotice(found.notices, channel.events);
            if (notice === undefined) continue;
            if (recorded.globalPosition <= replayUntil && (await doneBefore(found.uid, recorded.eventId, channel.id))) continue;
            try {
              const opened = await openChannel(options.sealer, found.uid, channel);
              // The checkpoint stays before this event until its delivery is done with (delivered or given up).
              const delivery = work.take(recorded.globalPosition);
              options.queue.enqueue(found.uid, opened, notice, { source: recorded.eventId, onSettled: delivery.finish });
              handed = true;
            } catch (error) {
              onError(error); // a shredded or unreadable secret: the other channels still get it
            }
          }
        } catch (error) {
          onError(error);
        }
      }
      return handed ? 'acted' : undefined;
    },
    onError,
  });
  await follower.started;
  return { subscription: follower, stop: () => follower.stop() };
}
