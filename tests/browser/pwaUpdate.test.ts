import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../system/harness.js';
import { VIEWPORT_NAMES, VIEWPORTS, type ViewportName } from './support/chromium.js';
import { expectVisible } from './support/expectVisible.js';
import { viewportScreenshot } from './support/viewportScreenshot.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';
import { versionsIn, watchWorkerVersions, type WorkerVersion } from './support/serviceWorkerCdp.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * The update prompt (CARD-27, CARD-30): a release that changes the service worker is offered as
 * "A new version is available" rather than swapped in under a trader's feet, and "Reload" brings
 * the page under the new worker. The product serves a private copy of the built PWA
 * (HYPERHOOK_PWA_DIR), so publishing a release here never touches packages/pwa/dist.
 */
const pwaCopy = mkdtempSync(join(tmpdir(), 'hyperhook-pwa-release-'));
// Before the product starts: hooks run in the order they are declared.
beforeAll(() => {
  cpSync(join(REPO_ROOT, 'packages', 'pwa', 'dist'), pwaCopy, { recursive: true });
});
const stack = useProductInBrowser({ env: { HYPERHOOK_PWA_DIR: pwaCopy } });
const { product } = stack;
afterAll(() => {
  rmSync(pwaCopy, { recursive: true, force: true });
});

/** Publishes a new release of the worker: different bytes at /sw.js (no stale compressed copy beside it). */
function publishNewWorker(release: string): void {
  appendFileSync(join(pwaCopy, 'sw.js'), `\n// release ${release}\n`);
  for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(join(pwaCopy, copy), { force: true });
}

/** How long to wait for the browser's work (installing, activating, reloading) on a machine shared with other tests. */
const TIMEOUT = { timeout: 30_000 };

/** True once the document the marker was set in is gone (the page reloaded). */
const reloaded = (page: Page) => page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate === undefined).catch(() => false);

describe.each(VIEWPORT_NAMES)('the update prompt at %s size', (viewport: ViewportName) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await stack.browser.newContext({ ...VIEWPORTS[viewport], colorScheme: 'dark' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  /** Publishes a release, has the browser check for it, and answers the prompt once shown, with the waiting version. */
  async function updateFound(page: Page, versions: Map<string, WorkerVersion>, release: string) {
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    publishNewWorker(release);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    const prompt = page.getByRole('alert').filter({ hasText: 'A new version is available' });
    await expectVisible(prompt, 30_000);
    await expect.poll(() => versionsIn(versions, 'installed'), { ...TIMEOUT, message: 'a new worker installed and waiting' }).toHaveLength(1);
    return { prompt, waiting: versionsIn(versions, 'installed')[0] as WorkerVersion };
  }

  /** After "Reload": the page reloaded under the new worker, the old one is gone, and the prompt with it. */
  async function expectNewWorkerInControl(page: Page, versions: Map<string, WorkerVersion>, old: WorkerVersion, waiting: WorkerVersion): Promise<void> {
    await expect.poll(() => reloaded(page), { ...TIMEOUT, message: 'the page reloaded' }).toBe(true);
    await expect.poll(() => versions.get(old.versionId)?.status, TIMEOUT).toBe('redundant');
    await expect.poll(() => versions.get(waiting.versionId)?.status, TIMEOUT).toBe('activated');
    expect(versionsIn(versions, 'activated')).toEqual([expect.objectContaining({ versionId: waiting.versionId })]);
    // The page's controller is the registration's active worker — the one DevTools just called the only activated version.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            navigator.serviceWorker
              .getRegistration()
              .then((r) => ({ controlledByActive: r?.active != null && navigator.serviceWorker.controller === r.active, waiting: r?.waiting != null })),
          ),
        TIMEOUT,
      )
      .toEqual({ controlledByActive: true, waiting: false });
    expect(await page.getByText('A new version is available').count()).toBe(0);
  }

  it('CARD-27, CARD-30: given a returning trader whose dashboard loaded under the current worker, when a release changes sw.js and the browser checks for updates, then "A new version is available" shows while the new worker waits; "Reload" activates it and the reloaded page is controlled by it', async () => {
    // given: a signed-in trader's dashboard, already controlled when it loaded
    await signUpThroughUi(page, product.url, `update-${viewport}-${Date.now()}@example.com`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${product.url}/sw.js`);
    const cdp = await context.newCDPSession(page);
    const versions = await watchWorkerVersions(cdp);
    await expect.poll(() => versionsIn(versions, 'activated'), TIMEOUT).toHaveLength(1);
    const old = versionsIn(versions, 'activated')[0] as WorkerVersion;

    // when
    const { prompt, waiting } = await updateFound(page, versions, `${viewport}-returning-${Date.now()}`);

    // then
    expect(waiting.versionId).not.toBe(old.versionId);
    expect(await prompt.getByRole('button', { name: 'Later' }).isVisible()).toBe(true);
    await viewportScreenshot(page, viewport, 'update-prompt');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expectNewWorkerInControl(page, versions, old, waiting);
    await cdp.detach();
  });

  it('CARD-27, CARD-30: given a first visit (the page that installed the first worker), when a release arrives during that visit, then the prompt shows and "Reload" still reloads into the new worker', async () => {
    // given: a fresh profile's first page load, controlled only through clients.claim()
    const firstVisit = await stack.browser.newContext({ ...VIEWPORTS[viewport], colorScheme: 'dark' });
    try {
      const page = await firstVisit.newPage();
      const cdp = await firstVisit.newCDPSession(page);
      const versions = await watchWorkerVersions(cdp);
      await page.goto(`${product.url}/`);
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), TIMEOUT).toBe(`${product.url}/sw.js`);
      await expect.poll(() => versionsIn(versions, 'activated'), TIMEOUT).toHaveLength(1);
      const old = versionsIn(versions, 'activated')[0] as WorkerVersion;

      // when
      const { prompt, waiting } = await updateFound(page, versions, `${viewport}-first-${Date.now()}`);
      await prompt.getByRole('button', { name: 'Reload' }).click();

      // then
      await expectNewWorkerInControl(page, versions, old, waiting);
    } finally {
      await firstVisit.close();
    }
  });
});
