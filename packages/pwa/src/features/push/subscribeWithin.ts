/**
 * How long the browser's push service gets to create a subscription. Chromium waits forever when
 * its vendor push service cannot be reached (a closed network, a blocked firewall), which would
 * leave "Turn on notifications" busy for good; real services answer within a few seconds.
 */
export const SUBSCRIBE_TIMEOUT_MS = 15_000;

/** What the notifications menu says when the push service never answered. */
export const PUSH_SERVICE_SILENT = "This browser's push service did not answer. Check your connection and try again, or use another browser.";

/** The push service did not answer in time. */
export class PushServiceTimeout extends Error {
  constructor() {
    super(PUSH_SERVICE_SILENT);
    this.name = 'PushServiceTimeout';
  }
}

/**
 * `pushManager.subscribe` with a deadline. A subscription that arrives after the deadline is
 * dropped again: the api never heard of it, so keeping it would show "subscribed" on a device that
 * receives nothing.
 */
export function subscribeWithin(
  pushManager: Pick<PushManager, 'subscribe'>,
  options: PushSubscriptionOptionsInit,
  timeoutMs = SUBSCRIBE_TIMEOUT_MS,
): Promise<PushSubscription> {
  const subscribing = pushManager.subscribe(options);
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new PushServiceTimeout());
    }, timeoutMs);
    subscribing.then(
      (subscription) => {
        clearTimeout(timer);
        if (late) void subscription.unsubscribe().catch(() => undefined);
        else resolve(subscription);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!late) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
