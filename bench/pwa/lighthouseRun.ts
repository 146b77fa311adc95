import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';

/** Debian's Chromium, as /work/shared/reference/pwa.md says (CHROME_PATH overrides). */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The flags the brief gives for Debian's Chromium (chrome-launcher adds its own defaults and the debugging port). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type Throttling = 'simulate' | 'devtools';

/** The metrics of one Lighthouse run (ms, except bytes and score). */
export type LighthouseMetrics = {
  readonly fcp: number;
  readonly lcp: number;
  /** Lighthouse 12 still computes the 'interactive' audit (TTI), with weight 0 in the score. */
  readonly tti: number;
  readonly tbt: number;
  readonly speedIndex: number;
  readonly totalByteWeight: number;
  readonly score: number;
  /** Lighthouse's own CPU benchmark of this machine at the time of the run (higher is faster). */
  readonly benchmarkIndex: number;
  readonly finalUrl: string;
  readonly warnings: string[];
  /** 1, or more when Lighthouse failed to record the page and the run was repeated. */
  readonly attempts: number;
};

const SEED_PATH = '/__bench_seed_storage';

/**
 * Stores `initScript`'s localStorage in the origin before the audit, through CDP: a same-origin
 * page whose request is answered by the test itself (no app code runs, no service worker is
 * registered, nothing is cached), so the audited load is still a first visit apart from the session.
 */
async function seedStorage(port: number, origin: string, initScript: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.route(`${origin}${SEED_PATH}`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seed</title>' }));
    await page.goto(`${origin}${SEED_PATH}`);
    await page.evaluate(initScript);
    await page.close();
  } finally {
    // Only disconnects: the browser was launched by chrome-launcher, which stops it.
    await browser.close();
  }
}

/**
 * One Lighthouse 12 performance audit of `url` with the default (mobile) config — Moto G Power
 * screen, 4× CPU slowdown and slow 4G (150 ms RTT, 1.6 Mbit/s) — in a fresh Chromium profile
 * started by chrome-launcher. `throttling` picks Lighthouse's simulated throttling (Lantern: the
 * page loads unthrottled and the metrics are simulated, the default) or devtools throttling (the
 * CPU and network are really throttled while the page loads). With `initScript`, storage is seeded
 * first and Lighthouse's storage reset is disabled (nothing else is in the fresh profile).
 * `reportFile` keeps the whole Lighthouse result (JSON) for a closer look.
 */
export async function lighthouseRun(url: string, throttling: Throttling, initScript?: string, reportFile?: string): Promise<LighthouseMetrics> {
  // Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): run again, at most twice.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { ...(await lighthouseOnce(url, throttling, initScript, reportFile)), attempts: attempt };
    } catch (error) {
      if (attempt >= 3 || !(error instanceof LighthouseRuntimeError)) throw error;
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function lighthouseOnce(url: string, throttling: Throttling, initScript?: string, reportFile?: string): Promise<Omit<LighthouseMetrics, 'attempts'>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (initScript !== undefined) await seedStorage(chrome.port, new URL(url).origin, initScript);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttlingMethod: throttling,
      disableStorageReset: initScript !== undefined,
    };
    const result = await lighthouse(url, flags);
    if (result === undefined) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    if (reportFile !== undefined) {
      mkdirSync(dirname(reportFile), { recursive: true });
      writeFileSync(reportFile, JSON.stringify(lhr));
    }
    if (lhr.runtimeError !== undefined) throw new LighthouseRuntimeError(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`lighthouse: no ${id} (${lhr.audits[id]?.errorMessage ?? 'missing audit'})`);
      return Math.round(value);
    };
    return {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tti: metric('interactive'),
      tbt: metric('total-blocking-time'),
      speedIndex: metric('speed-index'),
      totalByteWeight: metric('total-byte-weight'),
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      finalUrl: lhr.finalDisplayedUrl,
      warnings: lhr.runWarnings,
    };
  } finally {
    chrome.kill();
  }
}
