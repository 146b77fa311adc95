import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../system/harness.js';
import { seriousAxeViolations } from './support/axe.js';
import { VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { apiAs, openTab, saveSimKeys } from './support/dashboard.js';
import { expectVisible } from './support/expectVisible.js';
import { reviewShots } from './support/reviewShots.js';
import { screenshot } from './support/screenshots.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * Issue 42, point 1 and 3 in the product as `npm start` runs it, the simulator as the exchange, at
 * phone and laptop size: the strategy's guards in SETTINGS with a preview on its last alerts; a
 * saved cooldown then holds back a repeated entry, which its log row says, and a close still goes.
 */
const stack = useProductInBrowser();
const { product } = stack;

const reviewShot = reviewShots('/tmp/pwa-shots-42');
const ENTRY = { symbol: 'ETHUSDT', action: 'buy', orderType: 'market', size: 50, leverage: 1 };

type Log = { webhookLogId: string; status: string; error?: string; guard?: string };

describe.each(VIEWPORT_NAMES)('issue 42 guards before the order at %s size', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  let webhookUrl = '';
  const panel = () => page.getByRole('tabpanel');
  const logOf = async (id: string) => (await apiAs<Log[]>(page, product.url, '/api/webhook-logs')).body.data?.find((l) => l.webhookLogId === id);

  beforeAll(async () => {
    context = await stack.browser.newContext({ ...VIEWPORTS[viewport], colorScheme: 'dark' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signUpThroughUi(page, product.url, `guards-${viewport}-${Date.now()}@example.com`);
    const account = await product.simAccount();
    await saveSimKeys(page, product.url, account);
    webhookUrl = ((await apiAs<{ webhookUrl: string }>(page, product.url, '/api/auth/webhook-url')).body.data as { webhookUrl: string }).webhookUrl;
    // Three entries a minute apart, as a repainting indicator sends them: each executes with no guard yet.
    for (let i = 0; i < 3; i += 1) {
      const id = await product.postAlert(webhookUrl, { ...ENTRY, id: `repaint-${viewport}-${i}` });
      await waitFor(`entry ${i} executed`, async () => (await logOf(id))?.status === 'executed', 20_000, 200);
    }
  });
  afterAll(async () => {
    await context?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, viewport, `guards-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  it('issue 42, point 3: given three entries in a row, when a 15-minute cooldown is typed in SETTINGS, then the preview says it would have held back two, and Save keeps it, with no serious accessibility problem', async () => {
    await page.reload();
    await openTab(page, 'SETTINGS');
    const cooldown = panel().getByLabel('Cooldown per coin (min)');
    await expectVisible(cooldown);
    const preview = panel().getByRole('region', { name: /^On the last \d+ alerts?$/ });
    await expect.poll(() => preview.innerText()).toContain('No guard set: all 3 entries went to the order path.');
    await cooldown.fill('15');
    await expect.poll(() => preview.innerText()).toContain('2 of 3 entries would have been held back');
    expect(await preview.innerText()).toMatch(/An entry in ETH \d+(\.\d)? s ago; this strategy waits 15 min between entries in a coin/);
    await panel().getByRole('button', { name: 'Save Guards' }).click();
    await expectVisible(page.getByText('Guards saved'));
    const strategies = (await apiAs<{ guards: unknown }[]>(page, product.url, '/api/strategies')).body.data ?? [];
    expect(strategies[0]?.guards).toEqual({ cooldownMinutes: 15 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    const card = panel().locator('form.guards-form');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, viewport, 'issue42-settings-guards');
    await reviewShot(page, viewport, 'settings-guards', card);
  });

  it('issue 42, point 1: given the cooldown saved, when the indicator repaints once more, then the entry is held back, its row says Guard with the numbers, the Success Rate card counts it, and a close still executes', async () => {
    const held = await product.postAlert(webhookUrl, { ...ENTRY, id: `repaint-${viewport}-again` });
    await expect.poll(async () => (await logOf(held))?.guard, { timeout: 20_000 }).toBe('GUARD_COOLDOWN');
    const close = await product.postAlert(webhookUrl, { symbol: 'ETHUSDT', action: 'close', id: `close-${viewport}` });
    await expect.poll(async () => (await logOf(close))?.status, { timeout: 20_000 }).toBe('executed');

    await openTab(page, 'WEBHOOK LOGS');
    const row = page.locator(`#log-${held}`);
    await expectVisible(row);
    const status = await row.getByText('Guard', { exact: true }).count();
    expect(status).toBe(1);
    expect(await row.innerText()).toMatch(/An entry in ETH \d+(\.\d)? (s|min) ago; this strategy waits 15 min between entries in a coin/);
    await expectVisible(page.getByText('1 failed · 1 held back by guards'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, viewport, 'issue42-logs-guarded');
    await reviewShot(page, viewport, 'logs-guarded', row);
  });
});
