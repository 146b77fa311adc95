import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ALERT_TEMPLATES } from '@hyperhook/domain';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.js';
import { VIEWPORT_NAMES, VIEWPORTS, type ViewportName } from './support/chromium.js';
import { apiAs, clipboardText, closeToasts, expectToast, openTab, type TabLabel } from './support/dashboard.js';
import { expectVisible } from './support/expectVisible.js';
import { screenshot } from './support/screenshots.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * Strategies in the dashboard (issue 29, point 6), in the product as `npm start` runs it, at phone
 * and laptop size: the header's switcher (a sheet on phones, a menu on wide screens), Manage
 * strategies (create, rename, pause, delete with confirmation), a URL and settings per strategy,
 * the paused banner on every tab, the logs narrowed to one strategy, and the new templates.
 */
const stack = useProductInBrowser();
const { product } = stack;

/** Review screenshots (what the screen shows, not the full page), beside the CI artefacts. */
const REVIEW_DIR = process.env.PWA_SHOTS_DIR ?? '/tmp/pwa-shots-29b';
async function reviewShot(page: Page, viewport: ViewportName, name: string, fullPage = false): Promise<void> {
  mkdirSync(REVIEW_DIR, { recursive: true });
  await page.screenshot({ path: join(REVIEW_DIR, `${viewport}-${name}.png`), fullPage });
}

const TABS: TabLabel[] = ['WEBHOOK', 'API KEYS', 'WEBHOOK LOGS', 'POSITIONS', 'SETTINGS'];

