import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../system/harness.js';
import { seriousAxeViolations } from './support/axe.js';
import { VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { answerConfirmation, apiAs, clipboardText, closeToasts, expectToast, openTab } from './support/dashboard.js';
import { expectVisible } from './support/expectVisible.js';
import type { SimAccount } from './support/product.js';
import { screenshot } from './support/screenshots.js';
import { storedSession } from './support/signUpThroughUi.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * A trader's first day, in the product as `npm start` runs it with the strict simulator as the
 * exchange, at phone and laptop size: sign up, connect keys, take the webhook URL, preview and
 * post alerts and watch them execute live, check positions, tune settings, and leave.
 */
/** A latency as the spec formats it (CONST-03, CONST-04): whole milliseconds under a second, else seconds with two decimals. */
const LATENCY = /^(\d+ ms|\d+\.\d\d s)$/;
const stack = useProductInBrowser();
const { product } = stack;

describe.each(VIEWPORT_NAMES)("a trader's day at %s size", (viewport) => {
  let context: BrowserContext;
  let page: Page;
  let account: SimAccount;
  const email = `trader-${viewport}-${Date.now()}@example.com`;
  const password = 'correct horse';
  let webhookUrl = '';
  let executedLogId = '';
  let failedLogId = '';

  beforeAll(async () => {
    context = await stack.browser.newContext({ ...VIEWPORTS[viewport], colorScheme: 'dark' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    // Every page of the day records what the Content Security Policy refused (nothing, the last test checks).
    await context.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { cspRefused: refused });
      document.addEventListener('securitypolicyviolation', (event) => refused.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    account = await product.simAccount(100_000);
  });
  afterAll(async () => {
    await context?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, viewport, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  it('VAL-01, VAL-02, VAL-03, ERR-05, SIGNUP-01, SIGNUP-02, SIGNUP-03, DASH-01, DASH-03, DASH-04, DASH-07, DASH-08, STATE-01: sign-up explains each refusal, then lands on the dashboard with the header and the WEBHOOK tab', async () => {
    // given: an address already taken
    const taken = `taken-${viewport}-${Date.now()}@example.com`;
    expect((await http(`${product.url}/api/auth/signup`, { body: { email: taken, password, confirmPassword: password } })).status).toBe(201);
    await page.goto(`${product.url}/signup`);
    const form = page.locator('form');
    const submit = page.getByRole('button', { name: 'Create Account' });
    await expectVisible(submit);

    // when: nothing is filled in
    await submit.click();
    // then
    await expectVisible(form.getByText('Please enter your email address.'));

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abc');
    await submit.click();
    await expectVisible(form.getByText('Password must be at least 6 characters'));

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(`${password}!`);
    await submit.click();
    await expectVisible(form.getByText('Passwords do not match'));
    await screenshot(page, viewport, 'signup-errors');

    // when: the address is already taken, the api refuses
    await page.getByLabel('Email').fill(taken);
    await page.getByLabel('Confirm password').fill(password);
    await submit.click();
    await expectVisible(page.getByRole('alert').getByText('Failed to create account'));
    expect(page.url()).toBe(`${product.url}/signup`);

    // when: a valid, new account
    await page.getByLabel('Email').fill(email);
    await submit.click();
    // then
    await page.waitForURL(`${product.url}/dashboard`);
    await expectVisible(page.getByText('Webhook orchestration for Hyperliquid'));
    await expectVisible(page.getByRole('banner').getByText(email));
    await expectVisible(page.getByRole('link', { name: 'hyperhook home' }));
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['WEBHOOK', 'API KEYS', 'WEBHOOK LOGS', 'POSITIONS', 'SETTINGS']);
    expect(await page.getByRole('tab', { name: 'WEBHOOK', exact: true }).getAttribute('aria-selected')).toBe('true');
  });

  it('ROUTE-02, ROUTE-03: a signed-in user who opens /login or /signup is sent to /dashboard', async () => {
    for (const path of ['/login', '/signup']) {
      await page.goto(`${product.url}${path}`);
      await page.waitForURL(`${product.url}/dashboard`);
    }
  });

  it('TAB-WEBHOOK-01, TAB-WEBHOOK-02, TAB-WEBHOOK-03, TAB-WEBHOOK-07, TAB-WEBHOOK-08, TAB-WEBHOOK-09, TAB-WEBHOOK-12, API-06: the webhook URL copies with "Copied!" for 2 s; templates fold open and copy; Usage Tips are there; no serious accessibility problem', async () => {
    await openTab(page, 'WEBHOOK');
    const field = page.getByLabel('Webhook URL', { exact: true });
    await expect.poll(() => field.inputValue()).toMatch(new RegExp(`^${product.url}/hook/\\S+$`));
    webhookUrl = await field.inputValue();
    expect(await field.getAttribute('readonly')).not.toBeNull();
    const served = await apiAs<{ webhookUrl: string }>(page, product.url, '/api/auth/webhook-url');
    expect(served.body.data?.webhookUrl).toBe(webhookUrl);

    // when: Copy
    const urlCard = page.getByRole('region', { name: 'Your webhook URL' });
    await urlCard.getByRole('button', { name: 'Copy', exact: true }).click();
    // then
    await expectVisible(urlCard.getByRole('button', { name: 'Copied!' }));
    expect(await clipboardText(page)).toBe(webhookUrl);
    await expectVisible(urlCard.getByRole('button', { name: 'Copy', exact: true }), 4_000);

    // when: a closed template group is opened and one of its templates copied
    const limitGroup = page.locator('details', { has: page.locator('summary', { hasText: 'Limit orders' }) });
    expect(await limitGroup.getAttribute('open')).toBeNull();
    await limitGroup.locator('summary').click();
    await expect.poll(() => limitGroup.getAttribute('open')).not.toBeNull();
    const copyTemplate = limitGroup.getByRole('button', { name: 'Copy Template' }).first();
    await copyTemplate.click();
    await expectVisible(limitGroup.getByRole('button', { name: 'Copied!' }).first());
    const template = JSON.parse(await clipboardText(page)) as Record<string, unknown>;
    expect(template).toMatchObject({ orderType: 'limit', price: expect.anything() });
    await expect.poll(() => limitGroup.getByRole('button', { name: 'Copied!' }).count(), { timeout: 4_000 }).toBe(0);
    await expectVisible(page.getByRole('heading', { name: 'Usage Tips' }));

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, viewport, 'tab-webhook');
  });

  it('TAB-WEBHOOK-04, TAB-WEBHOOK-05, TAB-WEBHOOK-06, ERR-07, ERR-08, ERR-26, STATE-11, API-07: Regenerate Secret asks first; declining keeps the URL, confirming shows a new one and the old URL stops working', async () => {
    const field = page.getByLabel('Webhook URL', { exact: true });
    const regenerate = page.getByRole('button', { name: 'Regenerate Secret' });

    // when: declined
    await regenerate.click();
    await answerConfirmation(page, 'Are you sure? This will invalidate your current webhook URL.', false);
    // then
    expect(await field.inputValue()).toBe(webhookUrl);

    // when: confirmed
    await regenerate.click();
    await answerConfirmation(page, 'Are you sure? This will invalidate your current webhook URL.', true);
    // then
    await expectToast(page, 'Webhook URL regenerated', 'success', 'Share the new URL with your signal sources.');
    await expect.poll(() => field.inputValue()).not.toBe(webhookUrl);
    const old = webhookUrl;
    webhookUrl = await field.inputValue();
    expect(webhookUrl).toMatch(new RegExp(`^${product.url}/hook/\\S+$`));
    expect((await http(old, { body: { symbol: 'BTC', action: 'buy' } })).status).toBe(404);
    await closeToasts(page);
  });

  it('TAB-KEYS-01, TAB-KEYS-08, TAB-KEYS-14, TAB-KEYS-12, VAL-07, VAL-08, VAL-09, VAL-10, STATE-08: without keys the tab shows the form with the warning, and explains each wrong field', async () => {
    await openTab(page, 'API KEYS');
    await expectVisible(page.getByText('An API wallet can only sign trades and cannot withdraw funds.'));
    await expectVisible(page.getByRole('heading', { name: 'Setup checklist' }));
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await screenshot(page, viewport, 'tab-keys-form');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const form = page.locator('form', { has: page.getByRole('button', { name: 'Save Keys' }) });
    await page.getByLabel('API wallet address').fill(account.apiWalletAddress);
    await page.getByLabel('API wallet private key').fill('0x1234');
    await page.getByLabel('Main account address').fill('0xnot-an-address');
    await page.getByRole('button', { name: 'Save Keys' }).click();
    const fieldError = (text: string | RegExp) => form.locator('.field__error', { hasText: text });
    await expectVisible(fieldError('Main account address must be 0x followed by 40 hexadecimal characters.'));
    await expectVisible(fieldError(/0x followed by 64 hexadecimal characters/));

    await page.getByLabel('API wallet private key').fill(account.apiWalletPrivateKey);
    await page.getByLabel('Main account address').fill(account.apiWalletAddress.toUpperCase().replace('0X', '0x'));
    await page.getByRole('button', { name: 'Save Keys' }).click();
    await expectVisible(fieldError('The main account address cannot be the same as the API wallet address.'));
    await expectVisible(form.getByRole('alert').getByText('Two different addresses required'));
  });

  it('TAB-KEYS-16, TAB-KEYS-17, TAB-KEYS-15, TAB-KEYS-02, TAB-KEYS-03, TAB-KEYS-04, TAB-KEYS-05, TAB-KEYS-06, TAB-KEYS-07, TAB-KEYS-09, TAB-KEYS-10, ERR-10, STATE-09, PROD-05, API-20: valid testnet keys with the referral box ticked save, report the referral, and show the summary; Update Keys offers Cancel back to it', async () => {
    // given: the fields trimmed by the form (VAL-06)
    await page.getByLabel('Main account address').fill(`  ${account.accountAddress}  `);
    await page.getByRole('checkbox', { name: /Testnet keys/ }).check();
    await page.getByRole('checkbox', { name: /I joined Hyperliquid with the/ }).check();
    // when
    await page.getByRole('button', { name: 'Save Keys' }).click();
    // then
    await expectToast(page, 'API keys saved', 'success', 'Your Hyperliquid wallet is ready for webhooks.');
    const summary = page.getByRole('region', { name: 'Hyperliquid connection' });
    await expectVisible(summary);
    await expectVisible(summary.getByText('Testnet', { exact: true }));
    await expectVisible(summary.getByText(account.accountAddress));
    await expectVisible(summary.getByText('Never used'));
    // The self-report follows the save (TAB-KEYS-17): it lands a moment after the summary shows.
    await expect.poll(async () => (await apiAs<{ joinedViaReferral: boolean }>(page, product.url, '/api/referral')).body.data?.joinedViaReferral).toBe(true);
    await screenshot(page, viewport, 'tab-keys-summary');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // when: Update Keys, then Cancel
    await summary.getByRole('button', { name: 'Update Keys' }).click();
    await expectVisible(page.getByRole('button', { name: 'Cancel' }));
    expect(await page.getByLabel('API wallet private key').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Cancel' }).click();
    // then
    await expectVisible(page.getByRole('region', { name: 'Hyperliquid connection' }));
    await closeToasts(page);
  });

  it('order preview: a pasted alert shows the exact order that would be sent now — coin, side, rounded size, limit price, leverage, notional, margin — and an alert it would refuse shows why; nothing is sent', async () => {
    await openTab(page, 'WEBHOOK');
    const card = page.getByRole('region', { name: 'Order preview' });
    const message = card.getByLabel('Alert message');
    await message.fill(JSON.stringify({ symbol: 'BINANCE:BTCUSDT.P', action: 'buy', orderType: 'market', size: 200, leverage: 3 }));
    await card.getByRole('button', { name: 'Preview order' }).click();
    const plan = card.getByRole('region', { name: 'Order that would be sent' });
    await expectVisible(plan);
    const text = await plan.innerText();
    expect(text).toContain('BTC');
    expect(text).toContain('Testnet');
    expect(text).toMatch(/BUY/i);
    expect(text).toMatch(/3x/);
    expect(text).toMatch(/\$600\.00|\$5\d\d\.\d\d/);
    await expectVisible(card.getByText('Preview only: nothing was sent to Hyperliquid.'));
    await screenshot(page, viewport, 'order-preview');

    await message.fill(JSON.stringify({ symbol: 'NOPECOINUSDT', action: 'buy' }));
    await card.getByRole('button', { name: 'Preview order' }).click();
    await expectVisible(card.getByRole('alert').getByText('Hyperliquid does not list a perpetual named NOPECOIN.'));
    const logs = await apiAs<unknown[]>(page, product.url, '/api/webhook-logs');
    expect(logs.body.data).toEqual([]);
  });

  it('TAB-LOGS-05, TAB-LOGS-01, TAB-LOGS-02, TAB-LOGS-03, TAB-LOGS-04, TAB-LOGS-34, STATE-02, CARD-25, CARD-32, PROD-01, PROD-02: an alert posted to the webhook URL appears in WEBHOOK LOGS without a reload and reaches "executed"; a refused one reaches "failed"', async () => {
    await openTab(page, 'WEBHOOK LOGS');
    await expectVisible(page.getByRole('heading', { name: 'Webhook Performance' }));
    await expectVisible(page.getByText('Monitor signal throughput, errors, and processing latency in real time'));
    await expectVisible(page.getByText('0 / 200 recent signals'));

    // when: alerts arrive while the page is open
    executedLogId = await product.postAlert(webhookUrl, { symbol: 'BTCUSDT', action: 'buy', orderType: 'market', size: 200, leverage: 2 });
    failedLogId = await product.postAlert(webhookUrl, { symbol: 'ETHUSDT', action: 'sell', size: 1 });
    // then
    const executedRow = page.locator(`#log-${executedLogId}`);
    const failedRow = page.locator(`#log-${failedLogId}`);
    await expect.poll(() => executedRow.locator('td[data-label="Status"]').innerText(), { timeout: 20_000 }).toMatch(/executed/i);
    await expect.poll(() => failedRow.locator('td[data-label="Status"]').innerText(), { timeout: 20_000 }).toMatch(/failed/i);
    await expectVisible(page.getByText('2 / 200 recent signals'));
  });

  it('TAB-LOGS-06, TAB-LOGS-07, TAB-LOGS-08, TAB-LOGS-09, TAB-LOGS-10, TAB-LOGS-11, TAB-LOGS-12, TAB-LOGS-14, TAB-LOGS-24, TAB-LOGS-26, TAB-LOGS-27, TAB-LOGS-29, TAB-LOGS-30, TAB-LOGS-31, TAB-LOGS-32, TAB-LOGS-35, TAB-LOGS-36: the cards, chips and rows describe the two signals', async () => {
    const stat = (label: string) => page.locator('.stat', { has: page.locator('.stat__label', { hasText: label }) });
    expect(await stat('Signals').locator('.stat__value').innerText()).toBe('2');
    expect(await stat('Success Rate').locator('.stat__value').innerText()).toBe('50%');
    expect(await stat('Success Rate').locator('.stat__value').getAttribute('class')).toContain('tone-warn');
    expect(await stat('Success Rate').locator('.stat__detail').innerText()).toBe('1 failed');
    expect(await stat('In Flight').locator('.stat__value').innerText()).toBe('0');
    expect(await stat('Avg Latency').locator('.stat__value').innerText()).toMatch(LATENCY);
    expect(await stat('Avg Latency').locator('.stat__detail').innerText()).toMatch(/^Last signal /);
    for (const chip of ['Executed 1', 'Executing 0', 'Validating 0', 'Received 0', 'Failed 1']) await expectVisible(page.getByText(chip, { exact: true }));

    const row = page.locator(`#log-${executedLogId}`);
    const cell = (label: string) => row.locator(`td[data-label="${label}"]`).innerText();
    expect(await cell('Signal')).toContain('BTCUSDT');
    expect(await cell('Signal')).toContain('BUY');
    expect(await cell('Signal')).toContain(executedLogId);
    expect(await row.locator('.badge', { hasText: 'BUY' }).getAttribute('class')).toContain('badge--green');
    expect(await cell('Order')).toContain('MARKET');
    expect(await cell('Order')).toContain('2x leverage');
    expect(await cell('Size')).toContain('$200.00');
    expect(await cell('Latency')).toMatch(LATENCY);
    expect(await cell('Received')).toMatch(/ago|now/);
    expect(await page.locator(`#log-${failedLogId} .badge`, { hasText: 'SELL' }).getAttribute('class')).toContain('badge--red');
    if (viewport === 'desktop') {
      expect(await page.locator('table thead th').allInnerTexts()).toEqual(
        ['Signal', 'Order', 'Size', 'Status', 'Latency', 'Received', 'Details'].map((h) => expect.stringMatching(new RegExp(`^${h}$`, 'i'))),
      );
    }
  });

  it('TAB-LOGS-37, TAB-LOGS-38, TAB-LOGS-39, TAB-LOGS-40: Details opens the payload with the Execution box and the latency waterfall (slowest stage marked), or the red Error box; no serious accessibility problem', async () => {
    const row = page.locator(`#log-${executedLogId}`);
    await row.getByRole('button', { name: /^Details/ }).click();
    expect(await row.getByRole('button', { name: /^Details/ }).getAttribute('aria-expanded')).toBe('true');
    const details = page.locator(`#log-details-${executedLogId}`);
    await expectVisible(details);
    expect(JSON.parse(await details.getByRole('group', { name: 'Payload' }).locator('pre').innerText())).toMatchObject({
      symbol: 'BTCUSDT',
      action: 'buy',
      orderType: 'market',
      size: 200,
      leverage: 2,
    });
    expect(await details.locator('.logs-box', { hasText: 'Execution' }).innerText()).toMatch(/Executed \S/);
    const waterfall = details.getByRole('group', { name: 'Latency waterfall' });
    await expectVisible(waterfall);
    const steps = await waterfall.locator('li').allInnerTexts();
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps.filter((step) => step.includes('slowest'))).toHaveLength(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, viewport, 'tab-logs-details');
    await row.getByRole('button', { name: /^Details/ }).click();
    await expect.poll(() => details.count()).toBe(0);

    const failedRow = page.locator(`#log-${failedLogId}`);
    await failedRow.getByRole('button', { name: /^Details/ }).click();
    const error = page.locator(`#log-details-${failedLogId}`).getByRole('note', { name: 'Error' });
    await expectVisible(error);
    expect(await error.innerText()).toMatch(/minimum|\$10/);
    expect(await error.getAttribute('class')).toContain('notice--error');
    await failedRow.getByRole('button', { name: /^Details/ }).click();
  });

  it('TAB-LOGS-15, TAB-LOGS-16, TAB-LOGS-17, TAB-LOGS-18, TAB-LOGS-19, TAB-LOGS-21, TAB-LOGS-22, TAB-LOGS-41, TAB-LOGS-42, TAB-LOGS-43, TAB-LOGS-44, STATE-23, VAL-22: search, status and timeframe filter the rows; Reset Filters is enabled only off the defaults; 21 signals make two pages of 20', async () => {
    const search = page.getByPlaceholder('Search symbol, action, payload, or log id');
    const status = page.getByLabel('Status', { exact: true });
    const timeframe = page.getByLabel('Timeframe');
    const reset = page.getByRole('button', { name: 'Reset Filters' });
    expect(await status.inputValue()).toBe('all');
    expect(await timeframe.locator('option:checked').innerText()).toBe('Last 24h');
    expect(await timeframe.locator('option').allInnerTexts()).toEqual(['Last 1h', 'Last 24h', 'Last 3d', 'Last 7d', 'All Time']);
    expect(await status.locator('option').allInnerTexts()).toEqual(['All', 'Executed', 'Failed', 'Executing', 'Awaiting approval', 'Validating', 'Received']);
    expect(await reset.isDisabled()).toBe(true);

    await search.fill(failedLogId.slice(0, 13).toUpperCase());
    await expect.poll(() => page.locator('tr.log-row').count()).toBe(1);
    expect(await reset.isDisabled()).toBe(false);
    await search.fill('no such thing');
    await expectVisible(page.getByText('No webhook logs match your filters'));
    await expectVisible(page.getByText('Try clearing the search query or expanding the timeframe window.'));
    await reset.click();
    await expect.poll(() => page.locator('tr.log-row').count()).toBe(2);
    expect(await search.inputValue()).toBe('');

    await status.selectOption({ label: 'Executed' });
    await expect.poll(() => page.locator('tr.log-row').count()).toBe(1);
    expect(await page.locator(`#log-${executedLogId}`).count()).toBe(1);
    await reset.click();
    expect(await reset.isDisabled()).toBe(true);

    // given: 19 more signals (refused at once: an unknown coin) make 21
    expect(await page.getByRole('navigation', { name: 'Webhook log pages' }).count()).toBe(0);
    for (let i = 0; i < 19; i += 1) await product.postAlert(webhookUrl, { id: `page-${viewport}-${i}`, symbol: 'NOPECOINUSDT', action: 'buy' });
    await expectVisible(page.getByText('21 / 200 recent signals'), 20_000);
    // then
    const pages = page.getByRole('navigation', { name: 'Webhook log pages' });
    await expectVisible(pages.getByText('Page 1 of 2'));
    expect(await page.locator('tr.log-row').count()).toBe(20);
    await pages.getByRole('button', { name: 'Next' }).click();
    await expectVisible(pages.getByText('Page 2 of 2'));
    expect(await page.locator('tr.log-row').count()).toBe(1);
    expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // when: the status filter changes on page 2, the table returns to page 1
    await status.selectOption({ label: 'Failed' });
    // allInnerTexts does not wait for the pager: with one page of rows there is none.
    await expect.poll(async () => (await pages.getByText(/Page \d of \d/).allInnerTexts())[0] ?? 'no pages').toMatch(/Page 1 of 1|no pages/);
    await status.selectOption({ label: 'All' });
    await expectVisible(pages.getByText('Page 1 of 2'));
    await screenshot(page, viewport, 'tab-logs');
  });

  it('TAB-POS-01, TAB-POS-02, TAB-POS-03, TAB-POS-05, TAB-POS-06, TAB-POS-07, TAB-POS-08, TAB-POS-09, TAB-POS-10, TAB-POS-12, TAB-POS-21, TAB-POS-22, TAB-POS-23, TAB-POS-24, TAB-POS-25, STATE-19, STATE-20, ERR-15, API-14, API-15: opening POSITIONS syncs silently and shows the BTC long; Sync with Hyperliquid says "Syncing...", then the toast and the time', async () => {
    // when
    await openTab(page, 'POSITIONS');
    // then: the silent sync brought the position, without a toast
    const row = page.locator('tbody tr', { hasText: 'BTC' });
    await expectVisible(row, 20_000);
    expect(await page.getByTestId('toast').count()).toBe(0);
    await expectVisible(page.getByText('Auto-refreshes every time you open this tab'));
    await expect.poll(() => page.locator('.positions-sync__last').innerText()).toMatch(/^Last sync \d/);
    const cell = (label: string) => row.locator(`td[data-label="${label}"]`).innerText();
    expect(await cell('Symbol')).toContain('LONG');
    expect(await cell('Symbol')).toMatch(/Opened/);
    expect(await cell('Notional (USD)')).toMatch(/^\$\d[\d,]*\.\d\d\s+0\.\d+ BTC$/);
    expect(await cell('Entry')).toMatch(/^\$\d/);
    expect(await cell('Mark')).toMatch(/^\$\d/);
    expect(await cell('Leverage')).toBe('2x');
    expect(await cell('Unrealized P&L')).toMatch(/\$\d/);
    const stat = (label: string) => page.locator('.stat', { has: page.locator('.stat__label', { hasText: label }) }).locator('.stat__value');
    expect(await stat('Open Positions').innerText()).toBe('1');
    expect(await stat('Gross Notional (USD)').innerText()).toMatch(/^\$\d/);
    expect(await stat('Net Unrealized P&L').innerText()).toMatch(/\$\d/);
    expect(await stat('Avg Leverage').innerText()).toBe('2x');
    if (viewport === 'desktop') {
      expect(await page.locator('table thead th').allInnerTexts()).toEqual(
        ['Symbol', 'Notional (USD)', 'Entry', 'Mark', 'Leverage', 'Unrealized P&L', 'Realized P&L', 'Updated'].map((h) =>
          expect.stringMatching(new RegExp(`^${h.replace(/[()&]/g, '\\$&')}$`, 'i')),
        ),
      );
    }

    // when: the button
    const button = page.getByRole('button', { name: /Sync with Hyperliquid|Syncing\.\.\./ });
    await button.click();
    // then
    await expectToast(page, 'Positions synced', 'success', 'Latest balances pulled from Hyperliquid.');
    expect(await button.innerText()).toBe('Sync with Hyperliquid');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, viewport, 'tab-positions');
    await closeToasts(page);
  });

  it('TAB-POS-14, TAB-POS-15, TAB-POS-16, TAB-POS-19, TAB-POS-28, TAB-POS-29, VAL-23: search, side filter and sort; "No positions match your filters"; Reset Filters', async () => {
    await page.getByLabel('Side').selectOption({ label: 'Short Only' });
    await expectVisible(page.getByText('No positions match your filters'));
    await expectVisible(page.getByText('Positions will appear here after your webhooks execute.'));
    expect(await page.getByLabel('Sort by').locator('option').allInnerTexts()).toEqual(['Latest Update', 'Highest P&L', 'Largest Size']);
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expectVisible(page.locator('tbody tr', { hasText: 'BTC' }));
    await page.getByPlaceholder('Search symbol or position id').fill('btc');
    await expectVisible(page.locator('tbody tr', { hasText: 'BTC' }));
    await page.getByPlaceholder('Search symbol or position id').fill('ETH');
    await expectVisible(page.getByText('No positions match your filters'));
    await page.getByRole('button', { name: 'Reset Filters' }).click();
  });

  it('TAB-SET-01, TAB-SET-02, TAB-SET-03, TAB-SET-04, TAB-SET-05, TAB-SET-06, TAB-SET-07, TAB-SET-11, TAB-SET-12, TAB-SET-13, TAB-SET-15, TAB-SET-16, TAB-SET-17, TAB-SET-18, TAB-SET-21, TAB-SET-22, TAB-SET-23, TAB-SET-25, CONST-13, CONST-14, CONST-16, CONST-18, STATE-12: the previews follow every change of the draft, computed from the live balance', async () => {
    await openTab(page, 'SETTINGS');
    expect(await page.locator('.settings-form h3').allInnerTexts()).toEqual(['Position Sizing', 'Risk Limits', 'Trading Preferences']);
    const mode = page.getByLabel('Sizing Mode');
    expect(await mode.locator('option').allInnerTexts()).toEqual(['Fixed USD Amount', 'Percentage of Available Balance', 'Percentage of Total Equity']);
    const figure = (panel: string, label: string) =>
      page
        .getByRole('region', { name: panel })
        .locator('.preview__figure', { has: page.locator('dt', { hasText: label }) })
        .locator('dd')
        .first();
    const usd = async (panel: string, label: string) => Number((await figure(panel, label).innerText()).replace(/[$,]/g, ''));
    await expect.poll(() => figure('Live Preview', 'Available balance').innerText(), { timeout: 20_000 }).toMatch(/^\$\d/);
    const available = await usd('Live Preview', 'Available balance');
    expect(available).toBeGreaterThan(90_000);
    expect((await page.getByLabel('Max Open Positions').getAttribute('placeholder')) ?? (await page.getByText('Default: 3.').count())).toBeTruthy();

    // when: a fixed amount above Max Position Size
    await page.getByLabel('Position Size (USD)', { exact: true }).fill('250');
    await page.getByLabel('Max Position Size (USD)').fill('200');
    // then
    await expect.poll(() => figure('Live Preview', 'Requested amount').innerText()).toBe('$250.00');
    await expect.poll(() => figure('Live Preview', 'Amount after limits').innerText()).toBe('$200.00');
    await expect.poll(() => figure('Risk Snapshot', 'Current request').innerText()).toBe('$200.00');
    await expect.poll(() => figure('Risk Snapshot', 'Headroom').innerText()).toBe('$0.00');
    expect(await figure('Risk Snapshot', 'Position slots').innerText()).toBe('2');

    // when: a percentage of the available balance, no cap, leverage 3, stop-loss required, 0.5 % slippage
    await mode.selectOption({ label: 'Percentage of Available Balance' });
    await page.getByLabel('Percentage (%)').fill('0.1');
    await page.getByLabel('Max Position Size (USD)').fill('0');
    await page.getByLabel('Default Leverage').fill('3');
    await page.getByLabel('Slippage Tolerance (%)').fill('0.5');
    await page.getByRole('checkbox', { name: 'Require stop-loss for all trades' }).check();
    // then
    const expected = Math.round(available * 0.1) / 100;
    await expect.poll(() => usd('Live Preview', 'Requested amount')).toBeCloseTo(expected, 1);
    await expect.poll(() => figure('Risk Snapshot', 'Headroom').innerText()).toBe('∞');
    await expect.poll(() => usd('Execution Preview', 'Effective exposure')).toBeCloseTo(expected * 3, 1);
    expect(await figure('Execution Preview', 'Slippage guard').innerText()).toBe('±0.5% of mid');
    expect(await page.getByRole('region', { name: 'Execution Preview' }).innerText()).toMatch(/buy ≤ \$[\d,.]+, sell ≥ \$[\d,.]+/);
    expect(await figure('Execution Preview', 'Stop-loss enforcement').innerText()).toBe('Required');
    await expectVisible(page.getByText('When this is on, webhooks without a stop-loss parameter are rejected.'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, viewport, 'tab-settings');
  });

  it('TAB-SET-26, TAB-SET-29, VAL-12, VAL-16, VAL-17, ERR-18, ERR-26, STATE-21, API-11, API-12, CARD-15: an out-of-range field blocks Save with its message; a valid draft saves with a toast and survives a reload', async () => {
    const save = page.getByRole('button', { name: 'Save Settings' });
    await page.getByLabel('Default Leverage').fill('51');
    await expect.poll(() => save.isDisabled()).toBe(true);
    const errorOf = (label: string) => page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field__error');
    await expectVisible(errorOf('Default Leverage'));
    expect(await errorOf('Default Leverage').innerText()).toMatch(/50/);
    await page.getByLabel('Max Open Positions').fill('0');
    await expectVisible(errorOf('Max Open Positions'));
    await page.getByLabel('Default Leverage').fill('3');
    await page.getByLabel('Max Open Positions').fill('5');
    // when
    await save.click();
    // then
    await expectToast(page, 'Settings saved', 'success', 'Your automation preferences have been updated.');
    const stored = await apiAs<{
      positionSizing: { mode: string; value: number };
      riskLimits: { maxPositionSize: number; maxOpenPositions: number };
      trading: { leverage: number; slippageTolerance: number; requireStopLoss: boolean; marginMode?: string };
    }>(page, product.url, '/api/settings');
    expect(stored.body.data).toEqual({
      positionSizing: { mode: 'percentage_balance', value: 0.1 },
      riskLimits: { maxPositionSize: 0, maxOpenPositions: 5 },
      trading: { leverage: 3, slippageTolerance: 0.5, requireStopLoss: true, marginMode: 'cross' },
    });
    await closeToasts(page);
    await page.reload();
    await expect.poll(() => page.getByLabel('Percentage (%)').inputValue(), { timeout: 20_000 }).toBe('0.1');
    expect(await page.getByLabel('Default Leverage').inputValue()).toBe('3');
    expect(await page.getByRole('checkbox', { name: 'Require stop-loss for all trades' }).isChecked()).toBe(true);
  });

  it('VAL-20: with stop-loss required, the order preview refuses an entry without one and says why', async () => {
    await openTab(page, 'WEBHOOK');
    const card = page.getByRole('region', { name: 'Order preview' });
    await card.getByLabel('Alert message').fill(JSON.stringify({ symbol: 'ETHUSDT', action: 'buy', size: 50 }));
    await card.getByRole('button', { name: 'Preview order' }).click();
    const refusal = card.getByRole('alert');
    await expectVisible(refusal);
    expect(await refusal.innerText()).toMatch(/^Would be rejected: [\s\S]*stop-?loss[\s\S]*Code: STOP_LOSS_REQUIRED$/i);
    expect(await card.getByRole('region', { name: 'Order that would be sent' }).count()).toBe(0);
  });

  it('TAB-SET-28, ERR-20, ERR-21, STATE-22, API-13: Reset to Defaults asks first, then restores the defaults with a toast', async () => {
    await openTab(page, 'SETTINGS');
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await answerConfirmation(page, 'Are you sure you want to reset all settings to defaults?', false);
    expect(await page.getByLabel('Default Leverage').inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await answerConfirmation(page, 'Are you sure you want to reset all settings to defaults?', true);
    await expectToast(page, 'Settings reset', 'success', 'Defaults restored successfully.');
    await expect.poll(() => page.getByLabel('Position Size (USD)', { exact: true }).inputValue()).toBe('100');
    expect(await page.getByLabel('Max Position Size (USD)').inputValue()).toBe('1000');
    expect(await page.getByLabel('Max Open Positions').inputValue()).toBe('3');
    expect(await page.getByLabel('Default Leverage').inputValue()).toBe('1');
    expect(await page.getByRole('checkbox', { name: 'Require stop-loss for all trades' }).isChecked()).toBe(false);
    await closeToasts(page);
  });

  it('TAB-KEYS-18, ERR-12, ERR-13, ERR-26, STATE-10, API-10: Delete asks first; declining keeps the keys, confirming deletes them with an info toast and shows the form again', async () => {
    await openTab(page, 'API KEYS');
    const summary = page.getByRole('region', { name: 'Hyperliquid connection' });
    await summary.getByRole('button', { name: 'Delete' }).click();
    await answerConfirmation(page, 'Are you sure you want to delete your API keys? This will stop all webhook processing.', false);
    await expectVisible(summary);
    await summary.getByRole('button', { name: 'Delete' }).click();
    await answerConfirmation(page, 'Are you sure you want to delete your API keys? This will stop all webhook processing.', true);
    await expectToast(page, 'API keys deleted', 'info', 'Webhooks will pause until you add new credentials.');
    await expectVisible(page.getByRole('button', { name: 'Save Keys' }));
    expect((await apiAs<{ configured: boolean }>(page, product.url, '/api/keys')).body.data?.configured).toBe(false);
    await closeToasts(page);
  });

  it('DASH-05, DASH-06, ROUTE-04, LOGIN-02, LOGIN-04, ERR-02, STATE-13: Logout ends the session and leaves the dashboard; a wrong password is refused; the right one returns to the dashboard', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('hyperhook-session'))).not.toContain('token');
    await page.goto(`${product.url}/dashboard`);
    await page.waitForURL(`${product.url}/login`);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectVisible(page.getByRole('alert'));
    expect(await page.getByRole('alert').innerText()).not.toBe('');
    await screenshot(page, viewport, 'login-error');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${product.url}/dashboard`);
    await expectVisible(page.getByRole('banner').getByText(email));
  });

  it("DASH-08: the tab is in the URL, so a reload or a link (a notification's) lands on it", async () => {
    await page.goto(`${product.url}/dashboard?tab=positions`);
    await expect.poll(() => page.getByRole('tab', { name: 'POSITIONS', exact: true }).getAttribute('aria-selected')).toBe('true');
    await openTab(page, 'SETTINGS');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('settings');
    await page.reload();
    await expect.poll(() => page.getByRole('tab', { name: 'SETTINGS', exact: true }).getAttribute('aria-selected')).toBe('true');
  });

  it('a dark theme that follows the system, with a toggle (light → dark → system) kept over a reload; figures in tabular numbers', async () => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    /** Relative luminance of an rgb() colour, 0 (black) to 1 (white). */
    const luminance = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      return (0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)) / 255;
    };
    const toggle = page.getByRole('button', { name: /Change theme/ });
    // given: the system is dark, then light
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(luminance(await background())).toBeLessThan(0.2);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => luminance(await background())).toBeGreaterThan(0.8);
    // when: the toggle chooses light, then dark
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(async () => luminance(await background())).toBeLessThan(0.2);
    // then: the choice survives a reload, applied by index.html's inline script (allowed by its hash) before the app starts
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => (window as unknown as { cspRefused: string[] }).cspRefused)).toEqual([]);
    await screenshot(page, viewport, 'theme-dark-on-light-system');
    // when: back to following the system
    await page.getByRole('button', { name: /Change theme/ }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme ?? 'system')).toBe('system');
    await expect.poll(async () => luminance(await background())).toBeGreaterThan(0.8);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, viewport, 'tab-settings-light');
    // Every figure, inputs included, in tabular numbers so columns and changing values do not jitter.
    const variants = await page.locator('.num').evaluateAll((els) => els.map((el) => getComputedStyle(el).fontVariantNumeric));
    expect(variants.length).toBeGreaterThan(5);
    expect(variants.filter((variant) => !variant.includes('tabular-nums'))).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
  });

  it("a session the api has revoked ends cleanly: the next call (a reload's session check) signs the user out with the reason, on the login page", async () => {
    // given: the user's session revoked elsewhere (its access and refresh tokens)
    const session = await storedSession(page);
    expect((await http(`${product.url}/api/auth/logout`, { body: { refreshToken: session.refreshToken }, token: session.token })).status).toBe(200);
    // when: the page next calls the api (the session check of a reload)
    await page.reload();
    // then: the toast first (it closes by itself after 4 s), then the login page
    await expectToast(page, 'You have been signed out', 'warning');
    await page.waitForURL(`${product.url}/login`);
    await expectVisible(page.getByText(/^Your session ended \(.+\)\. Please sign in again\.$/));
    expect(await page.evaluate(() => localStorage.getItem('hyperhook-session'))).not.toContain(session.token);
    await screenshot(page, viewport, 'session-ended');
  });
});
