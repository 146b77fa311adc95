import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_SERVICE_SILENT, PushServiceTimeout, subscribeWithin } from './subscribeWithin';

/** A pushManager whose subscribe() settles only when the test says so. */
function controllablePushManager() {
  let settle: { resolve: (s: PushSubscription) => void; reject: (e: unknown) => void } | undefined;
  const pushManager = { subscribe: () => new Promise<PushSubscription>((resolve, reject) => (settle = { resolve, reject })) };
  return { pushManager, settle: () => settle! };
}

const subscription = () =>
  ({ endpoint: 'https://push.example/1', unsubscribe: vi.fn(async () => true) }) as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };

afterEach(() => {
  vi.useRealTimers();
});

describe('subscribeWithin (turning notifications on cannot hang)', () => {
  it('CARD-28, CARD-29: given a push service that answers in time, then its subscription', async () => {
    const { pushManager, settle } = controllablePushManager();
    const done = subscribeWithin(pushManager, { userVisibleOnly: true }, 1_000);
    const s = subscription();
    settle().resolve(s);
    await expect(done).resolves.toBe(s);
  });

  it('CARD-28, CARD-29: given a push service that never answers, when the deadline passes, then a clear error, and a subscription arriving later is dropped again', async () => {
    vi.useFakeTimers();
    const { pushManager, settle } = controllablePushManager();
    const done = subscribeWithin(pushManager, { userVisibleOnly: true }, 1_000);
    const outcome = expect(done).rejects.toThrow(PUSH_SERVICE_SILENT);
    await vi.advanceTimersByTimeAsync(1_000);
    await outcome;
    await expect(done).rejects.toBeInstanceOf(PushServiceTimeout);
    const late = subscription();
    settle().resolve(late);
    await vi.waitFor(() => expect(late.unsubscribe).toHaveBeenCalledTimes(1));
  });

  it('CARD-28: given a push service that refuses, then its error', async () => {
    const { pushManager, settle } = controllablePushManager();
    const done = subscribeWithin(pushManager, { userVisibleOnly: true }, 1_000);
    settle().reject(new DOMException('Registration failed - push service error', 'AbortError'));
    await expect(done).rejects.toThrow('Registration failed - push service error');
  });
});
