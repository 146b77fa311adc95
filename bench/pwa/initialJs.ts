import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { VIEWPORTS } from '../../tests/browser/support/chromium.js';

/** One JavaScript file a page loaded. */
export type ScriptLoad = {
  readonly file: string;
  readonly bytes: number;
  /** gzip -9 of the file's bytes (zlib), what the build's .gz copy holds. */
  readonly gzip: number;
  readonly brotli: number;
  /** Body bytes on the wire as the server sent them, and with which content-encoding. */
  readonly transferred: number;
  readonly encoding: string;
  /** Requested after the load event (lazy chunks: the route's page and the tab). */
  readonly afterLoad: boolean;
};

/** What one page load cost in JavaScript. */
export type PageJs = {
  readonly name: string;
  readonly path: string;
  readonly finalPath: string;
  readonly scripts: ScriptLoad[];
  readonly totals: { bytes: number; gzip: number; brotli: number; transferred: number; beforeLoadGzip: number };
  readonly loadMs: number;
  readonly idleMs: number;
  /** What the service worker fetched by then (its precache of the whole app, in the background): not the page's. */
  readonly serviceWorker: { requests: number; transferred: number };
};

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Opens `path` in a fresh browser context (cold HTTP cache, phone viewport) and records every
 * JavaScript response the page requested up to the load event plus network idle (500 ms without a
 * request), i.e. before the page is interactive. Requests of the service worker (its precache) are
 * not the page's and are not counted. `ready` checks that the intended screen rendered.
 */
export async function measurePageJs(
  browser: Browser,
  base: string,
  name: string,
  path: string,
  options: { initScript?: string; ready: string },
): Promise<PageJs> {
  const context = await browser.newContext(VIEWPORTS.phone);
  try {
    if (options.initScript !== undefined) await context.addInitScript({ content: options.initScript });
    const page = await context.newPage();
    const serviceWorker = { requests: 0, transferred: 0 };
    context.on('requestfinished', (request) => {
      if (request.serviceWorker() === null) return;
      serviceWorker.requests += 1;
      void request.sizes().then(
        (sizes) => (serviceWorker.transferred += sizes.responseBodySize),
        () => undefined,
      );
    });
    let loaded = false;
    const pending: Promise<ScriptLoad | undefined>[] = [];
    page.on('response', (response: Response) => {
      const request = response.request();
      if (request.resourceType() !== 'script') return;
      const afterLoad = loaded;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await request.sizes();
          const headers = await response.allHeaders();
          return {
            file: new URL(response.url()).pathname,
            bytes: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
            transferred: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? 'identity',
            afterLoad,
          };
        })().catch(() => undefined),
      );
    });
    const started = performance.now();
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    loaded = true;
    const loadMs = performance.now() - started;
    await page.waitForLoadState('networkidle');
    const idleMs = performance.now() - started;
    await page.locator(options.ready).first().waitFor({ timeout: 10_000 });
    const finalPath = new URL(page.url()).pathname;
    const scripts = (await Promise.all(pending)).filter((s): s is ScriptLoad => s !== undefined).sort((a, b) => b.gzip - a.gzip);
    return {
      name,
      path,
      finalPath,
      scripts,
      totals: {
        bytes: sum(scripts.map((s) => s.bytes)),
        gzip: sum(scripts.map((s) => s.gzip)),
        brotli: sum(scripts.map((s) => s.brotli)),
        transferred: sum(scripts.map((s) => s.transferred)),
        beforeLoadGzip: sum(scripts.filter((s) => !s.afterLoad).map((s) => s.gzip)),
      },
      loadMs,
      idleMs,
      serviceWorker,
    };
  } finally {
    await context.close();
  }
}

/** The built file behind a served path (for its source map). */
export function builtFile(pwaDist: string, servedPath: string): string {
  return join(pwaDist, servedPath);
}
