import { isSignalEvent, streamEntityId, signalStreamId, type StoredNotificationChannel } from '@hyperhook/domain';
import { decodeRecordedEvent, decodeStreamEvents } from '@hyperhook/eventsourcing';
import type { Sealer } from '@hyperhook/secrets';
import type { GlobalPosition, StorePorts, Subscription } from '@hyperhook/store';
import { channelsOf, openChannel } from './channelStore.js';
import type { DeliveryQueue } from './deliveryQueue.js';
import { noticeFor, type SignalOutcome } from './noticeFor.js';

/** Checkpoint name of the channel notifier. */
export const CHANNEL_NOTIFIER_CHECKPOINT = 'channel-notifier';

/** The outcomes that may notify, and the channel changes the notifier keeps up with. */
const CHANNEL_EVENT_TYPES = ['SignalExecuted', 'SignalFailed', 'SignalRejected', 'NotificationChannelsUpdated'];

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
 * Delivers signal outcomes to the owners' channels (Telegram, Discord, outgoing webhooks): a
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
          const decoded = decodeRecordedEvent(recorded);
          if (decoded.kind !== 'domain') continue;
          const { event, meta } = decoded.record;
          if (event.type === 'NotificationChannelsUpdated') {
            const uid = streamEntityId(meta, 'user');
            if (uid !== null) channels.delete(uid);
            continue;
          }
          if (!isSignalEvent(event) || (event.type !== 'SignalExecuted' && event.type !== 'SignalFailed' && event.type !== 'SignalRejected')) continue;
          const owner = recorded.metadata?.userId;
          // Most users have no channel: then the signal's stream is not read at all.
          if (typeof owner === 'string' && (await channelsOfUser(owner)).length === 0) continue;
          const signalId = streamEntityId(meta, 'signal');
          if (signalId === null) continue;
          const [first] = decodeStreamEvents(await store.eventStore.readStream(signalStreamId(signalId), { maxCount: 1 }));
          if (first?.type !== 'SignalReceived') continue;
          const uid = first.data.userId;
          const outcome: SignalOutcome = event.type === 'SignalExecuted' ? { type: event.type, avgPx: event.data.avgPx } : { type: event.type, reason: event.data.reason };
          const at = event.type === 'SignalExecuted' ? (event.data.filledAt ?? event.data.acknowledgedAt) : event.data.at;
          const notice = noticeFor(options.publicUrl, first.data, outcome, at);
          for (const channel of await channelsOfUser(uid)) {
            if (notice.event === 'test' || !channel.events.includes(notice.event)) continue;
            try {
              options.queue.enqueue(uid, await openChannel(options.sealer, uid, channel), notice);
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
