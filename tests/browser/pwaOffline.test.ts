import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { apiAs, openTab, type TabLabel } from './support/dashboard.js';
import { expectVisible } from './support/expectVisible.js';
import { screenshot } from './support/screenshots.js';
import { signUpThroughUi, storedSession } from './support/signUpThroughUi.js';
import { viewportScreenshot } from './support/viewportScreenshot.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * The offline view (CARD-27, CARD-30): with the network gone, the installed app still opens from
 * its service worker and shows the signed-in trader's last loaded data from their own persisted
 * cache (the worker never caches /api), with every action that needs the network disabled; back
 * online, live updates resume by themselves.
 */
const stack = useProductInBrowser();
const { product } = stack;

/** How long to wait for the browser's work on a machine shared with other tests (never a fixed sleep). */
const WAIT = { timeout: 20_000 };

/** Selects a tab without waiting for its data: offline, a query that was never loaded stays pending. */
async function selectTab(page: Page, label: TabLabel): Promise<void> {
  const tab = page.getByRole('tab', { name: label, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), WAIT).toBe('true');
}

/** The header's badge: "Offline" while the browser is offline, else the live socket's state. */
const headerBadge = (page: Page) => page.locator('.dash-header').getByRole('status');

describe.each(VIEWPORT_NAMES)('the offline view at %s size', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  let webhookUrl = '';

  beforeAll(async () => {
    context = await stack.browser.newContext({ ...VIEWPORTS[viewport], colorScheme: 'dark' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('CARD-27, CARD-30, CARD-04, TAB-LOGS-05, TAB-SET-26, TAB-POS-01: given a signed-in trader whose dashboard loaded a webhook log, the settings and the positions, when the device goes offline and the page reloads, then the app shell comes from the service worker, an "Offline" badge shows, the log is still listed from the persisted per-user cache, and Regenerate Secret, Save Settings, Reset to Defaults and Sync with Hyperliquid are disabled', async () => {
    // given: a trader with one log, who looked at settings and positions too
    const session = await signUpThroughUi(page, product.url, `offline-${viewport}-${Date.now()}@example.com`);
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL))).toBe(`${product.url}/sw.js`);
    const webhook = await apiAs<{ webhookUrl: string }>(page, product.url, '/api/auth/webhook-url');
    webhookUrl = webhook.body.data?.webhookUrl ?? '';
    const logId = await product.postAlert(webhookUrl, { symbol: 'BTCUSDT', action: 'buy', orderType: 'market', size: 100 });
    await openTab(page, 'SETTINGS');
    await expectVisible(page.getByRole('button', { name: 'Save Settings' }));
    await openTab(page, 'POSITIONS');
    await expectVisible(page.getByRole('button', { name: 'Sync with Hyperliquid' }));
    await openTab(page, 'WEBHOOK LOGS');
    await expectVisible(page.locator(`#log-${logId}`));
    // The log is failed (no keys yet): settled, so what is persisted is what will show offline.
    await expectVisible(page.locator(`#log-${logId}`).getByText('Failed', { exact: true }));
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', `hyperhook-cache-${session.user.uid}`), {
        ...WAIT,
        message: "the log in this user's persisted cache",
      })
      .toContain(logId);

    // when
    await context.setOffline(true);
    const reloaded = await page.reload();

    // then: the shell from the worker, the badge, the last loaded data
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect.poll(() => headerBadge(page).innerText(), WAIT).toBe('Offline');
    expect(await page.locator('.offline-badge').getAttribute('title')).toContain('showing the last loaded data');
    await expectVisible(page.locator(`#log-${logId}`));
    expect(await page.locator(`#log-${logId}`).innerText()).toContain('BTCUSDT');
    await screenshot(page, viewport, 'offline-logs');

    // then: what needs the network is disabled, tab by tab (their code comes from the precache too)
    await selectTab(page, 'SETTINGS');
    await expectVisible(page.getByRole('button', { name: 'Save Settings' }));
    expect(await page.getByRole('button', { name: 'Save Settings' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reset to Defaults' }).isDisabled()).toBe(true);
    // The balance waits for the network instead of failing: no "Failed to load balance" offline.
    const livePreview = page.getByRole('region', { name: 'Live Preview' });
    await expectVisible(livePreview.getByText('You are offline: the balance loads when you are back online.'));
    expect(await page.getByText(/Failed to load balance/).count()).toBe(0);
    await page.getByRole('button', { name: 'Save Settings' }).scrollIntoViewIfNeeded();
    await viewportScreenshot(page, viewport, 'offline-settings');
    await selectTab(page, 'POSITIONS');
    await expectVisible(page.getByRole('button', { name: 'Sync with Hyperliquid' }));
    expect(await page.getByRole('button', { name: 'Sync with Hyperliquid' }).isDisabled()).toBe(true);
    await selectTab(page, 'WEBHOOK');
    await expectVisible(page.getByRole('button', { name: 'Regenerate Secret' }));
    expect(await page.getByRole('button', { name: 'Regenerate Secret' }).isDisabled()).toBe(true);
    // The webhook URL is a secret: never persisted, so it is not shown offline.
    expect(await page.getByLabel('Webhook URL', { exact: true }).inputValue()).toBe('');
  });

  it('TAB-LOGS-05, CARD-25, CARD-27: given the offline view, when the device is back online, then the "Offline" badge gives way to "Live", the actions are enabled again, and a new alert\'s log appears without a reload', async () => {
    // given
    await selectTab(page, 'WEBHOOK LOGS');
    // when
    await context.setOffline(false);
    // then
    await expect.poll(() => page.locator('.offline-badge').count(), WAIT).toBe(0);
    await expect.poll(() => headerBadge(page).innerText(), { timeout: 30_000 }).toContain('Live');
    const newLogId = await product.postAlert(webhookUrl, { symbol: 'ETHUSDT', action: 'sell', orderType: 'market', size: 50 });
    await expectVisible(page.locator(`#log-${newLogId}`), 30_000);
    await selectTab(page, 'SETTINGS');
    await expect.poll(() => page.getByRole('button', { name: 'Save Settings' }).isEnabled(), WAIT).toBe(true);
  });

  it("issue 32, point 4: given the trader logs out, then the service worker's caches hold no /api answer and the browser's storage nothing of theirs: no persisted cache, no token, not even their email", async () => {
    // given: what is stored while signed in names them, so its absence below means something
    const { user, token } = await storedSession(page);
    await expect.poll(() => page.evaluate(() => JSON.stringify({ ...localStorage })), WAIT).toContain(user.uid);
    // when
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'), WAIT);
    // then
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((path) => path.startsWith('/api/') || path.startsWith('/hook/'))).toEqual([]);
    const stored = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
    for (const trace of [user.uid, user.email, token]) expect(stored).not.toContain(trace);
  });
});
