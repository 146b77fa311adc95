import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until the locator is visible, failing with its description when it never is. Playwright's
 * own `isVisible()` answers at once, before a lazily loaded screen has rendered.
 */
export async function expectVisible(locator: Locator, timeout = 15_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { timeout, message: `${String(locator)} is visible` }).toBe(true);
}
