import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT } from '../system/harness.js';
import { launchPersistentContext, VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { expectVisible } from './support/expectVisible.js';
import { viewportScreenshot } from './support/viewportScreenshot.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * The installable PWA (CARD-27, CARD-30) in the product as `npm start` runs it: our service worker
 * controls the page, Chromium finds nothing missing for installation, the manifest says what an
 * installed app needs and every image it names is really there; the install offer in the header,
 * and the Add to Home Screen instructions on iPhone.
 */
const stack = useProductInBrowser();
const { product } = stack;

const ImageSchema = z.object({ src: z.string().startsWith('/'), sizes: z.string().regex(/^\d+x\d+$/), type: z.literal('image/png') });
const ManifestSchema = z.object({
  name: z.string().min(1),
  short_name: z.string().min(1).max(12),
  description: z.string().min(1),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(ImageSchema.extend({ purpose: z.string().optional() })),
  screenshots: z.array(ImageSchema.extend({ form_factor: z.enum(['wide', 'narrow']).optional(), label: z.string().min(1) })),
});

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'PNG signature').toBe(true);
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Whether the build wrote a compressed copy of the file at this URL (vite-plugin-compression2 skips small files). */
const hasCompressedCopy = (url: string) => existsSync(join(REPO_ROOT, 'packages', 'pwa', 'dist', `${new URL(url).pathname}.gz`));

/** What the init script counted on this page: install events Chromium fired, install sheets the page asked for. */
interface InstallCounters {
  trustedInstallPrompts: number;
  installSheetsAsked: number;
}
const installCounters = (page: Page) =>
  page.evaluate((): InstallCounters => {
    const seen = window as unknown as InstallCounters;
    return { trustedInstallPrompts: seen.trustedInstallPrompts, installSheetsAsked: seen.installSheetsAsked };
  });

/** How long to wait for the browser's work on a machine shared with other tests (never a fixed sleep). */
const WAIT = { timeout: 20_000 };

const controllerScript = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

