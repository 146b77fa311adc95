import { isSignalEvent, signalStreamId, streamEntityId, userStreamId, type ParsedAlert, type PushSubscriptionsState } from '@hyperhook/domain';
import { decodeRecordedEvent, decodeStreamEvents } from '@hyperhook/eventsourcing';
import type { GlobalPosition, RecordedEvent, StorePorts, Subscription } from '@hyperhook/store';
import { executedMessage, failedMessage, keysDeletedMessage, type PushMessage } from './pushMessageFor.js';
import { sendPushToSubscriptions, sendPushToUser, type PushSender } from './sendPushToUser.js';

/** Checkpoint name of the push notifier. */
export const PUSH_NOTIFIER_CHECKPOINT = 'push-notifier';

/** The events that notify: signal outcomes and keys deleted. */
const PUSH_EVENT_TYPES = ['SignalExecuted', 'SignalFailed', 'SignalRejected', 'CredentialsDeleted'];

/** Options of startPushNotifier. */
export type PushNotifierOptions = Omit<PushSender, 'eventStore'> & {
  readonly store: Pick<StorePorts, 'eventStore' | 'checkpoints'>;
  readonly onError?: (error: unknown) => void;
  /**
   * Longest the checkpoint is left behind batches that sent nothing, default 1 s. A batch that
   * tried a push saves it at once, so a restart never sends that push again; one that tried none
   * only costs a restart a re-read.
   */
  readonly idleCheckpointMs?: number;
  /** Milliseconds, monotonic; default performance.now. */
  readonly now?: () => number;
};

/**
 * The subscriptions of the event's owner, as its metadata names it, or null for events written
 * before owners were recorded there (those go the long way, through the signal's stream).
 */
async function ownerSubscriptions(sender: PushSender, recorded: RecordedEvent): Promise<PushSubscriptionsState['subscriptions'] | null> {
  const owner = recorded.metadata?.userId;
  return typeof owner === 'string' ? (await sender.subscriptions.get(userStreamId(owner))).subscriptions : null;
}

/** The user and the message a recorded event notifies, or null. */
async function messageFor(store: Pick<StorePorts, 'eventStore'>, recorded: RecordedEvent): Promise<{ uid: string; message: PushMessage } | null> {
  const decoded = decodeRecordedEvent(recorded);
  if (decoded.kind !== 'domain') return null;
  const { event, meta } = decoded.record;
  if (event.type === 'CredentialsDeleted') {
    const uid = streamEntityId(meta, 'user');
    return uid === null ? null : { uid, message: keysDeletedMessage() };
  }
  if (!isSignalEvent(event)) return null;
  const signalId = streamEntityId(meta, 'signal');
  if (signalId === null) return null;
  // The owner and the alert are on the signal's first event.
  const [first] = decodeStreamEvents(await store.eventStore.readStream(signalStreamId(signalId), { maxCount: 1 }));
  if (first?.type !== 'SignalReceived') return null;
  const alert: ParsedAlert | null = first.data.alert;
  const uid = first.data.userId;
  switch (event.type) {
    case 'SignalExecuted':
      return { uid, message: executedMessage(signalId, alert, event.data.avgPx) };
    case 'SignalFailed':
    case 'SignalRejected':
      return { uid, message: failedMessage(signalId, alert, event.data.reason) };
    default:
      return null;
  }
}

/**
 * Sends web-push notifications for signal outcomes and deleted keys, from a
 * catch-up subscription with its own checkpoint. The first start begins at the head — history
 * is never pushed. Delivery is at-least-once per api deployment: run it in one process (the
 * all-in-one `start`, or one gateway instance), or users get each notification once per instance.
 */
export async function startPushNotifier(options: PushNotifierOptions): Promise<{ readonly subscription: Subscription; stop(): Promise<void> }> {
  const { store } = options;
  const onError = options.onError ?? ((error: unknown) => console.error('push notifier failed', error));
  const stored = await store.checkpoints.get(PUSH_NOTIFIER_CHECKPOINT);
  const from = stored ?? (await store.eventStore.headPosition());
  const sender: PushSender = { ...options, eventStore: store.eventStore };
  const idleCheckpointMs = options.idleCheckpointMs ?? 1_000;
  const now = options.now ?? (() => performance.now());
  // Most batches notify nobody (users without push subscriptions): saving the checkpoint after each
  // was one write per batch through the store's writer, for nothing a restart would miss.
  let savedAt = -Infinity;
  let unsaved: GlobalPosition | undefined;
  const save = async (position: GlobalPosition) => {
    await store.checkpoints.set(PUSH_NOTIFIER_CHECKPOINT, position);
    savedAt = now();
    unsaved = undefined; // batches come one at a time, so nothing later is left unsaved
  };
  const subscription = store.eventStore.subscribeToAll({
    fromPosition: from,
    filter: { types: PUSH_EVENT_TYPES },
    onBatch: async (batch) => {
      let tried = false;
      for (const recorded of batch.events) {
        try {
          // Most users have no subscription: then the signal's stream is not read at all.
          const known = await ownerSubscriptions(sender, recorded);
          if (known !== null && Object.keys(known).length === 0) continue;
          const target = await messageFor(store, recorded);
          if (target === null) continue;
          tried = true;
          await (known === null ? sendPushToUser(sender, target.uid, target.message) : sendPushToSubscriptions(sender, target.uid, known, target.message));
        } catch (error) {
          onError(error);
        }
      }
      if (tried || now() - savedAt >= idleCheckpointMs) await save(batch.position);
      else unsaved = batch.position;
    },
  });
  subscription.done.catch(onError);
  return {
    subscription,
    async stop() {
      await subscription.stop();
      // Best effort: what it would save sent nothing, so losing it costs the next start a re-read.
      if (unsaved !== undefined) await save(unsaved).catch(() => undefined);
    },
  };
}
