import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { ViewportName } from './chromium.js';

/** Where screenshots go (kept as CI artefacts, never committed). */
export const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/**
 * Saves a full-page screenshot as screenshots/<viewport>/<name>.png; answers its path. From the top
 * of the page: captured while scrolled, the sticky tab bar is drawn over the middle of the page.
 */
export async function screenshot(page: Page, viewport: ViewportName, name: string): Promise<string> {
  const path = join(SCREENSHOT_DIR, viewport, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
  return path;
}
