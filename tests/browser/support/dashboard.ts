import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { http } from '../../system/harness.js';
import { expectVisible } from './expectVisible.js';
import type { SimAccount } from './product.js';
import { storedSession } from './signUpThroughUi.js';

/** The dashboard's tabs as their buttons read. */
export type TabLabel = 'WEBHOOK' | 'API KEYS' | 'WEBHOOK LOGS' | 'POSITIONS' | 'SETTINGS';

/** How long a tab may take to load: as long as a locator waits, for CI runs several browsers at once on two cores. */
const TAB_LOAD_MS = 15_000;

/** Opens a dashboard tab by its button and waits until its panel has left "Loading...". */
export async function openTab(page: Page, label: TabLabel): Promise<void> {
  const tab = page.getByRole('tab', { name: label, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: TAB_LOAD_MS }).toBe('true');
  await expect.poll(() => page.getByRole('tabpanel').getByText('Loading...', { exact: true }).count(), { timeout: TAB_LOAD_MS }).toBe(0);
}

/** Calls the product's api as the page's user (the test's own look behind the screen). */
export async function apiAs<T>(
  page: Page,
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: { success: boolean; data?: T; error?: string } }> {
  return http(`${baseUrl}${path}`, { ...init, token: (await storedSession(page)).token });
}

/** Saves a simulator account's API wallet as the signed-in trader's keys (testnet), through the api; throws unless the api took them. */
export async function saveSimKeys(page: Page, baseUrl: string, account: SimAccount): Promise<void> {
  const saved = await apiAs(page, baseUrl, '/api/keys', {
    body: {
      hyperliquidApiKey: account.apiWalletAddress,
      hyperliquidPrivateKey: account.apiWalletPrivateKey,
      accountAddress: account.accountAddress,
      isTestnet: true,
    },
  });
  if (saved.status !== 200) throw new Error(`the api refused the keys (${saved.status}): ${JSON.stringify(saved.body)}`);
}

/** The toast with this title: it must appear, with the given variant (success, error, info, warning). */
export async function expectToast(page: Page, title: string, variant: 'success' | 'error' | 'info' | 'warning', description?: string): Promise<Locator> {
  const toast = page.getByTestId('toast').filter({ has: page.locator('.toast__title', { hasText: title }) });
  await expectVisible(toast.first());
  expect(await toast.first().getAttribute('class')).toContain(`toast--${variant}`);
  if (description !== undefined) expect(await toast.first().locator('.toast__description').innerText()).toBe(description);
  return toast.first();
}

/** Closes every toast on screen, so the next assertion cannot see an older one. */
export async function closeToasts(page: Page): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (let open = await page.getByTestId('toast').count(); open > 0; open = await page.getByTestId('toast').count()) {
    if (Date.now() > deadline) throw new Error(`${open} toast(s) still open after 15 s of closing them`);
    // A toast may leave by itself mid-click (its timer, or its exit animation detaching it): the count then tells.
    await page
      .getByRole('button', { name: 'Close notification' })
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
}

/** Answers the in-page confirmation dialog (ERR-27 decided) after checking its question. */
export async function answerConfirmation(page: Page, question: string, yes: boolean): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expectVisible(dialog);
  expect(await dialog.locator('#confirm-message').innerText()).toBe(question);
  if (yes) await dialog.getByRole('button').last().click();
  else await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

/** The text the clipboard holds (the context must be granted clipboard-read). */
export function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}
