import { SessionViewSchema, type SessionView } from '@hyperhook/domain';
import type { Page } from 'playwright-core';
import { z } from 'zod';

/** The PWA's persisted session (zustand's persist envelope under localStorage "hyperhook-session"). */
const StoredSessionSchema = z.object({ state: z.object({ session: SessionViewSchema }) });

/** The session the page holds, as the PWA stored it: its token calls the api as the page's user. */
export async function storedSession(page: Page): Promise<SessionView> {
  const stored = await page.evaluate(() => localStorage.getItem('hyperhook-session'));
  return StoredSessionSchema.parse(JSON.parse(stored ?? 'null')).state.session;
}

/**
 * Creates an account through the sign-up form, as a trader does, and waits for the dashboard;
 * answers the session the PWA stored. Usable in hooks as well as tests.
 */
export async function signUpThroughUi(page: Page, baseUrl: string, email: string, password = 'correct horse'): Promise<SessionView> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
  // locator.waitFor, not expect.poll: this also runs in beforeAll hooks.
  await page.getByRole('tab', { name: 'WEBHOOK', exact: true }).waitFor({ timeout: 30_000 });
  return storedSession(page);
}
