import { userStreamId } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { approvalTokenKey } from '../approvals/approvalToken.js';
import { holdForApproval } from '../testing/holdForApproval.js';
import { call, signUp, useTestApp, type TestUser } from '../testing/testApp.js';
import { pushSubscriptionsOf } from './sendPushToUser.js';
import { startPushNotifier } from './startPushNotifier.js';
import { startLocalPushService, type LocalPushService } from './testing/localPushService.js';
import { createTestBrowser, type TestBrowser } from './testing/testBrowser.js';
import type { PushMessage } from './pushMessageFor.js';

// The gateway's clock stands still: whether a push still carries its buttons is judged on it.
const stack = useTestApp({ frozenClock: true });

let pushService: LocalPushService;
let notifier: Awaited<ReturnType<typeof startPushNotifier>>;
let browser: TestBrowser;
let trader: TestUser;

beforeAll(async () => {
  pushService = await startLocalPushService();
  browser = createTestBrowser();
  trader = await signUp(stack.t.app);
  // A phone subscribed, and no notice preference ever saved: the defaults hold.
  await stack.t.store.eventStore.append(userStreamId(trader.uid), [
    toNewEvent({
      type: 'PushSubscriptionAdded',
      v: 1,
      data: { endpoint: `${pushService.origin}/phone`, keys: browser.keys, at: stack.t.deps.clock().toISOString() },
    }),
  ]);
  // The notifier as production wires it: its approval key derived from the api's session key.
  notifier = await startPushNotifier({
    store: stack.t.store,
    vapid: webpush.generateVAPIDKeys(),
    subject: 'mailto:ops@example.com',
    clock: stack.t.deps.clock,
    subscriptions: pushSubscriptionsOf(stack.t.store.eventStore),
    targets: { allowPrivateTargets: true },
    approvalKey: approvalTokenKey(stack.t.deps.config.jwtSecret),
    idleCheckpointMs: 0,
  });
});
afterAll(async () => {
  await notifier?.stop();
  await pushService?.close();
});

/** The pushes the phone received so far, decrypted. */
const received = () => pushService.to('/phone').map((push) => JSON.parse(browser.decrypt(push.body)) as PushMessage);

describe('the push of an entry awaiting approval (issue 42)', () => {
  it('given a trader who never chose push events, when an entry is held for approval, then the push says what waits and carries Approve and Reject buttons whose links the api accepts without a session, as answered via push', async () => {
    // when
    const held = await holdForApproval(stack.t, trader.uid);
    await vi.waitFor(() => expect(received()).toHaveLength(1), { timeout: 10_000 });
    // then
    const [push] = received();
    expect(push).toMatchObject({
      title: 'BTC buy 0.01 awaits your approval',
      body: 'Main: Planned at $60010; 5 min to approve or reject it, else it is not sent.',
      tag: `signal-${held.logId}`,
      url: `/dashboard?tab=logs&log=${held.logId}`,
    });
    expect(push?.actions?.map(({ action, title }) => [action, title])).toEqual([
      ['approve', 'Approve'],
      ['reject', 'Reject'],
    ]);
    const approve = push?.actions?.[0]?.url ?? '';
    expect(approve).toMatch(new RegExp(`^/api/approvals/${held.logId}/approve\\?token=[A-Za-z0-9_-]{43}$`));
    expect(push?.actions?.[1]?.url).toBe(approve.replace('/approve?', '/reject?'));
    // and the link answers
    const answered = await call(stack.t.app, 'POST', approve, null);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ logId: held.logId, answer: 'approved', via: 'push' });
  });

  it('given an entry whose wait is over by the time its push goes out, then the push has no buttons: it only opens the app', async () => {
    const before = received().length;
    const held = await holdForApproval(stack.t, trader.uid, { waitMs: 0 });
    await vi.waitFor(() => expect(received()).toHaveLength(before + 1), { timeout: 10_000 });
    const push = received().at(-1);
    expect(push).toMatchObject({ tag: `signal-${held.logId}`, url: `/dashboard?tab=logs&log=${held.logId}` });
    expect(push?.actions).toBeUndefined();
  });
});
