import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { expectVisible } from './support/expectVisible.js';
import { screenshot } from './support/screenshots.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * "Sign in with Google" (LOGIN-03) against a real OpenID Connect provider on loopback
 * (oidc-provider, configured as OIDC_GOOGLE_*), through the popup the api serves.
 */
const stack = useProductInBrowser({ oidc: true });
const { product } = stack;

/** Clicks "Sign in with Google" and answers the popup window it opens. */
async function openGooglePopup(page: Page): Promise<Page> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Sign in with Google' }).click()]);
  await popup.waitForLoadState();
  return popup;
}

/** Signs in at the provider's development login form as `login`, consenting when asked. */
async function signInAtProvider(popup: Page, login: string): Promise<void> {
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any password');
  await popup.locator('button[type="submit"]').click();
  // The consent page (first sign-in of this client); the popup closes itself once the api answers.
  // The login form's own submit button matches too until the popup has left it: wait for that
  // first, or a slow navigation has the login form submitted twice and consent never given.
  const consent = popup.locator('button[type="submit"]');
  const onConsentPage = async () => (await popup.locator('input[name="login"]').count()) === 0 && (await consent.count()) > 0;
  await expect.poll(async () => popup.isClosed() || (await onConsentPage().catch(() => false)), { timeout: 15_000 }).toBe(true);
  if (!popup.isClosed()) await consent.click().catch(() => undefined);
}

describe.each(VIEWPORT_NAMES)('sign in with Google at %s size', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await stack.browser.newContext(VIEWPORTS[viewport]);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterEach(async () => {
    await context.close();
  });

  it('LOGIN-03, LOGIN-04, API-26, PROD-06: given a Google provider, when the user signs in in its popup, then the popup closes and the dashboard shows their Google email', async () => {
    // given
    await page.goto(`${product.url}/login`);
    await expectVisible(page.getByRole('button', { name: 'Sign in with Google' }));
    await screenshot(page, viewport, 'login-with-google');
    // when
    const popup = await openGooglePopup(page);
    expect(popup.url()).toMatch(new RegExp(`^${product.oidc?.issuer}/`));
    await signInAtProvider(popup, `alice-${viewport}`);
    // then
    await page.waitForURL(`${product.url}/dashboard`);
    await expectVisible(page.getByRole('banner').getByText(`alice-${viewport}@oidc.test`));
    await expect.poll(() => popup.isClosed()).toBe(true);
  });

  it('ERR-04: given the popup open at the provider, when the user closes it, then nothing is said and the login page stays usable', async () => {
    await page.goto(`${product.url}/login`);
    const popup = await openGooglePopup(page);
    // when
    await popup.close();
    // then: the button is usable again, no error is shown, no sign-in happened
    // The page gives a closed popup's message 1.5 s to arrive (oidcPopup.ts) before it counts as closed by the user.
    await expect.poll(() => page.getByRole('button', { name: 'Sign in with Google' }).isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(page.url()).toBe(`${product.url}/login`);
  });

  it('ERR-03: given the provider answers an error to the api\'s callback, then the login page shows "Failed to sign in with Google"', async () => {
    await page.goto(`${product.url}/signup`);
    const authorize = page.context().waitForEvent('request', (request) => request.url().startsWith(`${product.oidc?.issuer}/auth?`));
    const popup = await openGooglePopup(page);
    const state = new URL((await authorize).url()).searchParams.get('state');
    expect(state).not.toBeNull();
    // The provider's redirects must be over, or one of them can cancel the navigation below.
    await popup.locator('input[name="login"]').waitFor();
    // when: the provider's page sends the browser back with an error, as a provider that failed does
    // (a navigation from the page itself, like the provider's redirect: it keeps the popup's opener)
    const callback = `${product.url}/api/auth/oidc/google/callback?error=server_error&state=${encodeURIComponent(state ?? '')}`;
    await popup.evaluate((url) => window.location.assign(url), callback);
    // then
    await expectVisible(page.getByRole('alert').getByText('Failed to sign in with Google'));
    expect(page.url()).toBe(`${product.url}/signup`);
    await screenshot(page, viewport, 'google-sign-in-failed');
  });
});