describe.each(VIEWPORT_NAMES)('strategies at %s size (issue 29, point 6)', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const email = `strategies-${viewport}-${Date.now()}@example.com`;
  let mainUrl = '';
  let ethUrl = '';

  const header = () => page.locator('header.dash-header');
  const switcher = () => header().getByRole('button', { name: /^Strategy/ });
  const manage = () => page.getByRole('dialog', { name: 'Manage strategies' });
  const row = (name: string) => manage().getByRole('listitem', { name, exact: true });
  const urlField = () => page.getByLabel('Webhook URL', { exact: true });
  const strategyBanner = () => page.locator('.strategy-banner');

  /** Opens the switcher: a sheet on phones, a menu on wide screens; answers it. */
  async function openSwitcher(): Promise<Locator> {
    await switcher().click();
    const popup = viewport === 'phone' ? page.getByRole('dialog', { name: 'Switch strategy' }) : page.getByRole('menu', { name: 'Strategies' });
    await expectVisible(popup);
    return popup;
  }

  async function choose(name: string): Promise<void> {
    const popup = await openSwitcher();
    await popup.getByRole(viewport === 'phone' ? 'button' : 'menuitemradio', { name: new RegExp(`^✓?${name}`) }).click();
    await expect.poll(() => switcher().innerText()).toContain(name);
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
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signUpThroughUi(page, product.url, email);
  });
  afterAll(async () => {
    await context?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, viewport, `strategies-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  it('issue 29, point 6: the header shows the first strategy; the switcher opens a sheet on phones and a menu on wide screens, Escape closes it; no serious accessibility problem', async () => {
    await expect.poll(() => switcher().innerText()).toContain('Main');
    await reviewShot(page, viewport, 'header-switcher');
    const popup = await openSwitcher();
    if (viewport === 'phone') {
      expect(await popup.getAttribute('aria-modal')).toBe('true');
      expect(await popup.getByRole('button', { name: /Main/ }).getAttribute('aria-current')).toBe('true');
    } else {
      expect(await popup.getByRole('menuitemradio', { name: /Main/ }).getAttribute('aria-checked')).toBe('true');
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, viewport === 'phone' ? 'switcher-sheet' : 'switcher-menu');
    await page.keyboard.press('Escape');
    await expect.poll(() => popup.count()).toBe(0);
    expect(await switcher().evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('issue 29, point 6: Manage strategies creates a strategy (a taken name is explained under the field) and puts it on screen with its own URL', async () => {
    await openTab(page, 'WEBHOOK');
    await expect.poll(() => urlField().inputValue()).toMatch(/\/hook\/\S+$/);
    mainUrl = await urlField().inputValue();

    await openManage();
    const name = manage().getByLabel('New strategy');
    await name.fill('main');
    await manage().getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(manage().getByText('A strategy named "main" already exists.'));
    await name.fill('ETH scalper');
    await manage().getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(row('ETH scalper'));
    await expect.poll(() => switcher().innerText()).toContain('ETH scalper');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'manage-dialog');
    await closeManage();
    await closeToasts(page);

    await expect.poll(() => urlField().inputValue()).not.toBe(mainUrl);
    ethUrl = await urlField().inputValue();
    expect(ethUrl).toMatch(new RegExp(`^${product.url}/hook/\\S+$`));
    const listed = await apiAs<{ id: string; name: string; webhookUrl: string }[]>(page, product.url, '/api/strategies');
    expect(listed.body.data?.map((s) => [s.name, s.webhookUrl])).toEqual([
      ['Main', mainUrl],
      ['ETH scalper', ethUrl],
    ]);
  });

  it("issue 29, point 6: settings are per strategy: the leverage saved for ETH scalper is not Main's", async () => {
    await openTab(page, 'SETTINGS');
    await expectVisible(page.getByText('For strategy', { exact: false }));
    const leverage = page.getByLabel('Default Leverage');
    await leverage.fill('4');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings saved', 'success');
    await closeToasts(page);
    await choose('Main');
    await openTab(page, 'SETTINGS');
    await expect.poll(() => page.getByLabel('Default Leverage').inputValue()).toBe('1');
    await choose('ETH scalper');
    await expect.poll(() => page.getByLabel('Default Leverage').inputValue()).toBe('4');
    const listed = await apiAs<{ name: string; settings: { trading: { leverage: number } } }[]>(page, product.url, '/api/strategies');
    expect(listed.body.data?.map((s) => [s.name, s.settings.trading.leverage])).toEqual([
      ['Main', 1],
      ['ETH scalper', 4],
    ]);
  });

  it("issue 29, point 6: pausing the strategy on screen shows its banner on every tab, and the switcher's paused dot; Resume strategy resumes it", async () => {
    await openManage();
    await row('ETH scalper').getByRole('button', { name: 'Pause ETH scalper' }).click();
    await expectVisible(row('ETH scalper').getByText('Paused', { exact: true }));
    await closeManage();
    for (const tab of TABS) {
      await openTab(page, tab);
      await expectVisible(strategyBanner());
      expect(await strategyBanner().innerText()).toMatch(/Strategy “ETH scalper” paused since .+ — its alerts are logged, not traded\./);
    }
    expect(await switcher().getAttribute('aria-expanded')).toBe('false');
    await expectVisible(switcher().locator('.strategy-dot--paused'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'paused-banner');
    // The first strategy trades on: no banner there.
    await choose('Main');
    await expect.poll(() => strategyBanner().count()).toBe(0);
    await choose('ETH scalper');
    await strategyBanner().getByRole('button', { name: 'Resume strategy' }).click();
    await expect.poll(() => strategyBanner().count()).toBe(0);
    await closeToasts(page);
  });

  it("issue 29, point 6: WEBHOOK LOGS narrows its rows and its four cards to one strategy, and names each row's strategy", async () => {
    await product.postAlert(mainUrl, { symbol: 'NOPECOINUSDT', action: 'buy' });
    await product.postAlert(ethUrl, { symbol: 'NOPECOINUSDT', action: 'sell' });
    await product.postAlert(ethUrl, { symbol: 'NOPECOINUSDT', action: 'buy' });
    await openTab(page, 'WEBHOOK LOGS');
    const rows = page.locator('tr.log-row');
    const signals = page.getByRole('group', { name: 'Webhook summary' }).locator('.stat', { hasText: 'Signals' }).locator('.stat__value');
    await expect.poll(() => rows.count()).toBe(3);
    const scope = page.getByRole('combobox', { name: 'Strategy' });
    expect(await scope.locator('option').allInnerTexts()).toEqual(['All strategies', 'Main', 'ETH scalper']);
    expect(await signals.innerText()).toBe('3');
    await scope.selectOption({ label: 'ETH scalper' });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await signals.innerText()).toBe('2');
    for (const text of await rows.locator('.log-strategy').allInnerTexts()) expect(text).toContain('ETH scalper');
    await scope.selectOption({ label: 'Main' });
    await expect.poll(() => rows.count()).toBe(1);
    expect(await signals.innerText()).toBe('1');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.locator('.logs-scope').scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'logs-filter');
    await scope.selectOption({ label: 'All strategies' });
    await expect.poll(() => rows.count()).toBe(3);
  });

  it('issue 29, point 6: the Webhook tab has a copyable template for every alert format', async () => {
    await openTab(page, 'WEBHOOK');
    const formats = page.getByRole('region', { name: 'Other alert formats' });
    await formats.locator('summary').click();
    await expect.poll(() => formats.locator('details').getAttribute('open')).not.toBeNull();
    expect(await formats.getByRole('heading', { level: 5 }).allInnerTexts()).toEqual(ALERT_TEMPLATES.map((t) => t.name));
    const article = formats.locator('article', { has: page.getByRole('heading', { name: 'TradersPost', exact: true }) });
    await article.getByRole('button', { name: 'Copy Template' }).click();
    await expectVisible(article.getByRole('button', { name: 'Copied!' }));
    const tradersPost = ALERT_TEMPLATES.find((t) => t.id === 'tradersPost');
    expect(JSON.parse(await clipboardText(page))).toEqual(JSON.parse(tradersPost?.body ?? 'null'));
    const pine = formats.locator('article', { has: page.getByRole('heading', { name: 'PineConnector-style text', exact: true }) });
    await pine.getByRole('button', { name: 'Copy Template' }).click();
    await expect.poll(() => clipboardText(page)).toBe('buy,ETH,sl_price=2900,tp_price=3300');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await formats.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'webhook-templates');
  });

  it('issue 29, point 6: a strategy is renamed, and deleted only after its confirmation; its URL then stops working; the first strategy says why it stays', async () => {
    await openManage();
    await row('ETH scalper').getByRole('button', { name: 'Rename ETH scalper' }).click();
    const name = row('ETH scalper').getByLabel('New name for “ETH scalper”');
    await name.fill('ETH swing');
    await name.press('Enter');
    await expectVisible(row('ETH swing'));
    await expect.poll(() => switcher().innerText()).toContain('ETH swing');

    await row('ETH swing').getByRole('button', { name: 'Delete ETH swing' }).click();
    const question = row('ETH swing').getByRole('group', { name: 'Delete “ETH swing”?' });
    await expectVisible(question);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'manage-delete-confirm');
    await question.getByRole('button', { name: 'Keep it' }).click();
    await expectVisible(row('ETH swing').getByRole('button', { name: 'Delete ETH swing' }));
    await row('ETH swing').getByRole('button', { name: 'Delete ETH swing' }).click();
    await row('ETH swing').getByRole('button', { name: 'Delete strategy' }).click();
    await expect.poll(() => row('ETH swing').count()).toBe(0);
    await expectVisible(row('Main').getByText('Your first strategy can’t be deleted'));
    expect(
      await row('Main')
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);
    await closeManage();
    await expect.poll(() => switcher().innerText()).toContain('Main');
    const answer = await fetch(ethUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ symbol: 'BTC', action: 'buy' }) });
    expect(answer.status).toBe(404);
  });
});
