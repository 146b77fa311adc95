import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { sharedChromium } from './chromium.js';
import { Product, type ProductOptions } from './product.js';

/** The product and a headless Chromium a test file shares. */
export interface ProductInBrowser {
  readonly product: Product;
  /** The browser (available from the file's first test on). */
  readonly browser: Browser;
}

/**
 * Starts the product (as `npm start` runs it, with the simulator) for the calling test file, and
 * the worker's shared Chromium if it is not running yet, side by side; after the file's last test
 * it stops the product and closes every context the file left open.
 */
export function useProductInBrowser(options: ProductOptions = {}): ProductInBrowser {
  const product = new Product();
  let browser: Browser | undefined;
  beforeAll(async () => {
    await Promise.all([product.start(options), sharedChromium().then((launched) => (browser = launched))]);
  });
  afterAll(async () => {
    await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
    await product.stop();
  });
  return {
    product,
    get browser(): Browser {
      if (browser === undefined) throw new Error('Chromium is not running: use the browser in tests or hooks, not at import');
      return browser;
    },
  };
}
