import { pushSubscriptionsDecider, userStreamId, type PushSubscriptionsState, type PushTestResult } from '@hyperhook/domain';
import { createStreamFoldCache, type StreamFoldCache } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';
import webpush from 'web-push';
import type { PushMessage } from './pushMessageFor.js';
import { handleUserCommand } from '../commands/handleUserCommand.js';
import { TargetRefusedError, type TargetPolicy } from '../notifications/targetGuard.js';
import { guardedPushAgent, pushEndpointRefusal } from './pushEndpointGuard.js';
import { PUSH_COMMAND_ATTEMPTS } from './pushCommandAttempts.js';
import type { VapidKeys } from './vapidKeys.js';

/** What sending needs. */
export type PushSender = {
  readonly eventStore: EventStore;
  readonly vapid: VapidKeys;
  /** VAPID `sub` claim: a mailto: or https: contact for the push service operator. */
  readonly subject: string;
  readonly clock: () => Date;
  /** Each user's subscriptions, folded from the user stream and kept: a user without any costs one indexed read. */
  readonly subscriptions: StreamFoldCache<PushSubscriptionsState>;
  /** Whether endpoints on private addresses may be contacted (HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS). */
  readonly targets: TargetPolicy;
  /** Hears why an endpoint was refused, not contacted; default a warning on stderr. */
  readonly onRefused?: (reason: string) => void;
};

/** The reason names the host only: an endpoint's path is the browser's capability, not for logs. */
const warnRefused = (reason: string) => console.warn(`web push endpoint refused, not contacted: ${reason}`);

/** The subscriptions reader a sender keeps for its event store. */
export function pushSubscriptionsOf(eventStore: EventStore): StreamFoldCache<PushSubscriptionsState> {
  return createStreamFoldCache(eventStore, pushSubscriptionsDecider);
}

/** Outcome of one fan-out: what `POST /api/push/test` answers. */
export type PushResult = Readonly<PushTestResult>;

/**
 * Sends `message` to every push subscription of `uid` (encrypted aes128gcm, VAPID-signed by
 * web-push). A subscription the push service reports gone (404, 410) is removed by appending
 * PushSubscriptionRemoved, so it is not tried again; other failures are counted, not retried
 * (a notification is a courtesy; the log is the record). An endpoint the target guard refuses is
 * counted as failed and reported, never contacted.
 */
export async function sendPushToUser(sender: PushSender, uid: string, message: PushMessage): Promise<PushResult> {
  return sendPushToSubscriptions(sender, uid, (await sender.subscriptions.get(userStreamId(uid))).subscriptions, message);
}

/** {@link sendPushToUser} for a caller that has just read the user's subscriptions. */
export async function sendPushToSubscriptions(
  sender: PushSender,
  uid: string,
  subscriptions: PushSubscriptionsState['subscriptions'],
  message: PushMessage,
): Promise<PushResult> {
  let sent = 0;
  let removed = 0;
  let failed = 0;
  const agent = guardedPushAgent(sender.targets);
  for (const [endpoint, keys] of Object.entries(subscriptions)) {
    try {
      // Judged again at every send, not only at subscribe time: the subscription may predate the
      // check or the switch's last setting, and its host name may resolve elsewhere by now.
      const refusal = await pushEndpointRefusal(endpoint, sender.targets);
      if (refusal !== undefined) {
        (sender.onRefused ?? warnRefused)(refusal);
        failed += 1;
        continue;
      }
      await webpush.sendNotification({ endpoint, keys }, JSON.stringify(message), {
        vapidDetails: { subject: sender.subject, publicKey: sender.vapid.publicKey, privateKey: sender.vapid.privateKey },
        TTL: 24 * 3600,
        timeout: 10_000,
        ...(agent !== undefined ? { agent } : {}),
      });
      sent += 1;
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      if (status === 404 || status === 410) {
        await handleUserCommand(
          sender.eventStore,
          uid,
          pushSubscriptionsDecider,
          { type: 'RemovePushSubscription', endpoint, at: sender.clock().toISOString() },
          { attempts: PUSH_COMMAND_ATTEMPTS },
        );
        removed += 1;
      } else {
        // The guarded agent refused the address the name resolved to for the connection itself.
        if (error instanceof TargetRefusedError) (sender.onRefused ?? warnRefused)(error.message);
        failed += 1;
      }
    }
  }
  return { sent, removed, failed };
}
