import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.js';
import { VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { expectVisible } from './support/expectVisible.js';
import { screenshot } from './support/screenshots.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

const stack = useProductInBrowser();
const { product } = stack;

describe.each(VIEWPORT_NAMES)('public routes and guards at %s size', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await stack.browser.newContext(VIEWPORTS[viewport]);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  it('ROUTE-01, LAND-01..LAND-08, PROD-03, ROUTE-07, ROUTE-08: the landing page shows the headline, nothing-to-host, features, the four steps, the security panel, the referral code, buttons to /signup and /login, footer links and the toast area, with no serious accessibility problem', async () => {
    await page.goto(`${product.url}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Turn TradingView alerts into Hyperliquid orders');
    const text = await page.locator('main').innerText();
    expect(text).toContain('Nothing to host');
    expect(text).toContain('Sizing modes');
    expect(text).toContain('Risk controls');
    expect(text).toContain('Encrypted credentials');
    expect(text).toContain('API keys are encrypted with AES-256 before storage');
    expect(await page.locator('.steps li').allInnerTexts()).toEqual([
      expect.stringContaining('Join Hyperliquid with a referral code'),
      expect.stringContaining('Connect your keys and set leverage and limits'),
      expect.stringContaining('Paste your webhook URL into your alert source'),
      expect.stringContaining('See fills, positions and alert history'),
    ]);
    await expect.poll(() => page.locator('.referral-code').textContent()).toBe('HYPERHOOK');
    await expectVisible(page.getByRole('heading', { name: 'Security' }));
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    const toaster = page.getByRole('region', { name: 'Notifications' });
    expect(await toaster.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).position)).toBe('fixed');
    // At the top right: its box hugs the viewport's top and right edges.
    const box = await toaster.evaluate((el) => el.getBoundingClientRect().toJSON() as { top: number; right: number });
    const width = page.viewportSize()?.width ?? 0;
    expect(box.top).toBeLessThan(40);
    expect(width - box.right).toBeLessThan(40);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, viewport, 'landing');

    await page.getByRole('link', { name: 'Deploy a Webhook' }).click();
    await page.waitForURL(`${product.url}/signup`);
    await page.goto(`${product.url}/`);
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${product.url}/login`);
  });

  it.each([
    ['/terms', 'Terms of Service', 'terms'],
    ['/privacy', 'Privacy Policy', 'privacy'],
  ])('ROUTE-05, ROUTE-06, LEGAL-01, LEGAL-06, LEGAL-07: %s is public, last updated October 2025, with a support email link', async (path, title, shot) => {
    await page.goto(`${product.url}${path}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await expectVisible(page.getByText('Last updated October 2025'));
    expect(await page.getByRole('link', { name: 'support@hyperhook.app' }).getAttribute('href')).toBe('mailto:support@hyperhook.app');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, viewport, shot);
  });

  it('LEGAL-02..LEGAL-05, LEGAL-09: the terms (our text, decided) say no funds held, no discretionary trades, no advice, 18+, AES-256-GCM and liability limited to six months of fees', async () => {
    await page.goto(`${product.url}/terms`);
    const text = await page.locator('main').innerText();
    expect(text).toContain('does not hold funds');
    expect(text).toContain('does not place discretionary trades');
    expect(text).toContain('does not give advice');
    expect(text).toContain('at least 18 years old');
    expect(text).toContain('AES-256-GCM');
    expect(text).toContain('fees you paid us in the six months');
  });

  it('ROUTE-04: a signed-out visitor who opens /dashboard is sent to /login', async () => {
    await page.goto(`${product.url}/dashboard?tab=logs`);
    await page.waitForURL(`${product.url}/login`);
    await expectVisible(page.getByRole('heading', { name: 'Sign in' }));
  });

  it('LOGIN-01, LOGIN-05, SIGNUP-01, SIGNUP-04: the login and sign-up forms have their fields and link to each other, with no serious accessibility problem', async () => {
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Email').waitFor();
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: 'Sign in with Google' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, viewport, 'login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${product.url}/signup`);
    for (const label of ['Email', 'Password', 'Confirm password']) await expectVisible(page.getByLabel(label, { exact: true }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, viewport, 'signup');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${product.url}/login`);
  });

  it('an unknown path shows "Page not found" with the way home, not the API\'s JSON', async () => {
    await page.goto(`${product.url}/no-such-page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${product.url}/`);
  });
});
