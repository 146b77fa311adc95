import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../system/harness.js';
import { seriousAxeViolations } from './support/axe.js';
import { VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { apiAs, saveSimKeys } from './support/dashboard.js';
import { expectVisible } from './support/expectVisible.js';
import { reviewShots } from './support/reviewShots.js';
import { screenshot } from './support/screenshots.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * The Performance view (issue 43, point 3) in the product as `npm start` runs it, the simulator as
 * the exchange, at phone and laptop size: a trader's buy and then close alerts make one round trip;
 * Performance, one tap from the dashboard's header, shows it in the cards, draws the equity curve
 * and lists the trade, with no serious axe finding; the dashboard's win rate counts it too.
 */
const stack = useProductInBrowser();
const { product } = stack;

const reviewShot = reviewShots('/tmp/pwa-shots-43-performance');

type Log = { webhookLogId: string; status: string };
type Analytics = { summary: { trades: number }; trades: { openedAt: string; closedAt: string | null; entryPx: string; exitPx: string | null }[] };

describe.each(VIEWPORT_NAMES)('the Performance view at %s size (issue 43)', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const header = () => page.locator('header.dash-header');
  const stat = (label: string) => page.locator('.stat', { has: page.locator('.stat__label', { hasText: label }) });

  beforeAll(async () => {
    context = await stack.browser.newContext({ ...VIEWPORTS[viewport], colorScheme: 'dark', timezoneId: 'UTC' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signUpThroughUi(page, product.url, `performance-${viewport}-${Date.now()}@example.com`);
    await saveSimKeys(page, product.url, await product.simAccount());
    const webhookUrl = ((await apiAs<{ webhookUrl: string }>(page, product.url, '/api/auth/webhook-url')).body.data as { webhookUrl: string }).webhookUrl;
    const executed = async (id: string) =>
      (await apiAs<Log[]>(page, product.url, '/api/webhook-logs')).body.data?.find((log) => log.webhookLogId === id)?.status === 'executed';
    // A buy, then its close: one round trip on the account.
    const buy = await product.postAlert(webhookUrl, { symbol: 'ETHUSDT', action: 'buy', orderType: 'market', size: 50, leverage: 1, id: `buy-${viewport}` });
    await waitFor('the buy executed', () => executed(buy), 20_000, 200);
    const close = await product.postAlert(webhookUrl, { symbol: 'ETHUSDT', action: 'close', id: `close-${viewport}` });
    await waitFor('the close executed', () => executed(close), 20_000, 200);
    await waitFor(
      'the round trip in the analytics',
      async () => (await apiAs<Analytics>(page, product.url, '/api/analytics?strategyId=main')).body.data?.summary.trades === 1,
      20_000,
      200,
    );
  });
  afterAll(async () => {
    await context?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, viewport, `performance-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  it('issue 43, point 7: the dashboard’s win rate counts the closed trade; the Performance button shares the header’s row with Logout', async () => {
    await page.goto(`${product.url}/dashboard?tab=positions`);
    await expectVisible(stat('Avg Leverage'));
    await expect.poll(() => stat('Avg Leverage').innerText()).toMatch(/Win rate (0|100)% of 1 closed/);
    const performance = header().getByRole('link', { name: 'Performance' });
    const logout = header().getByRole('button', { name: 'Logout' });
    const [a, b] = [await performance.boundingBox(), await logout.boundingBox()];
    // One row: the button is on the actions' line, not on a new one under it.
    expect(Math.abs((a?.y ?? 0) + (a?.height ?? 0) / 2 - ((b?.y ?? 0) + (b?.height ?? 0) / 2))).toBeLessThan(4);
    await reviewShot(page, viewport, 'dashboard-header', header());
  });

  it('issue 43, point 3: Performance is one tap from the dashboard: the summary of 1 trade, the equity curve drawn, the trade listed; no serious accessibility problem', async () => {
    await header().getByRole('link', { name: 'Performance' }).click();
    await page.waitForURL(/\/performance$/);
    await expectVisible(page.getByRole('heading', { name: 'Performance', level: 1 }));
    const summary = page.getByRole('group', { name: 'Performance summary of Main' });
    await expectVisible(summary);
    await expect
      .poll(() =>
        summary
          .locator('.stat', { has: page.locator('.stat__label', { hasText: /^Trades$/ }) })
          .locator('.stat__value')
          .innerText(),
      )
      .toBe('1');
    // lightweight-charts draws into canvases inside the chart's box, once its chunk has loaded.
    const chart = page.getByTestId('equity-chart');
    await expect.poll(() => chart.locator('canvas').count()).toBeGreaterThan(0);
    await expectVisible(page.getByText(/^Equity curve of 1 closed trade: from \$0\.00 to /));
    const rows = page.getByRole('table', { name: 'Trades, the latest first' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toMatch(/ETH[\s\S]*LONG/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'performance');
    await chart.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'performance-chart', page.getByRole('region', { name: 'Equity curve' }));
    await rows.first().scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'performance-trades', page.getByRole('region', { name: 'Trades' }));
  });

  it('issue 43, point 2: a TradingView List of trades uploaded to the strategy: the live trade matched, the one live never got missed with its reason, both curves drawn; no serious accessibility problem', async () => {
    const live = (await apiAs<Analytics>(page, product.url, '/api/analytics?strategyId=main')).body.data?.trades[0];
    if (live?.closedAt === null || live?.exitPx === null || live === undefined) throw new Error('no closed live trade to compare with');
    // The chart's wall clock is UTC here (the page's time zone, which the form proposes).
    const chartTime = (at: number) => new Date(at).toISOString().slice(0, 19).replace('T', ' ');
    const opened = Date.parse(live.openedAt);
    const row = (n: number, type: string, at: number, px: string, pnl: string) =>
      `${n},${type},${chartTime(at)},${type.startsWith('Entry') ? 'Long' : 'Close'},${px},0.01,${px},${pnl},0.1,0,0,0,0,${pnl},0.1`;
    const csv = [
      'Trade number,Type,Date and time,Signal,Price USDT,Size (qty),Size (value),Net P&L USDT,Net P&L %,Favorable excursion USDT,Favorable excursion %,Adverse excursion USDT,Adverse excursion %,Cumulative P&L USDT,Cumulative P&L %',
      row(2, 'Exit long', Date.parse(live.closedAt), live.exitPx, '0.5'),
      row(2, 'Entry long', opened, live.entryPx, '0.5'),
      row(1, 'Exit long', opened - 60 * 60_000, '3500', '1.25'),
      row(1, 'Entry long', opened - 2 * 60 * 60_000, '3375', '1.25'),
    ].join('\n');
    const card = page.getByRole('region', { name: 'Backtest against live' });
    await card.scrollIntoViewIfNeeded();
    await expectVisible(card.getByLabel('Chart time zone'));
    expect(await card.getByLabel('Chart time zone').inputValue()).toBe('UTC');
    await card.getByLabel('List of trades (CSV)').setInputFiles({ name: `${viewport}_List_of_trades.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await card.getByRole('button', { name: 'Compare with live' }).click();

    const comparison = card.getByRole('region', { name: `${viewport}_List_of_trades.csv` });
    await expectVisible(comparison);
    await expectVisible(comparison.getByText(/1 trade matched, 1 backtest trade missed live, 0 live trades not in the backtest/));
    expect(await comparison.getByRole('table', { name: 'Missed live: 1' }).innerText()).toMatch(/#1 LONG[\s\S]*No alert arrived\./);
    expect(await comparison.getByRole('table', { name: /^Matched: 1\./ }).innerText()).toMatch(/#2 LONG[\s\S]*ETH/);
    await expect.poll(() => comparison.getByTestId('backtest-chart').locator('canvas').count()).toBeGreaterThan(0);
    await expectVisible(card.getByRole('button', { name: new RegExp(`^Compare ${viewport}_List_of_trades\\.csv of .* again$`) }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'performance-backtest-form', card.locator('form'));
    await comparison.getByTestId('backtest-chart').scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'performance-backtest', comparison);
  });

  it('issue 43, point 1: "Whole account" shows every strategy’s live trades, and the light theme recolours the chart', async () => {
    await page.getByRole('button', { name: 'Whole account' }).click();
    await page.waitForURL(/scope=account/);
    await expectVisible(page.getByRole('group', { name: 'Performance summary of the whole account' }));
    await expect.poll(() => page.getByTestId('equity-chart').locator('canvas').count()).toBeGreaterThan(0);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'performance-account-light');
    await page.emulateMedia({ colorScheme: 'dark' });
  });
});
