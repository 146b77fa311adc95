import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.js';
import { VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { apiAs, clipboardText } from './support/dashboard.js';
import { expectVisible } from './support/expectVisible.js';
import { screenshot } from './support/screenshots.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';
import { reviewShots } from './support/reviewShots.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * The History view (issue 31), in the product as `npm start` runs it, at phone and laptop size: a
 * trader signs up, makes a paper strategy and sends it an alert, then opens History from the
 * header and sees it all in plain words, the raw event and its hash a tap away, the log's head,
 * the kind filter, the account as of a moment and the fills CSV — with no serious axe finding.
 */
const stack = useProductInBrowser();
const { product } = stack;

const reviewShot = reviewShots('/tmp/pwa-shots-history');

type HistoryAnswer = {
  events: { position: number; type: string; title: string; recordedAt: string; hash: string | null; data: unknown }[];
  head: { position: number; hash: string } | null;
};
type Strategy = { id: string; name: string; webhookUrl: string };

/** A moment as a `datetime-local` input takes it, in the context's time zone (UTC). */
const localInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe.each(VIEWPORT_NAMES)('the History view at %s size (issue 31)', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const email = `history-${viewport}-${Date.now()}@example.com`;
  let signedUpAt = 0;

  const events = () => page.getByRole('list', { name: 'Events, newest first' });
  const item = (title: string | RegExp) => events().locator('li.history-event', { has: page.locator('.history-event__title', { hasText: title }) });

  beforeAll(async () => {
    context = await stack.browser.newContext({
      ...VIEWPORTS[viewport],
      colorScheme: 'dark',
      timezoneId: 'UTC',
      acceptDownloads: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    signedUpAt = Date.now();
    await signUpThroughUi(page, product.url, email);
    // A paper strategy trades without API keys; its alert's whole life and its fill land in the history.
    const created = await apiAs<Strategy>(page, product.url, '/api/strategies', {
      method: 'POST',
      body: { name: 'Paper BTC', venue: 'paper', paperBalance: 10_000 },
    });
    expect(created.status).toBe(201);
    const hook = await fetch(created.body.data?.webhookUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ symbol: 'BTC', action: 'buy', size: 200, leverage: 2 }),
    });
    expect(hook.status).toBe(200);
    // expect.poll belongs to tests: here a plain wait for the paper fill.
    for (const deadline = Date.now() + 20_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const paper = await apiAs<HistoryAnswer>(page, product.url, '/api/history?category=paper');
      if (paper.body.data?.events.some((e) => e.type === 'PaperFillRecorded') === true) break;
      if (Date.now() > deadline) throw new Error(`no paper fill in the history after 20 s: ${JSON.stringify(paper.body)}`);
    }
  });
  afterAll(async () => {
    await context?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, viewport, `history-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  it("issue 31, point 1: History is one tap from the dashboard; it lists the sign-up, the strategy and the alert's whole life in plain words, newest first; no serious accessibility problem", async () => {
    await page.locator('header.dash-header').getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/history$/);
    await expectVisible(page.getByRole('heading', { name: 'History', level: 1 }));
    await expectVisible(item(`Signed up as ${email}`));
    await expectVisible(item('Strategy “Paper BTC” created (paper, 10,000 USDC)'));
    await expectVisible(item(/^Paper fill/));
    // With two strategies, each event names its own (the paper one made after the dashboard loaded).
    await expectVisible(item(/^Paper fill/).locator('.badge', { hasText: 'Paper BTC' }));
    const titles = await events().locator('.history-event__title').allInnerTexts();
    // Newest first: the fill came after the strategy, which came after the sign-up.
    const at = (wanted: RegExp) => titles.findIndex((title) => wanted.test(title));
    expect(at(/^Paper fill/)).toBeLessThan(at(/^Strategy “Paper BTC” created/));
    expect(at(/^Strategy “Paper BTC” created/)).toBeLessThan(at(/^Signed up as/));
    // The same events the api answers, in the same order.
    const answered = await apiAs<HistoryAnswer>(page, product.url, '/api/history?limit=50');
    expect(titles).toEqual(answered.body.data?.events.map((e) => e.title));
    expect(JSON.stringify(answered.body.data)).not.toMatch(/argon2|passwordHash"\s*:\s*"\$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Issue 44, point 6: on a phone the filters fold away and the first events are on the first screen.
    if (viewport === 'phone') {
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await page.getByLabel('Kind').count()).toBe(0);
      expect((await events().locator('li.history-event').first().boundingBox())?.y ?? Infinity).toBeLessThan(VIEWPORTS.phone.viewport.height);
    }
    await reviewShot(page, viewport, 'history');
  });

  it("issue 31, points 1 and 4: the raw event is one tap away, with its stream, position and hash; the log's head is shown and copied as the api answers it", async () => {
    const signUp = item(`Signed up as ${email}`);
    await signUp.locator('summary').click();
    const raw = signUp.locator('.history-event__raw');
    await expectVisible(raw.getByText('UserSignedUp'));
    const hash = await raw.locator('.history-hash').innerText();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await raw.locator('.history-event__data').innerText()).toContain('[redacted]');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await signUp.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'history-raw', signUp);

    const answered = await apiAs<HistoryAnswer>(page, product.url, '/api/history?type=UserSignedUp');
    expect(answered.body.data?.events[0]?.hash).toBe(hash);
    const head = page.getByRole('region', { name: 'Chain head' });
    const shownHead = await head.getByTestId('chain-head-hash').innerText();
    expect(shownHead).toMatch(/^[0-9a-f]{64}$/);
    const { head: apiHead } = answered.body.data ?? { head: null };
    // The head only moves forward: what the page shows is the api's head or one before it.
    expect(apiHead?.position).toBeGreaterThanOrEqual(Number((await head.locator('dd').first().innerText()).replace(/[#,]/g, '')));
    await head.getByRole('button', { name: 'Copy head' }).click();
    expect(await clipboardText(page)).toMatch(new RegExp(`^\\d+:${shownHead}$`));
    await head.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'history-head', head);
  });

  it('issue 31, point 1: the Kind filter narrows the list to fills of paper trading, and the URL keeps it', async () => {
    if (viewport === 'phone') await page.getByRole('button', { name: 'Filters' }).click();
    // With two strategies, the filters offer each.
    expect(await page.getByLabel('Strategy', { exact: true }).locator('option').allInnerTexts()).toEqual(['All strategies', 'Main', 'Paper BTC']);
    await page.getByLabel('Kind').selectOption({ label: 'Paper trading' });
    await page.waitForURL(/category=paper/);
    // Polled: the narrowed page replaces the whole list once the api has answered.
    const kinds = () =>
      events()
        .locator('li.history-event')
        .evaluateAll((items) => [...new Set(items.map((li) => li.getAttribute('data-category')))]);
    await expect.poll(kinds).toEqual(['paper']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'history-filtered');
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await page.waitForURL(/\/history$/);
  });

  it('issue 31, point 2: "Show my account as it was at…" rebuilds the account: before the sign-up nothing, now the paper alert\'s log row', async () => {
    const card = page.getByRole('region', { name: 'Show my account as it was at…' });
    const when = card.getByLabel('Date and time');
    await when.fill(localInput(signedUpAt - 120_000));
    await card.getByRole('button', { name: 'Show' }).click();
    const result = card.getByRole('region', { name: /^As of / });
    await expectVisible(result.getByText('Rebuilt from 0 of your events', { exact: false }));
    expect(await result.innerText()).toMatch(/Webhook logs\s*None/);

    await when.fill(localInput(Date.now() + 60_000));
    await card.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => result.innerText()).toMatch(/1 row:/);
    expect(await result.innerText()).toMatch(/BTC buy · Executed/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await result.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'history-asof', card);
  });

  it('issue 31, point 3: "Download fills (CSV)" saves the fills with the columns tax tools read, one row per fill the api records', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download fills (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^hyperhook-fills-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe('time,strategy,venue,coin,side,size,price,fee,fee_token,realized_pnl,order_id,alert_id');
    const fills = await apiAs<HistoryAnswer>(page, product.url, '/api/history?type=PaperFillRecorded,FillRecorded');
    expect(csv.slice(1)).toHaveLength(fills.body.data?.events.length ?? -1);
    expect(csv[1]).toMatch(/^[^,]+,Paper BTC,paper,BTC,buy,/);
    await expectVisible(page.getByText(`Downloaded ${download.suggestedFilename()}.`));

    const [events] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download events (NDJSON)' }).click()]);
    const lines = readFileSync(await events.path(), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { hash: string | null; type: string });
    expect(lines[0]?.type).toBe('UserSignedUp');
    expect(lines.every((line) => typeof line.hash === 'string' && /^[0-9a-f]{64}$/.test(line.hash))).toBe(true);
    await page.getByRole('region', { name: 'Exports' }).scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'history-exports', page.getByRole('region', { name: 'Exports' }));
  });
});