describe.each(VIEWPORT_NAMES)('service worker, manifest and install offer at %s size', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    // A persistent profile: Chromium calls every other context incognito, where nothing is installable.
    context = await launchPersistentContext(VIEWPORTS[viewport]);
    // Counts the install events Chromium itself fires (isTrusted) and the install sheets the page asks for.
    await context.addInitScript(() => {
      const seen = window as unknown as InstallCounters & { BeforeInstallPromptEvent: { prototype: { prompt(): Promise<void> } } };
      seen.trustedInstallPrompts = 0;
      seen.installSheetsAsked = 0;
      window.addEventListener('beforeinstallprompt', (event) => {
        if (event.isTrusted) seen.trustedInstallPrompts += 1;
      });
      const prompt = seen.BeforeInstallPromptEvent.prototype.prompt;
      seen.BeforeInstallPromptEvent.prototype.prompt = function (this: unknown) {
        seen.installSheetsAsked += 1;
        return prompt.call(this);
      };
    });
    page = context.pages()[0] ?? (await context.newPage());
  });
  afterAll(async () => {
    await context?.close();
  });

  it('CARD-27, CARD-30, CARD-04: given a first visit, when the landing page loads, then our service worker is registered, activated and controls the page (no reload needed), and the scripts arrive precompressed', async () => {
    // given: the encoding each script was sent with on this first (network) load
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/') && response.url().endsWith('.js'))
        void response.allHeaders().then((headers) => encodings.set(response.url(), headers['content-encoding']));
    });
    // when
    await page.goto(`${product.url}/`);
    // then
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => ({ scope: r.scope, active: r.active?.scriptURL })))).toEqual({
      scope: `${product.url}/`,
      active: `${product.url}/sw.js`,
    });
    // `ready` may answer while the worker is still activating (precaching done, old caches being cleaned).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.state)), WAIT).toBe('activated');
    await expect.poll(() => controllerScript(page), { ...WAIT, message: 'the page is controlled (clients.claim)' }).toBe(`${product.url}/sw.js`);
    await page.reload();
    expect(await controllerScript(page)).toBe(`${product.url}/sw.js`);
    // The brotli/gzip copies the build writes (for files over 1 KiB) are what the browser gets
    // (Chromium asks for br on https only, so gzip here).
    await expect.poll(() => [...encodings.keys()].filter(hasCompressedCopy).length, WAIT).toBeGreaterThan(0);
    for (const [url, encoding] of encodings) if (hasCompressedCopy(url)) expect(['br', 'gzip'], url).toContain(encoding);
  });

  it('CARD-27, CARD-30: given the registered worker in a persistent profile, when Chromium checks installability (CDP Page.getInstallabilityErrors), then it reports no error, and the manifest it read has no error either', async () => {
    // given
    await page.goto(`${product.url}/`);
    const cdp = await context.newCDPSession(page);
    // when / then
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, WAIT).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${product.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    await cdp.detach();
  });

  it('CARD-27, CARD-30, CARD-04: given the manifest, then it has name, short name, description, a dark theme and background colour, standalone display, start URL /dashboard, icons of 192 and 512 px with a maskable one, a wide and a narrow screenshot — and every icon and screenshot it names loads as a PNG of the declared size', async () => {
    // given
    const answer = await page.request.get(`${product.url}/manifest.webmanifest`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = ManifestSchema.parse(await answer.json());
    // then: what an installed app needs
    expect(manifest).toMatchObject({ short_name: 'hyperhook', start_url: '/dashboard', scope: '/', display: 'standalone' });
    expect(manifest.name).toContain('hyperhook');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.filter((icon) => icon.purpose?.split(' ').includes('maskable'))).toHaveLength(1);
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    // then: every image it names is there, a PNG as large as it says
    const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const image of [...manifest.icons, ...manifest.screenshots, { src: appleTouchIcon ?? '(missing)', sizes: '180x180' }]) {
      const file = await page.request.get(`${product.url}${image.src}`);
      expect(file.status(), image.src).toBe(200);
      expect(file.headers()['content-type'], image.src).toBe('image/png');
      expect(pngSize(await file.body()), image.src).toBe(image.sizes);
    }
  });

  it('CARD-27, CARD-30, DASH-01: given an installable app, when a signed-in trader opens the dashboard, then Chromium fires beforeinstallprompt by itself (a trusted event, not a synthetic one) and the header offers "Install app", which asks Chromium for its install sheet once', async () => {
    // when
    await signUpThroughUi(page, product.url, `install-${viewport}-${Date.now()}@example.com`);
    // then
    const install = page.getByRole('button', { name: 'Install app' });
    await expectVisible(install, 30_000);
    expect(await installCounters(page)).toEqual({ trustedInstallPrompts: 1, installSheetsAsked: 0 });
    await expectVisible(page.getByRole('heading', { name: 'Your webhook URL' }));
    await viewportScreenshot(page, viewport, 'install-offer');
    // when: the trader takes the offer
    await install.click();
    // then: Chromium's install sheet was asked for with that very event, and the spent offer is gone
    await expect.poll(() => installCounters(page), WAIT).toEqual({ trustedInstallPrompts: 1, installSheetsAsked: 1 });
    await expect.poll(() => install.count(), WAIT).toBe(0);
  });
});

describe('Add to Home Screen on iPhone', () => {
  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await stack.browser.newContext({ ...VIEWPORTS.phone, userAgent: IPHONE_SAFARI });
    // Safari outside the installed app has no PushManager (web push is for Home Screen apps only).
    await context.addInitScript(() => {
      delete (window as unknown as { PushManager?: unknown }).PushManager;
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('CARD-30, CARD-27, CARD-29: given iPhone Safari (no install event, no web push outside the installed app), when a trader opens the dashboard, then "Add to Home Screen" explains Share → Add to Home Screen on screen until "Got it", and the notifications menu says push works in the installed app', async () => {
    // given
    await signUpThroughUi(page, product.url, `iphone-${Date.now()}@example.com`);
    // when
    const addToHome = page.getByRole('button', { name: 'Add to Home Screen' });
    await expectVisible(addToHome);
    expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0);
    await addToHome.click();
    // then
    const hint = page.getByRole('note');
    await expectVisible(hint);
    expect(await addToHome.getAttribute('aria-expanded')).toBe('true');
    expect(await hint.innerText()).toMatch(
      /Tap the Share button .* in Safari, then Add to Home Screen\. Notifications on iPhone work only in the installed app\./,
    );
    // The whole hint is on screen (anchored to the mid-row button it once ran off the left edge).
    const box = await hint.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.viewport.width).toBe(true);
    await expectVisible(page.getByRole('heading', { name: 'Your webhook URL' }));
    await viewportScreenshot(page, 'phone', 'ios-add-to-home-screen');
    await hint.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => hint.count(), WAIT).toBe(0);
    expect(await addToHome.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expectVisible(
      page.getByRole('region', { name: 'Notifications' }).getByText('On iPhone and iPad, notifications work in the installed app', { exact: false }),
    );
    expect(await page.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(0);
  });
});
