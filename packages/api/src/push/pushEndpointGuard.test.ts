/**
 * Issue 32, point 4: push subscription endpoints are outgoing URLs a signed-in user chooses, and
 * web-push POSTs to them. The channel target guard keeps them off private addresses when a browser
 * subscribes and again before each send, unless the operator allows private targets.
 */
import { request } from 'node:https';
import { userStreamId } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { TargetRefusedError } from '../notifications/targetGuard.js';
import { call, signUp, useTestApp } from '../testing/testApp.js';
import { guardedPushAgent } from './pushEndpointGuard.js';
import { testMessage } from './pushMessageFor.js';
import { pushSubscriptionsOf, sendPushToUser } from './sendPushToUser.js';
import { startLocalPushService, type LocalPushService } from './testing/localPushService.js';
import { createTestBrowser } from './testing/testBrowser.js';

// The default configuration: private targets are refused.
const stack = useTestApp();
let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(async () => {
  await service?.close();
});

const strict = { allowPrivateTargets: false };
const open = { allowPrivateTargets: true };

/** The push subscription events on a user's stream. */
const pushEventsOf = async (uid: string) =>
  (await stack.t.store.eventStore.readStream(userStreamId(uid))).map((e) => e.type).filter((type) => type.startsWith('PushSubscription'));

/** A subscription recorded without the subscribe route: one saved before the check, or under the switch. */
async function storedSubscription(uid: string, endpoint: string): Promise<void> {
  const added = { type: 'PushSubscriptionAdded' as const, v: 1 as const, data: { endpoint, keys: createTestBrowser().keys, at: new Date().toISOString() } };
  await stack.t.store.eventStore.append(userStreamId(uid), [toNewEvent(added, { userId: uid })]);
}

/** A sender of the test app's store with `targets`, recording what it was told was refused. */
function senderWith(targets: { allowPrivateTargets: boolean }) {
  const refusals: string[] = [];
  const { eventStore } = stack.t.store;
  const sender = {
    eventStore,
    vapid: webpush.generateVAPIDKeys(),
    subject: 'mailto:ops@example.com',
    clock: () => new Date(),
    subscriptions: pushSubscriptionsOf(eventStore),
    targets,
    onRefused: (reason: string) => void refusals.push(reason),
  };
  return { sender, refusals };
}

describe('push endpoints at subscribe time (issue 32, point 4)', () => {
  it('issue 32, point 4: given a push subscription whose endpoint is https://169.254.169.254/…, when saved, then 400 and nothing stored', async () => {
    // given
    const user = await signUp(stack.t.app);
    const head = await stack.t.store.eventStore.headPosition();
    // when
    const res = await call(stack.t.app, 'POST', '/api/push/subscription', user.token, {
      endpoint: 'https://169.254.169.254/latest/meta-data/iam',
      keys: createTestBrowser().keys,
    });
    // then
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: "Push notifications cannot be sent to this browser's push service: its host 169.254.169.254 is a private, loopback or link-local address",
      fieldErrors: [{ field: 'endpoint', message: 'its host 169.254.169.254 is a private, loopback or link-local address' }],
    });
    expect(await pushEventsOf(user.uid)).toEqual([]);
    expect(await stack.t.store.eventStore.headPosition()).toBe(head);
  });

  it('issue 32, point 4: given endpoints on 10.x, loopback, [::1] and a name resolving to loopback, when saved, then each is 400 and nothing is stored', async () => {
    // given
    const user = await signUp(stack.t.app);
    const port = new URL(service.origin).port;
    // when
    const answers = [];
    for (const endpoint of ['https://10.0.0.7/push/1', `${service.origin}/push/2`, 'https://[::1]/push/3', `https://localhost:${port}/push/4`]) {
      answers.push(await call(stack.t.app, 'POST', '/api/push/subscription', user.token, { endpoint, keys: createTestBrowser().keys }));
    }
    // then
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400]);
    expect(service.connections()).toBe(0);
    expect(answers[3]?.json().error).toBe(
      "Push notifications cannot be sent to this browser's push service: its host localhost resolves to a private, loopback or link-local address",
    );
    expect(await pushEventsOf(user.uid)).toEqual([]);
  });
});

describe('push endpoints at send time (issue 32, point 4)', () => {
  it('issue 32, point 4: given a stored subscription whose host resolves to 127.0.0.1, when sending with private targets refused, then it is not contacted, counted as failed and reported; with them allowed, it is contacted', async () => {
    // given
    const user = await signUp(stack.t.app);
    const path = `/resolves-to-loopback/${user.uid}`;
    await storedSubscription(user.uid, `https://localhost:${new URL(service.origin).port}${path}`);
    const refused = senderWith(strict);
    const allowed = senderWith(open);
    const connectionsBefore = service.connections();
    // when
    const whileRefused = await sendPushToUser(refused.sender, user.uid, testMessage());
    const connectionsWhileRefused = service.connections() - connectionsBefore;
    const whileAllowed = await sendPushToUser(allowed.sender, user.uid, testMessage());
    // then
    expect(whileRefused).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(connectionsWhileRefused).toBe(0);
    expect(refused.refusals).toEqual(['The target host localhost resolves to a private, loopback or link-local address']);
    expect(whileAllowed).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(service.to(path)).toHaveLength(1);
    expect(allowed.refusals).toEqual([]);
  });

  it('issue 32, point 4: given a subscription on 127.0.0.1 stored before the check, when its owner asks for a test push, then the push service is not contacted and the answer counts it failed; the subscription stays', async () => {
    // given
    const user = await signUp(stack.t.app);
    const path = `/saved-before-the-check/${user.uid}`;
    await storedSubscription(user.uid, `${service.origin}${path}`);
    const connectionsBefore = service.connections();
    // when
    const res = await call(stack.t.app, 'POST', '/api/push/test', user.token);
    // then
    expect(res.json()).toEqual({ success: true, data: { sent: 0, removed: 0, failed: 1 } });
    expect(service.connections()).toBe(connectionsBefore);
    expect(await pushEventsOf(user.uid)).toEqual(['PushSubscriptionAdded']);
  });

  it('issue 32, point 4: given private targets refused, when a connection goes through the push agent to a name resolving to loopback, then the agent refuses it at connect time (DNS rebinding) and nothing is sent', async () => {
    // given
    const agent = guardedPushAgent(strict);
    const path = `/rebound-${Date.now()}`;
    const connectionsBefore = service.connections();
    // when
    const outcome = await new Promise<unknown>((resolve) => {
      const req = request(`https://localhost:${new URL(service.origin).port}${path}`, { method: 'POST', ...(agent ? { agent } : {}) }, (res) =>
        resolve(res.statusCode),
      );
      req.on('error', resolve);
      req.end('{}');
    });
    // then
    expect(outcome).toBeInstanceOf(TargetRefusedError);
    expect(service.connections()).toBe(connectionsBefore);
    expect(guardedPushAgent(open)).toBeUndefined();
  });
});
