import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.js';
import { VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { apiAs, closeToasts, expectToast, openTab } from './support/dashboard.js';
import { expectVisible } from './support/expectVisible.js';
import { screenshot } from './support/screenshots.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';
import { reviewShots } from './support/reviewShots.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * Paper trading in the dashboard (issue 30, point 4), in the product as `npm start` runs it with
 * the simulator as the exchange of both networks, at phone and laptop size: a trader without API
 * keys creates a paper strategy, posts an alert to its URL, and sees it executed on paper — the
 * log row, the position and the balance marked Paper — then resets the paper account and is sent
 * to API KEYS when trying to trade it live.
 */
const stack = useProductInBrowser();
const { product } = stack;

const reviewShot = reviewShots('/tmp/pwa-shots-paper');

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
type Strategy = { id: string; name: string; venue: string; paper: { balance: number } | null };
type Balance = { totalEquity: number; venue?: string };

describe.each(VIEWPORT_NAMES)('paper trading at %s size (issue 30, point 4)', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const email = `paper-${viewport}-${Date.now()}@example.com`;
  const NAME = 'Paper BTC';
  let strategyId = '';

  const header = () => page.locator('header.dash-header');
  const switcher = () => header().getByRole('button', { name: /^Strategy/ });
  const manage = () => page.getByRole('dialog', { name: 'Manage strategies' });
  const row = () => manage().getByRole('listitem', { name: NAME, exact: true });
  const paperBalance = () => page.getByRole('group', { name: 'Paper balance' });
  const stat = (group: Locator, label: string) => group.locator('.stat', { has: page.locator('.stat__label', { hasText: label }) }).locator('.stat__value');

  async function openSwitcher(): Promise<Locator> {
    await switcher().click();
    const popup = viewport === 'phone' ? page.getByRole('dialog', { name: 'Switch strategy' }) : page.getByRole('menu', { name: 'Strategies' });
    await expectVisible(popup);
    return popup;
  }

  async function openManage(): Promise<void> {
    const popup = await openSwitcher();
    await popup.getByRole(viewport === 'phone' ? 'button' : 'menuitem', { name: /^Manage strategies/ }).click();
    await expectVisible(manage());
  }

  async function closeManage(): Promise<void> {
    await manage().getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => manage().count()).toBe(0);
  }

  beforeAll(async () => {
    context = await stack.browser.newContext({ ...VIEWPORTS[viewport], colorScheme: 'dark' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // No API keys: paper trading needs none.
    await signUpThroughUi(page, product.url, email);
  });
  afterAll(async () => {
    await context?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, viewport, `paper-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  it('issue 30, point 4: Manage strategies creates a paper strategy: where it trades, a starting balance (a refused one explained under its field), then the Paper badge in its row and the switcher; no serious accessibility problem', async () => {
    await openManage();
    await manage().getByLabel('New strategy').fill(NAME);
    expect(await manage().getByLabel('Starting balance (USDC)').count()).toBe(0);
    await manage()
      .getByRole('radio', { name: /^Paper — no real money/ })
      .check();
    const balance = manage().getByLabel('Starting balance (USDC)');
    expect(await balance.inputValue()).toBe('10000');
    await balance.fill('50');
    await manage().getByRole('button', { name: 'Create paper strategy' }).click();
    await expectVisible(manage().getByText('Paper balance must be at least 100 USDC.'));
    expect(await balance.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'create-paper-refused');

    await balance.fill('10,000');
    await manage().getByRole('button', { name: 'Create paper strategy' }).click();
    await expectVisible(row());
    await expectVisible(row().locator('.badge--paper', { hasText: 'Paper' }));
    await expectVisible(row().getByText('Trades on paper, no real money'));
    await expect.poll(() => switcher().innerText()).toContain(NAME);
    await expectVisible(switcher().locator('.badge--paper'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await row().scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'manage-paper-row');
    await closeManage();
    await closeToasts(page);

    const listed = await apiAs<Strategy[]>(page, product.url, '/api/strategies');
    const created = listed.body.data?.find((s) => s.name === NAME);
    expect(created).toMatchObject({ venue: 'paper', paper: { balance: 10_000 } });
    strategyId = created?.id ?? '';

    const popup = await openSwitcher();
    await expectVisible(popup.getByRole(viewport === 'phone' ? 'button' : 'menuitemradio', { name: new RegExp(NAME) }).locator('.badge--paper'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'switcher-paper');
    await page.keyboard.press('Escape');
    await expect.poll(() => popup.count()).toBe(0);
  });

  it('issue 30, point 4: the order preview plans on the paper account, and an alert posted to the URL the Webhook tab shows is executed on paper: its log row says Executed with the Paper badge', async () => {
    await openTab(page, 'WEBHOOK');
    const card = page.getByRole('region', { name: 'Your webhook URL' });
    await expectVisible(card.locator('.badge--paper'));
    expect(await card.innerText()).toContain('traded on paper, at Hyperliquid’s prices with no real money');
    const urlField = page.getByLabel('Webhook URL', { exact: true });
    await expect.poll(() => urlField.inputValue()).toMatch(/\/hook\/\S+$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'webhook-paper', card);

    // The order preview plans on the paper account (no keys needed) and marks the order Paper.
    const previewCard = page.getByRole('region', { name: 'Order preview' });
    expect(await previewCard.innerText()).toContain('against this strategy’s paper account');
    await previewCard.getByLabel('Alert message').fill(JSON.stringify({ symbol: 'BTC', action: 'buy', size: 200, leverage: 2 }));
    await previewCard.getByRole('button', { name: 'Preview order' }).click();
    const planned = previewCard.getByRole('region', { name: 'Order that would be sent' });
    await expectVisible(planned.locator('.badge--paper', { hasText: 'Paper' }));
    expect(await planned.getByText('Mainnet').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await planned.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'webhook-paper-preview', previewCard);

    // As an alert source would: a plain POST to the URL shown, nothing of the PWA's session.
    const answer = await fetch(await urlField.inputValue(), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ symbol: 'BTC', action: 'buy', size: 200, leverage: 2 }),
    });
    expect(answer.status).toBe(200);

    await openTab(page, 'WEBHOOK LOGS');
    const logRow = page.locator('tr.log-row', { hasText: 'BTC' });
    await expect.poll(() => logRow.locator('td[data-label="Status"]').innerText()).toBe('Executed');
    await expectVisible(logRow.locator('.badge--paper', { hasText: 'Paper' }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await logRow.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'logs-paper-row');
  });

  it('issue 30, point 4: the Positions tab shows the paper account: the position with the Paper badge, the paper balance, the no-real-money line, and no Sync or Close all', async () => {
    await openTab(page, 'POSITIONS');
    await expectVisible(page.getByText(`Paper account of “${NAME}”`));
    await expectVisible(page.getByText('Paper numbers: filled at Hyperliquid’s prices, no real money.', { exact: false }));
    const position = page.locator('.positions-table tbody tr', { hasText: 'BTC' });
    await expectVisible(position.locator('.badge--paper'));
    expect(await position.innerText()).toContain('LONG');
    expect(await page.getByRole('button', { name: 'Sync with Hyperliquid' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Close all/ }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Paper positions summary' }).count()).toBe(1);

    // The balance shown is the paper account's as the api answers it, not the (keyless) real one.
    const balance = await apiAs<Balance>(page, product.url, `/api/balance?strategyId=${strategyId}`);
    expect(balance.body.data?.venue).toBe('paper');
    await expect.poll(() => stat(paperBalance(), 'Paper equity').innerText()).toBe(usd.format(balance.body.data?.totalEquity ?? Number.NaN));
    expect(await stat(paperBalance(), 'Started with').innerText()).toBe('$10,000.00');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'positions-paper');
    await position.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'positions-paper-row');
  });

  it('issue 30, point 4: Settings names the paper strategy with its badge and previews from its paper balance', async () => {
    await openTab(page, 'SETTINGS');
    const scope = page.locator('.settings-scope');
    await expectVisible(scope.locator('.badge--paper'));
    expect(await scope.innerText()).toContain('traded on paper with no real money');
    const preview = page.getByRole('region', { name: 'Live Preview' });
    await expectVisible(preview.getByText('Paper balance: no real money.', { exact: false }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await preview.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'settings-paper');
  });

  it('issue 30, point 4: Reset paper account asks first with the current balance, then the paper account starts over: no positions, the new balance', async () => {
    await openManage();
    await row()
      .getByRole('button', { name: `Reset paper account of ${NAME}` })
      .click();
    const step = row().getByRole('form', { name: `Reset the paper account of “${NAME}”?` });
    await expectVisible(step);
    const balance = step.getByLabel('Starting balance (USDC)');
    expect(await balance.inputValue()).toBe('10000');
    expect(await balance.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await step.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'reset-confirm');
    await balance.fill('5000');
    await step.getByRole('button', { name: 'Reset paper account', exact: true }).click();
    await expectToast(page, 'Paper account reset', 'success');
    await expectVisible(row().getByRole('button', { name: `Reset paper account of ${NAME}` }));
    await closeManage();
    await closeToasts(page);

    await openTab(page, 'POSITIONS');
    await expectVisible(page.getByText('No open positions'));
    await expect.poll(() => stat(paperBalance(), 'Started with').innerText()).toBe('$5,000.00');
    await expect.poll(() => stat(paperBalance(), 'Paper equity').innerText()).toBe('$5,000.00');
    await reviewShot(page, viewport, 'positions-after-reset');
  });

  it("issue 30, point 4: Trade live asks first about real money; without API keys the api's message says to save them, and its button opens API KEYS", async () => {
    await openManage();
    await row()
      .getByRole('button', { name: `Trade live with ${NAME}` })
      .click();
    const step = row().getByRole('group', { name: `Trade “${NAME}” live?` });
    await expectVisible(step);
    expect(await step.innerText()).toContain('real money on your Hyperliquid account');
    await step.getByRole('button', { name: 'Trade live with real money' }).click();
    const refusal = step.getByRole('alert');
    await expectVisible(refusal);
    // Nothing left to confirm: without keys the step only leads to them, or back.
    expect(await step.getByRole('button', { name: 'Trade live with real money' }).count()).toBe(0);
    expect(await refusal.innerText()).toContain('Save your Hyperliquid API keys first: a live strategy trades on your account.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await step.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'promote-no-keys');

    await refusal.getByRole('button', { name: 'Go to API KEYS' }).click();
    await expect.poll(() => manage().count()).toBe(0);
    await expect.poll(() => page.getByRole('tab', { name: 'API KEYS', exact: true }).getAttribute('aria-selected')).toBe('true');
    await reviewShot(page, viewport, 'keys-after-promote');
    const listed = await apiAs<Strategy[]>(page, product.url, '/api/strategies');
    expect(listed.body.data?.find((s) => s.id === strategyId)?.venue).toBe('paper');
  });
});
