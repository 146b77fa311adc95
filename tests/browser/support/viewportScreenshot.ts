import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ViewportName } from './chromium.js';
import { SCREENSHOT_DIR } from './screenshots.js';

/**
 * Saves what the screen shows now (not the full page) as screenshots/<viewport>/<name>.png: for
 * things fixed to the screen — a prompt, an open menu — a full-page shot puts them mid-page.
 */
export async function viewportScreenshot(page: Page, viewport: ViewportName, name: string): Promise<string> {
  const path = join(SCREENSHOT_DIR, viewport, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path });
  return path;
}
