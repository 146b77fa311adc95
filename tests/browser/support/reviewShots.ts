import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { ViewportName } from './chromium.js';

/** Saves a review screenshot: the screen as shown, or one region of it. */
export type ReviewShot = (page: Page, viewport: ViewportName, name: string, locator?: Locator) => Promise<void>;

/**
 * Review screenshots for a person to look at after a UI change, beside the CI artefacts: in
 * `PWA_SHOTS_DIR` when set, else in `fallbackDir`, named `<viewport>-<name>.png`.
 */
export function reviewShots(fallbackDir: string): ReviewShot {
  const dir = process.env.PWA_SHOTS_DIR ?? fallbackDir;
  return async (page, viewport, name, locator) => {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${viewport}-${name}.png`);
    if (locator === undefined) await page.screenshot({ path });
    else await locator.screenshot({ path });
  };
}
