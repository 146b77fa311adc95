/**
 * Renders the web app manifest's screenshots (packages/pwa/public/screenshots/{wide,narrow}.png,
 * shown by Chromium's richer install sheet) from the real product: the built `hyperhook start`
 * with the simulator, a trader whose alerts executed, the Webhook Logs tab at laptop and phone
 * size. Run after `npm run build` when the logs screen changes noticeably:
 *   node --conditions=source --import tsx tests/browser/support/renderManifestScreenshots.ts
 * The PNGs are committed; the build does not run this. Their pixel sizes must match the
 * manifest's `sizes` (packages/pwa/src/app/webManifest.ts; tests/browser/pwa.test.ts checks).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { http, REPO_ROOT } from '../../system/harness.js';
import { launchChromium } from './chromium.js';
import { Product } from './product.js';
import { storedSession } from './signUpThroughUi.js';

const OUT = join(REPO_ROOT, 'packages', 'pwa', 'public', 'screenshots');

/** The two install-sheet form factors: the PNG is viewport × deviceScaleFactor pixels. */
const SHOTS: { file: string; options: BrowserContextOptions }[] = [
  { file: 'wide.png', options: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } },
  { file: 'narrow.png', options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
];

// A fresh product each run: a fixed, readable address.
const EMAIL = 'trader@example.com';
const PASSWORD = 'correct horse';

async function signIn(page: Page, baseUrl: string, first: boolean): Promise<void> {
  await page.goto(`${baseUrl}/${first ? 'signup' : 'login'}`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  if (first) await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: first ? 'Create Account' : 'Sign In', exact: true }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}

/** Keys for a funded simulator account, then a few alerts that execute and one that fails. */
async function tradeSomething(product: Product, token: string): Promise<void> {
  const account = await product.simAccount(250_000);
  const keys = await http(`${product.url}/api/keys`, {
    token,
    body: {
      hyperliquidApiKey: account.apiWalletAddress,
      hyperliquidPrivateKey: account.apiWalletPrivateKey,
      accountAddress: account.accountAddress,
      isTestnet: true,
    },
  });
  if (keys.status !== 200) throw new Error(`saving keys answered ${keys.status}`);
  const { body } = await http<{ data: { webhookUrl: string } }>(`${product.url}/api/auth/webhook-url`, { token });
  const alerts = [
    { symbol: 'BTCUSDT', action: 'buy', orderType: 'market', size: 500, leverage: 3 },
    { symbol: 'ETHUSDT', action: 'buy', orderType: 'market', size: 300, leverage: 2 },
    { symbol: 'SOLUSDT', action: 'sell', orderType: 'market', size: 150 },
    { symbol: 'NOPEUSDT', action: 'buy', size: 100 },
    { symbol: 'ETHUSDT', action: 'sell', orderType: 'market', size: 300 },
  ];
  for (const alert of alerts) await product.postAlert(body.data.webhookUrl, alert);
}

async function render(browser: Browser, product: Product): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  let first = true;
  for (const shot of SHOTS) {
    const context = await browser.newContext({ ...shot.options, colorScheme: 'dark', serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, product.url, first);
    if (first) {
      await tradeSomething(product, (await storedSession(page)).token);
      first = false;
    }
    await page.goto(`${product.url}/dashboard?tab=logs`);
    // Every alert settled (four executed, one failed), so no row shows a spinner.
    await page.locator('tr.log-row').nth(4).waitFor();
    await page.getByText('Executed 4', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText('Failed 1', { exact: true }).waitFor();
    await page.screenshot({ path: join(OUT, shot.file) });
    console.log(`wrote ${join(OUT, shot.file)}`);
    await context.close();
  }
}

const product = new Product();
const browser = await launchChromium();
try {
  await product.start();
  await render(browser, product);
} finally {
  await browser.close();
  await product.stop();
}
