import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from './support/chromium.js';
import { expectVisible } from './support/expectVisible.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * How the PWA opens on a phone (issue 44, point 6): a signed-in trader's dashboard code is asked for
 * while the page parses, beside the app's entry rather than after it has run, and a signed-out
 * visitor never downloads it. Held answers make the order of requests certain, not a race.
 */
const stack = useProductInBrowser();
const { product } = stack;

const ENTRY = /\/assets\/index-[^/]+\.js$/;
const DASHBOARD = /\/assets\/dashboard-(?!shared)[^/]+\.js$/;
const LOGS_TAB = /\/assets\/LogsTab-[^/]+\.js$/;
const LIVE_SESSION = /\/assets\/liveSession-[^/]+\.js$/;
const WEBHOOK_CARDS = /\/assets\/WebhookCards-[^/]+\.js$/;
const HOLD_MS = 10_000;

/** A fresh phone context with the signed-in trader's storage, no service worker (every request reaches the network). */
async function phoneContext(storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<BrowserContext> {
  return stack.browser.newContext({ ...VIEWPORTS.phone, serviceWorkers: 'block', ...(storageState === undefined ? {} : { storageState }) });
}

/**
 * Holds the app's entry script until a request matching `wanted` is seen (or HOLD_MS pass), and says
 * whether it was seen while the entry was held: the app cannot have run before its entry arrived.
 */
async function askedBeforeEntry(page: Page, wanted: RegExp): Promise<() => boolean | undefined> {
  let seen: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (seen = resolve));
  page.on('request', (request) => {
    if (wanted.test(new URL(request.url()).pathname)) seen();
  });
  let answer: boolean | undefined;
  await page.route(ENTRY, async (route) => {
    answer = await Promise.race([asked.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), HOLD_MS))]);
    await route.continue();
  });
  return () => answer;
}

/** Holds every request matching `wanted` until `release()`; `asked()` says whether one came. */
async function holdRequests(page: Page, wanted: RegExp): Promise<{ asked: () => boolean; release: () => void }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(wanted, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { asked: () => asked, release };
}

describe('the first screen on a slow phone network (issue 44, point 6)', () => {
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
  beforeAll(async () => {
    const context = await phoneContext();
    await signUpThroughUi(await context.newPage(), product.url, `first-screen-${Date.now()}@example.com`);
    signedIn = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await Promise.all(stack.browser.contexts().map((context) => context.close()));
  });

  it('issue 44, point 6: given a stored session, when /dashboard opens, then its code is asked for while the entry is still held, and the WEBHOOK tab shows', async () => {
    // given
    const context = await phoneContext(signedIn);
    const page = await context.newPage();
    const answer = await askedBeforeEntry(page, DASHBOARD);
    // when
    await page.goto(`${product.url}/dashboard`);
    // then
    await expectVisible(page.getByText('The URL contains your secret: anyone who has it can trade on your account.'), 30_000);
    expect(answer()).toBe(true);
    await context.close();
  });

  it("issue 44, point 6: given a stored session and a notification opening the logs, when /dashboard?tab=logs opens, then that tab's code is asked for while the entry is still held", async () => {
    // given
    const context = await phoneContext(signedIn);
    const page = await context.newPage();
    const answer = await askedBeforeEntry(page, LOGS_TAB);
    // when
    await page.goto(`${product.url}/dashboard?tab=logs`);
    // then
    await expectVisible(page.getByRole('heading', { name: 'Webhook Performance' }), 30_000);
    expect(answer()).toBe(true);
    await context.close();
  });

  it('issue 44, point 6: given a stored session, when /dashboard opens while the live code is held, then the WEBHOOK tab shows without it, and once it arrives the header says Live, the inlined stylesheet not added again', async () => {
    // given
    const context = await phoneContext(signedIn);
    const page = await context.newPage();
    const appStylesheetRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/index-[^/]+\.css$/.test(new URL(request.url()).pathname)) appStylesheetRequests.push(request.url());
    });
    const liveCode = await holdRequests(page, LIVE_SESSION);
    // when
    await page.goto(`${product.url}/dashboard`);
    // then
    await expectVisible(page.getByText('The URL contains your secret: anyone who has it can trade on your account.'), 30_000);
    const badge = page
      .locator('header.dash-header')
      .getByRole('status')
      .filter({ hasText: /Live|Connecting/ });
    expect(await badge.textContent()).toContain('Connecting');
    await expect.poll(liveCode.asked, { timeout: 10_000 }).toBe(true);
    liveCode.release();
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toContain('Live');
    // The live code needs the app's stylesheet, which index.html carries inline: loading it must not
    // add that stylesheet again after the chunks' own, whose rules would then lose to it.
    expect(appStylesheetRequests).toEqual([]);
    expect(
      await page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
            (link) => !link.disabled && /\/assets\/index-[^/]+\.css$/.test(link.href),
          ).length,
      ),
    ).toBe(0);
    await context.close();
  });

  it("issue 44, point 6: given a stored session, when /dashboard opens while the code of the WEBHOOK tab's cards is held, then the URL card shows with their place held, and once it arrives the templates show", async () => {
    // given
    const context = await phoneContext(signedIn);
    const page = await context.newPage();
    const cardsCode = await holdRequests(page, WEBHOOK_CARDS);
    // when
    await page.goto(`${product.url}/dashboard`);
    // then
    await expectVisible(page.getByText('The URL contains your secret: anyone who has it can trade on your account.'), 30_000);
    await expect.poll(cardsCode.asked, { timeout: 10_000 }).toBe(true);
    const pending = page.locator('#panel-webhook .below-fold-pending');
    expect(await pending.count()).toBe(1);
    expect(await pending.evaluate((element) => element.getBoundingClientRect().height)).toBe(VIEWPORTS.phone.viewport.height);
    expect(await page.getByRole('heading', { name: 'Webhook Templates' }).count()).toBe(0);
    cardsCode.release();
    await expectVisible(page.getByRole('heading', { name: 'Webhook Templates' }), 10_000);
    expect(await pending.count()).toBe(0);
    await context.close();
  });

  it("issue 44, point 6: given a signed-out visitor, when the landing page loads, then none of the dashboard's code is downloaded", async () => {
    // given
    const context = await phoneContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // when
    await page.goto(`${product.url}/`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Turn TradingView alerts into Hyperliquid orders' }));
    await page.waitForLoadState('networkidle');
    // then
    expect(scripts.some((path) => ENTRY.test(path))).toBe(true);
    expect(scripts.filter((path) => DASHBOARD.test(path) || LOGS_TAB.test(path))).toEqual([]);
    await context.close();
  });
});
