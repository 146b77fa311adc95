import {
  notificationPreferencesDecider,
  streamEntityId,
  userStreamId,
  type NotificationPreferencesState,
  type PushSubscriptionsState,
} from '@hyperhook/domain';
import {
  createStreamFoldCache,
  decodeRecordedEvent,
  followLog,
  namedCheckpoint,
  ownerInRecord,
  type LogFollower,
  type StreamFoldCache,
} from '@hyperhook/eventsourcing';
import type { EventStore, RecordedEvent, StorePorts } from '@hyperhook/store';
import { pickNotice } from '../notifications/noticeFor.js';
import { LOG_NOTICE_EVENT_TYPES, noticesFromLog } from '../notifications/noticesFromLog.js';
import { pushMessageOf } from './approvalActions.js';
import { keysDeletedMessage } from './pushMessageFor.js';
import { sendPushToSubscriptions, type PushSender } from './sendPushToUser.js';

/** Checkpoint name of the push notifier. */
export const PUSH_NOTIFIER_CHECKPOINT = 'push-notifier';

/** The events that notify: signal outcomes, fills (liquidations) and keys deleted. */
const PUSH_EVENT_TYPES = [...LOG_NOTICE_EVENT_TYPES, 'CredentialsDeleted'];

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
  /** Each user's notice preferences (which events web push sends); default a cache of this store's. */
  readonly preferences?: StreamFoldCache<NotificationPreferencesState>;
  /**
   * The key of the tokens an entry awaiting approval's push carries on its Approve and Reject
   * buttons (approvalTokenKey of the gateway's session key): the api that checks them must share it.
   */
  readonly approvalKey: Uint8Array;
};

/** The preferences reader a push sender keeps for its event store. */
export function notificationPreferencesOf(eventStore: EventStore): StreamFoldCache<NotificationPreferencesState> {
  return createStreamFoldCache(eventStore, notificationPreferencesDecider);
}

/** The user and the message a recorded event notifies, or null: only the events the user picked for web push. */
async function messageFor(
  options: PushNotifierOptions,
  preferences: StreamFoldCache<NotificationPreferencesState>,
  recorded: RecordedEvent,
  known: PushSubscriptionsState['subscriptions'] | null,
) {
  if (recorded.type === 'CredentialsDeleted') {
    const decoded = decodeRecordedEvent(recorded);
    const uid = decoded.kind === 'domain' ? streamEntityId(decoded.record.meta, 'user') : null;
    return uid === null ? null : { uid, subscriptions: known, message: keysDeletedMessage() };
  }
  // Links are relative: the service worker opens them on the product's own origin.
  const found = await noticesFromLog(options.store.eventStore, '', recorded);
  if (found === null) return null;
  const subscriptions = known ?? (await options.subscriptions.get(userStreamId(found.uid))).subscriptions;
  if (Object.keys(subscriptions).length === 0) return null;
  const notice = pickNotice(found.notices, (await preferences.get(userStreamId(found.uid))).preferences.webPush.events);
  return notice === undefined ? null : { uid: found.uid, subscriptions, message: pushMessageOf(notice, found.uid, options.approvalKey, options.clock()) };
}

/**
 * Sends web-push notifications for signal outcomes, entries awaiting approval (with Approve and
 * Reject buttons), wallet refusals, liquidations (the events
 * each user picked for web push) and deleted keys, following the log (followLog) with its own
 * checkpoint. The first start begins at the head — history
 * is never pushed. Delivery is at-least-once per api deployment: run it in one process (the
 * all-in-one `start`, or one gateway instance), or users get each notification once per instance.
 */
export async function startPushNotifier(options: PushNotifierOptions): Promise<{ readonly subscription: LogFollower; stop(): Promise<void> }> {
  const { store } = options;
  const onError = options.onError ?? ((error: unknown) => console.error('push notifier failed', error));
  const sender: PushSender = { ...options, eventStore: store.eventStore };
  const preferences = options.preferences ?? notificationPreferencesOf(store.eventStore);
  const follower = followLog({
    eventStore: store.eventStore,
    checkpoint: namedCheckpoint(store.checkpoints, PUSH_NOTIFIER_CHECKPOINT),
    startAt: 'head',
    // Most batches notify nobody (users without push subscriptions): saving the checkpoint after each
    // was one write per batch through the store's writer, for nothing a restart would miss.
    saving: { kind: 'afterBatch', idleMs: options.idleCheckpointMs ?? 1_000, ...(options.now ? { now: options.now } : {}) },
    filter: { types: PUSH_EVENT_TYPES },
    handle: async (batch) => {
      let tried = false;
      for (const recorded of batch.events) {
        try {
          // Most users have no subscription: then nothing more is read at all.
          const owner = ownerInRecord(recorded);
          const known = owner === null ? null : (await sender.subscriptions.get(userStreamId(owner))).subscriptions;
          if (known !== null && Object.keys(known).length === 0) continue;
          const target = await messageFor(options, preferences, recorded, known);
          if (target === null) continue;
          tried = true;
          await sendPushToSubscriptions(
            sender,
            target.uid,
            target.subscriptions ?? (await sender.subscriptions.get(userStreamId(target.uid))).subscriptions,
            target.message,
          );
        } catch (error) {
          onError(error);
        }
      }
      return tried ? 'acted' : undefined;
    },
    onError,
  });
  await follower.started;
  return { subscription: follower, stop: () => follower.stop() };
}
