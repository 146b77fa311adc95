import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** Debian's Chromium (`.ci/run` installs it); playwright-core downloads no browser here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Without the background-networking flags Chromium floods the closed network with refused
 * connections; --no-sandbox because CI runs as root.
 */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The two screen sizes every scenario runs at: a phone and a laptop. */
export const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const satisfies Record<string, BrowserContextOptions>;

export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

function assertChromium(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
}

/** Launches headless Chromium. */
export async function launchChromium(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

let shared: Promise<Browser> | undefined;

/**
 * The headless Chromium that the browser files of one test worker share, launched by the first of
 * them: each file makes contexts of its own and closes them, and launching a browser per file cost
 * CI a launch's CPU 18 times over. It ends with the worker's process.
 */
export function sharedChromium(): Promise<Browser> {
  shared ??= launchChromium().then((browser) => {
    browser.on('disconnected', () => {
      shared = undefined;
    });
    return browser;
  });
  return shared;
}

/**
 * A persistent (non-incognito) context: Chromium reports every `newContext()` as incognito, where a
 * PWA is never installable and push is unavailable. Closing it removes its profile directory.
 */
export async function launchPersistentContext(options: BrowserContextOptions): Promise<BrowserContext> {
  assertChromium();
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-chromium-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS, ...options });
  // Chromium is still writing to the profile as 'close' fires (ENOTEMPTY from a synchronous rm, which
  // also blocks the pipe it waits on to exit): remove it asynchronously with retries, and never let
  // a leftover temp directory fail a test from inside an event handler.
  context.on('close', () => {
    rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch((error: unknown) =>
      console.warn(`could not remove the Chromium profile ${dir}: ${String(error)}`),
    );
  });
  return context;
}
