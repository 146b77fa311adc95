import { createTestBrowser } from '@hyperhook/api/testing/testBrowser';
import type { LocalPushService } from '@hyperhook/api/testing/localPushService';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { http } from '../system/harness.js';
import { launchPersistentContext, VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { apiAs, expectToast } from './support/dashboard.js';
import { expectVisible } from './support/expectVisible.js';
import { Product } from './support/product.js';
import { viewportScreenshot } from './support/viewportScreenshot.js';
import { activatedWorker, clickNotification, deliverPushUntilShown, registrationIdOf, shownNotifications } from './support/serviceWorkerCdp.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';

/**
 * Web push end to end (CARD-28, CARD-29), through both halves. Chromium cannot subscribe here (its
 * vendor push service is out of reach), so: the device is a test browser whose keys the api gets
 * as a subscription on the product's loopback push service; an executed alert makes the product
 * send a real VAPID-signed, RFC 8291-encrypted push there; the test browser decrypts it; and that
 * very payload is delivered to the page's service worker with the DevTools protocol.
 */
const product = new Product();
let push: LocalPushService;

beforeAll(async () => {
  // The push service is on loopback: push endpoints may be there only with the operator's switch on (issue 32, point 4).
  await product.start({ pushService: true, env: { HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS: 'true' } });
  push = product.push as LocalPushService;
});
afterAll(async () => {
  await product.stop();
});

/** Browser work (a worker handling a push, the executor filling an order) on a machine shared with other tests. */
const TIMEOUT = { timeout: 30_000 };

/** GET /api/push/vapid-public-key: the key the push service sees in each push's VAPID header. */
const VapidKeySchema = z.object({ data: z.object({ publicKey: z.string() }) });

describe.each(VIEWPORT_NAMES)('web push at %s size', (viewport) => {
  const device = createTestBrowser();
  const devicePath = `/push/${viewport}-${Date.now()}`;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let registrationId = '';
  let logId = '';
  let payload = '';

  beforeAll(async () => {
    // Persistent: Chromium offers notifications to no incognito context.
    context = await launchPersistentContext({ ...VIEWPORTS[viewport], colorScheme: 'dark' });
    await context.grantPermissions(['notifications'], { origin: product.url });
    page = context.pages()[0] ?? (await context.newPage());
    await signUpThroughUi(page, product.url, `push-${viewport}-${Date.now()}@example.com`);
    // The sign-up page installed the first worker; pushes to a registration without an active one are dropped.
    await activatedWorker(page);
    cdp = await context.newCDPSession(page);
    registrationId = await registrationIdOf(cdp, product.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('CARD-28, CARD-29: given this device\'s subscription registered with the api for the signed-in trader and keys for a funded account, when an alert executes, then the product sends the device one push, VAPID-signed with its public key and aes128gcm-encrypted, that the device\'s keys decrypt to "BUY BTC executed" linking to the log', async () => {
    // given
    const subscribed = await apiAs(page, product.url, '/api/push/subscription', {
      body: { endpoint: `${push.origin}${devicePath}`, keys: device.keys, expirationTime: null },
    });
    expect(subscribed.body).toEqual({ success: true, data: { subscribed: true } });
    const account = await product.simAccount();
    const keys = await apiAs(page, product.url, '/api/keys', {
      body: {
        hyperliquidApiKey: account.apiWalletAddress,
        hyperliquidPrivateKey: account.apiWalletPrivateKey,
        accountAddress: account.accountAddress,
        isTestnet: true,
      },
    });
    expect(keys.status).toBe(200);
    const webhook = await apiAs<{ webhookUrl: string }>(page, product.url, '/api/auth/webhook-url');

    // when
    logId = await product.postAlert(webhook.body.data?.webhookUrl ?? '', { symbol: 'BTCUSDT', action: 'buy', orderType: 'market', size: 100, leverage: 2 });

    // then
    await expect.poll(() => push.to(devicePath).length, { ...TIMEOUT, message: 'a push to the device' }).toBe(1);
    const [sent] = push.to(devicePath);
    const { publicKey } = VapidKeySchema.parse((await http(`${product.url}/api/push/vapid-public-key`)).body).data;
    expect(sent?.headers['content-encoding']).toBe('aes128gcm');
    expect(sent?.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    payload = device.decrypt(sent?.body ?? Buffer.alloc(0));
    expect(JSON.parse(payload)).toEqual({
      title: 'BUY BTC executed',
      body: expect.stringMatching(/^Main: Filled at \$[\d.,]+$/),
      tag: `signal-${logId}`,
      url: `/dashboard?tab=logs&log=${logId}`,
    });
  });

  it("CARD-28, CARD-29: given that decrypted push, when it is delivered to the page's service worker registration (DevTools ServiceWorker.deliverPushMessage, again until shown: it drops a failed delivery silently), then the worker shows its notification: title, body, tag and the log's URL", async () => {
    // when
    await deliverPushUntilShown(page, cdp, { origin: product.url, registrationId, data: payload, tag: `signal-${logId}` });
    // then
    const sent = JSON.parse(payload) as { title: string; body: string; tag: string; url: string };
    await expect
      .poll(() => shownNotifications(page), TIMEOUT)
      .toEqual([{ title: sent.title, body: sent.body, tag: `signal-${logId}`, data: { url: `/dashboard?tab=logs&log=${logId}` } }]);
  });

  it("CARD-28, CARD-29, TAB-LOGS-05: given the notification and the app open on the WEBHOOK tab, when it is tapped (a notificationclick dispatched in the worker: headless Chromium has no way to click a notification), then it closes and the open window goes to /dashboard?tab=logs&log=<id> with that log's row expanded", async () => {
    // given
    expect(await page.getByRole('tab', { name: 'WEBHOOK', exact: true }).getAttribute('aria-selected')).toBe('true');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    // when
    await clickNotification(context, product.url, `signal-${logId}`);
    // then
    await expect.poll(() => visited, TIMEOUT).toContain(`${product.url}/dashboard?tab=logs&log=${logId}`);
    await expect.poll(() => page.getByRole('tab', { name: 'WEBHOOK LOGS' }).getAttribute('aria-selected'), TIMEOUT).toBe('true');
    await expect
      .poll(
        () =>
          page
            .locator(`#log-${logId}`)
            .getByRole('button', { name: /^Details/ })
            .getAttribute('aria-expanded'),
        TIMEOUT,
      )
      .toBe('true');
    await expectVisible(page.locator(`#log-details-${logId}`));
    expect(await shownNotifications(page)).toEqual([]);
    await viewportScreenshot(page, viewport, 'push-opened-log');
  });

  it('CARD-28, CARD-29: given a browser whose vendor push service cannot be reached (none can from this machine), when the trader turns notifications on from the bell, then the button says "Turning on..." and, after the deadline, a clear message replaces the wait, and the button can be tried again', async () => {
    // given: the page's clock in the test's hands (it runs on as usual until told to jump)
    await page.clock.install();
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('button', { name: 'Notifications' }).click();
    const menu = page.getByRole('region', { name: 'Notifications' });
    const turnOn = menu.getByRole('button', { name: 'Turn on notifications' });
    await expect.poll(() => turnOn.isEnabled(), TIMEOUT).toBe(true);
    // when
    await turnOn.click();
    // then
    const waiting = menu.getByRole('button', { name: 'Turning on...' });
    await expectVisible(waiting);
    expect(await waiting.isDisabled()).toBe(true);
    const problem = menu.getByRole('alert');
    // the page's time jumps a second at a look until the PWA's deadline (15 s) has passed
    await expect
      .poll(async () => {
        await page.clock.fastForward(1_000);
        return problem.count();
      }, TIMEOUT)
      .toBe(1);
    expect(await problem.innerText()).toBe(
      "Unable to turn on notifications. This browser's push service did not answer. Check your connection and try again, or use another browser.",
    );
    expect(await turnOn.isEnabled()).toBe(true);
    await viewportScreenshot(page, viewport, 'push-service-unreachable');
  });

  it('CARD-28, CARD-29: given the device subscribed (the browser\'s own subscription stubbed to the test device: Chromium cannot make one here), when the trader sends a test notification from the bell, then the api pushes it through VAPID to the device, its worker shows "hyperhook test notification", and tapping it opens SETTINGS', async () => {
    // given: pushManager.getSubscription answers the test device's subscription
    await page.addInitScript(
      ({ endpoint, keys }) => {
        const subscription = {
          endpoint,
          expirationTime: null,
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => true,
        };
        PushManager.prototype.getSubscription = async () => subscription as unknown as PushSubscription;
      },
      { endpoint: `${push.origin}${devicePath}`, keys: device.keys },
    );
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('button', { name: 'Notifications' }).click();
    const before = push.to(devicePath).length;
    // when
    await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Send a test notification' }).click();
    // then: the api sent it through the push service
    await expectToast(page, 'Test notification sent', 'success', 'It should appear in a moment.');
    await expect.poll(() => push.to(devicePath).length, TIMEOUT).toBe(before + 1);
    const testPush = device.decrypt(push.to(devicePath)[before]?.body ?? Buffer.alloc(0));
    expect(JSON.parse(testPush)).toEqual({
      title: 'hyperhook test notification',
      body: 'Notifications are working. You will hear about executed and failed alerts here.',
      tag: 'test',
      url: '/dashboard?tab=settings',
    });
    // then: the device shows it, and a tap opens Settings
    await deliverPushUntilShown(page, cdp, { origin: product.url, registrationId, data: testPush, tag: 'test' });
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.title), TIMEOUT).toEqual(['hyperhook test notification']);
    await clickNotification(context, product.url, 'test');
    await expect.poll(() => page.getByRole('tab', { name: 'SETTINGS' }).getAttribute('aria-selected'), TIMEOUT).toBe('true');
    expect(page.url()).toBe(`${product.url}/dashboard?tab=settings`);
  });
});
