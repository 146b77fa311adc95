import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.js';
import { VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { apiAs, openTab } from './support/dashboard.js';
import { expectVisible } from './support/expectVisible.js';
import { reviewShots } from './support/reviewShots.js';
import { screenshot } from './support/screenshots.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * No refusal nobody sees (issue 32, point 2), in the product as `npm start` runs it with a
 * per-URL budget of one alert at once and one a minute, so ten refusals are logged one by one and
 * the rest counted: a flood posted to a trader's URL shows on the Webhook Logs tab as rejected
 * rows with the reason, and as the count of those past the ceiling.
 */
const stack = useProductInBrowser({ env: { HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST: '1', HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE: '1' } });
const { product } = stack;
const reviewShot = reviewShots('/tmp/pwa-shots-refusals');

const FLOOD = 15;

describe.each(VIEWPORT_NAMES)('refused alerts on the Webhook Logs tab at %s size (issue 32, point 2)', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const answers: number[] = [];

  beforeAll(async () => {
    context = await stack.browser.newContext({ ...VIEWPORTS[viewport], colorScheme: 'dark' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signUpThroughUi(page, product.url, `refusals-${viewport}-${Date.now()}@example.com`);
    const { body } = await apiAs<{ webhookUrl: string }>(page, product.url, '/api/auth/webhook-url');
    // As an alert loop would: plain POSTs to the URL, one after another.
    for (let i = 0; i < FLOOD; i += 1) {
      const answer = await fetch(body.data?.webhookUrl ?? '', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ symbol: 'BTC', action: 'buy', size: 20 + i }),
      });
      answers.push(answer.status);
    }
  });
  afterAll(async () => {
    await context?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, viewport, `refusals-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  it("issue 32, point 2: a flood past the URL's budget is answered 429, and each of the first ten refusals is a Failed row saying it was rate limited", async () => {
    expect(answers).toEqual([200, ...Array(FLOOD - 1).fill(429)]);
    await openTab(page, 'WEBHOOK LOGS');
    const failed = page.locator('tr.log-row', { has: page.locator('td[data-label="Status"]', { hasText: 'Failed' }) });
    // The one accepted alert fails too (this trader saved no API keys); the ten refusals follow it.
    await expect.poll(() => failed.count(), { timeout: 15_000 }).toBe(11);
    const logs = await apiAs<{ error?: string }[]>(page, product.url, '/api/webhook-logs');
    expect(logs.body.data?.filter((log) => log.error === 'Rate limited: 1 alert a minute for this URL (1 at once).')).toHaveLength(10);
    await failed
      .first()
      .getByRole('button', { name: /^Details/ })
      .click();
    await expectVisible(page.getByRole('note', { name: 'Error' }).getByText('Rate limited: 1 alert a minute for this URL (1 at once).'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'logs-rate-limited');
  });

  it('issue 32, point 2: the refusals past ten times the budget are counted and the tab says how many, with no serious accessibility problem', async () => {
    const notice = page.getByTestId('refused-alerts');
    // Counted refusals are written every 10 s; the tab reads them again every minute and when the logs change.
    await expect
      .poll(async () => (await apiAs<{ total: number }>(page, product.url, '/api/webhook-logs/refusals')).body.data?.total, { timeout: 20_000 })
      .toBe(FLOOD - 11);
    await page.reload();
    await expectVisible(notice);
    expect(await notice.innerText()).toMatch(/^4 alerts refused since .+ were counted, not logged one by one/);
    expect(await notice.innerText()).toContain('4 alerts over a URL’s rate limit');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'logs-refusals-counted');
  });
});
