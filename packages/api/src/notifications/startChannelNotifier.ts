import { streamEntityId, type StoredNotificationChannel } from '@hyperhook/domain';
import { decodeRecordedEvent } from '@hyperhook/eventsourcing';
import type { Sealer } from '@hyperhook/secrets';
import type { GlobalPosition, StorePorts, Subscription } from '@hyperhook/store';
import { channelsOf, openChannel } from './channelStore.js';
import type { DeliveryLog } from './deliveryLog.js';
import type { DeliveryQueue } from './deliveryQueue.js';
import { pickNotice } from './noticeFor.js';
import { LOG_NOTICE_EVENT_TYPES, noticesFromLog, ownerOf } from './noticesFromLog.js';
import { createSettledWatermark } from './settledWatermark.js';

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
 * Discord, outgoing webhooks): a catch-up subscription with its own checkpoint, which hands each
 * notice to the delivery queue and moves on, so a slow or failing channel never holds the log,
 * let alone trading. The checkpoint stays before a notice whose delivery is still being retried,
 * so a restart hands it over again (the retries waiting in memory are not lost), skipping what
 * the delivery history shows done with. The first start begins at the head (history is never
 * sent). Run it in one process per deployment.
 */
export async function startChannelNotifier(options: ChannelNotifierOptions): Promise<{ readonly subscription: Subscription; stop(): Promise<void> }> {
  const { store } = options;
  const onError = options.onError ?? ((error: unknown) => console.error('channel notifier failed', error));
  const stored = await store.checkpoints.get(CHANNEL_NOTIFIER_CHECKPOINT);
  const head = await store.eventStore.headPosition();
  const from = stored ?? head;
  // Up to the head at start, events may have been handed over before the restart: those are checked against the history.
  const replayUntil = stored === undefined ? from : head;
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
  const watermark = createSettledWatermark(from);
  let savedAt = -Infinity;
  // Undefined until a first save: a first start must record where it began, even with a delivery open.
  let saved: GlobalPosition | undefined = stored;
  let unsaved = false;
  // Saves come from batches and from deliveries settling: chained, so an older position never lands last.
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    saving = saving.then(async () => {
      const position = watermark.position;
      unsaved = false;
      if (position === saved) return;
      await store.checkpoints.set(CHANNEL_NOTIFIER_CHECKPOINT, position);
      saved = position;
      savedAt = now();
    });
    return saving;
  };
  /** True when the history shows this event's notice done with for this channel (a replay after a restart). */
  const doneBefore = async (uid: string, eventId: string, channelId: string) => {
    const last = (await options.log?.recent(uid))?.find((attempt) => attempt.source === eventId && attempt.channelId === channelId);
    return last !== undefined && last.result !== 'retrying';
  };

  const subscription = store.eventStore.subscribeToAll({
    fromPosition: from,
    filter: { types: CHANNEL_EVENT_TYPES },
    onBatch: async (batch) => {
      let handed = false;
      const before = watermark.advance(batch.position);
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
            if (recorded.globalPosition <= replayUntil && (await doneBefore(found.uid, recorded.eventId, channel.id))) continue;
            try {
              const opened = await openChannel(options.sealer, found.uid, channel);
              const release = watermark.hold(batch.position, before);
              options.queue.enqueue(found.uid, opened, notice, { source: recorded.eventId, onSettled: () => (release(), void save().catch(onError)) });
              handed = true;
            } catch (error) {
              onError(error); // a shredded or unreadable secret: the other channels still get it
            }
          }
        } catch (error) {
          onError(error);
        }
      }
      // A batch that handed a notice over is saved at once (as far as deliveries settled), so a restart does not send it again.
      if (handed || now() - savedAt >= idleCheckpointMs) await save();
      else unsaved = true;
    },
  });
  subscription.done.catch(onError);
  return {
    subscription,
    async stop() {
      await subscription.stop();
      // Best effort: what it would save handed nothing over, so losing it costs the next start a re-read.
      if (unsaved) await save().catch(() => undefined);
      await saving.catch(() => undefined);
    },
  };
}
