import { createHmac } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.js';
import { VIEWPORT_NAMES, VIEWPORTS } from './support/chromium.js';
import { apiAs, clipboardText, closeToasts, expectToast, openTab, saveSimKeys } from './support/dashboard.js';
import { expectVisible } from './support/expectVisible.js';
import { startLocalReceiver, type LocalReceiver } from './support/localReceiver.js';
import { screenshot } from './support/screenshots.js';
import { signUpThroughUi } from './support/signUpThroughUi.js';
import { reviewShots } from './support/reviewShots.js';
import { useProductInBrowser } from './support/useProductInBrowser.js';

/**
 * The Notifications section of Settings (issue 30, point 4), in the product as `npm start` runs
 * it, at phone and laptop size: Telegram, Discord and webhook channels against local HTTP servers
 * speaking their formats (loopback targets allowed, as for self-hosting), the signing secret shown
 * once, tests per channel and for all, a failing channel shown failing, the delivery history, and
 * — where the api answers them — web push events, silence alarms and the daily summary.
 */
const BOT_TOKEN = '987654:ZZyyXXwwVVuuTTssRRqqPPooNNmmLLkk';
const DISCORD_TOKEN = 'discord-webhook-token-SECRET-abc123';

let telegram: LocalReceiver;
let discord: LocalReceiver;
let hook: LocalReceiver;
/** Filled before the product starts (hooks run in order): the Bot API base is known only then. */
const env: Record<string, string> = { HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS: 'true' };
beforeAll(async () => {
  [telegram, discord, hook] = await Promise.all([
    startLocalReceiver(),
    startLocalReceiver({ status: 204 }),
    startLocalReceiver({ status: 200, body: { received: true } }),
  ]);
  env.HYPERHOOK_TELEGRAM_API_URL = telegram.url;
});
afterAll(async () => {
  await Promise.all([telegram?.close(), discord?.close(), hook?.close()]);
});
const stack = useProductInBrowser({ env });
const { product } = stack;

const reviewShot = reviewShots('/tmp/pwa-shots-30');

describe.each(VIEWPORT_NAMES)('notifications at %s size (issue 30, point 4)', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const email = `notify-${viewport}-${Date.now()}@example.com`;
  let signingSecret = '';

  const section = () => page.getByRole('region', { name: 'Notifications', exact: true });
  const channels = () => section().getByRole('region', { name: 'Channels' });
  const channel = (name: RegExp) => section().getByRole('group', { name });
  const save = () => section().getByRole('button', { name: 'Save notifications' });
  const history = () => section().getByRole('table', { name: 'Recent notification deliveries' });

  async function openNotifications(): Promise<void> {
    await openTab(page, 'SETTINGS');
    await expectVisible(channels());
    await section().getByRole('heading', { name: 'Notifications', exact: true }).scrollIntoViewIfNeeded();
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
    if (task.result?.state === 'fail') await screenshot(page, viewport, `notifications-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  it('issue 30, point 4: SETTINGS shows Notifications below the settings, with no channel yet; a malformed entry is explained under its field; no serious accessibility problem', async () => {
    await openNotifications();
    await expectVisible(channels().getByText('No channel yet'));
    expect(await save().isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reviewShot(page, viewport, 'empty');

    await channels().getByRole('button', { name: '+ Telegram' }).click();
    const fresh = channel(/^Telegram new/);
    await fresh.getByLabel('Bot token').fill('nope');
    await save().click();
    await expectVisible(fresh.getByText('Expected a bot token like 123456:ABC… from @BotFather'));
    await expectVisible(fresh.getByText('Expected a numeric chat id or @channelname'));
    expect(await fresh.getByLabel('Bot token').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await fresh.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'field-errors');
    await closeToasts(page);
  });

  it("issue 30, point 4: three channels are saved; the webhook's signing secret is shown once with a copy button, and no secret is shown after a reload", async () => {
    const telegramCard = channel(/^Telegram new/);
    await telegramCard.getByLabel('Bot token').fill(BOT_TOKEN);
    await telegramCard.getByLabel('Chat id').fill('-100777');
    await channels().getByRole('button', { name: '+ Discord' }).click();
    await channel(/^Discord new/)
      .getByLabel('Discord webhook URL')
      .fill(`${discord.url}/api/webhooks/42/${DISCORD_TOKEN}`);
    await channel(/^Discord new/)
      .getByRole('checkbox', { name: /Order executed \(noisy\)/ })
      .check();
    await channels().getByRole('button', { name: '+ Webhook' }).click();
    await channel(/^Webhook new/)
      .getByLabel('Webhook URL')
      .fill(`${hook.url}/hyperhook`);
    await save().click();
    await expectToast(page, 'Notifications saved', 'success');

    const secretBox = section().getByRole('region', { name: 'Signing secret — shown only once' });
    await expectVisible(secretBox);
    signingSecret = await secretBox.getByLabel('Signing secret').inputValue();
    expect(signingSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await secretBox.getByRole('button', { name: 'Copy secret' }).click();
    await expect.poll(() => clipboardText(page)).toBe(signingSecret);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await secretBox.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'signing-secret');
    await closeToasts(page);

    const saved = await apiAs<{ channels: { type: string; events: string[] }[] }>(page, product.url, '/api/notifications');
    expect(saved.body.data?.channels.map((c) => c.type)).toEqual(['telegram', 'discord', 'webhook']);
    expect(saved.body.data?.channels[1]?.events).toContain('order.executed');

    await page.reload();
    await openNotifications();
    await expectVisible(channel(/^Webhook/));
    const html = await page.content();
    for (const secret of [signingSecret, BOT_TOKEN, DISCORD_TOKEN]) expect(html).not.toContain(secret);
    expect(await section().getByRole('region', { name: 'Signing secret — shown only once' }).count()).toBe(0);
    expect(
      await channel(/^Telegram/)
        .getByLabel('Bot token')
        .getAttribute('placeholder'),
    ).toBe('saved — leave blank to keep');
    expect(
      await channel(/^Discord/)
        .getByLabel('Discord webhook URL')
        .getAttribute('placeholder'),
    ).toBe('saved — leave blank to keep');
    expect(
      await channel(/^Telegram/)
        .getByLabel('Chat id')
        .inputValue(),
    ).toBe('-100777');
  });

  it('issue 30, point 4: Test all channels reaches the local Bot API, Discord webhook and signed webhook; each channel then reads Working, and the history lists the attempts', async () => {
    for (const r of [telegram, discord, hook]) r.received.length = 0;
    await channels().getByRole('button', { name: 'Test all channels' }).click();
    await expectToast(page, 'Test delivered', 'success', 'Sent to 3 channels.');
    for (const name of [/^Telegram/, /^Discord/, /^Webhook/]) await expectVisible(channel(name).getByText('Working', { exact: true }));
    expect(telegram.received.map((r) => r.path)).toEqual([`/bot${BOT_TOKEN}/sendMessage`]);
    expect(discord.received.map((r) => r.path)).toEqual([`/api/webhooks/42/${DISCORD_TOKEN}`]);
    const [signed] = hook.received;
    expect(signed?.headers['x-hyperhook-signature']).toBe(
      `sha256=${createHmac('sha256', signingSecret)
        .update(signed?.body ?? '')
        .digest('hex')}`,
    );
    await expect.poll(() => history().locator('tbody tr').count()).toBe(3);
    expect(await history().locator('tbody tr').first().innerText()).toMatch(/Delivered/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await channels().scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'channels-working');
    await history().scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'history');
    await closeToasts(page);
  });

  it('issue 30, point 4: a webhook whose endpoint fails is shown failing, with why, on its test, after a reload and in the history', async () => {
    hook.answer = { status: 500, body: { error: 'down' } };
    try {
      await channel(/^Webhook/)
        .getByRole('button', { name: /^Send test to Webhook/ })
        .click();
      await expectVisible(channel(/^Webhook/).getByText('Test failed: HTTP 500.'));
      await expectToast(page, 'Test failed', 'error');
      await closeToasts(page);
      await page.reload();
      await openNotifications();
      const failing = channel(/^Webhook/);
      await expectVisible(failing.getByText('Failing', { exact: true }));
      await expectVisible(failing.getByText(/Last delivery failed .*HTTP 500/));
      await expectVisible(channel(/^Telegram/).getByText('Working', { exact: true }));
      await expect.poll(() => history().locator('tbody tr').first().innerText()).toMatch(/Failed[\s\S]*HTTP 500/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await failing.scrollIntoViewIfNeeded();
      await reviewShot(page, viewport, 'channel-failing');
    } finally {
      hook.answer = { status: 200, body: { received: true } };
    }
  });

  it('issue 30, point 4: web push events, a silence alarm for the strategy and the daily summary are saved where the api answers them, else hidden', async () => {
    const silence = section().getByRole('region', { name: 'Silence alarms' });
    const answer = await apiAs<Record<string, unknown>>(page, product.url, '/api/notifications');
    const full = answer.body.data !== undefined && 'silenceAlarms' in answer.body.data;
    if (!full) {
      expect(await silence.count()).toBe(0);
      expect(await section().getByRole('region', { name: 'Daily summary' }).count()).toBe(0);
      return;
    }
    await section()
      .getByRole('group', { name: 'Events sent by web push' })
      .getByRole('checkbox', { name: /Position liquidated/ })
      .setChecked(false);
    const main = silence.getByRole('listitem', { name: 'Main' });
    await main.getByRole('checkbox').check();
    await main.getByRole('spinbutton').fill('45');
    await section().getByRole('checkbox', { name: 'Send me a daily summary' }).check();
    await section().getByLabel('Summary time').fill('08:30');
    await save().click();
    await expectToast(page, 'Notifications saved', 'success');
    const saved = await apiAs<{ webPush: { events: string[] }; silenceAlarms: { minutes: number }[]; dailySummary: { time: string; timeZone: string } | null }>(
      page,
      product.url,
      '/api/notifications',
    );
    expect(saved.body.data?.webPush.events).not.toContain('position.liquidated');
    expect(saved.body.data?.silenceAlarms.map((a) => a.minutes)).toEqual([45]);
    expect(saved.body.data?.dailySummary?.time).toBe('08:30');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await silence.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'alarms-summary');
    await closeToasts(page);
  });
  it('issue 42, point 2: the position alarms show the defaults and are saved as changed, with no serious accessibility problem', async () => {
    await openNotifications();
    const alarms = section().getByRole('region', { name: 'Position alarms' });
    await alarms.scrollIntoViewIfNeeded();
    expect(await alarms.getByLabel('Distance to liquidation (%)').inputValue()).toBe('10');
    expect(await alarms.getByLabel('Margin in use (% of account value)').inputValue()).toBe('80');
    await alarms.getByLabel('Distance to liquidation (%)').fill('15');
    await alarms.getByRole('checkbox', { name: 'Tell me when margin usage is high' }).uncheck();
    await save().click();
    await expectToast(page, 'Notifications saved', 'success');
    const saved = await apiAs<{ riskAlarms: { liquidationDistancePct: number | null; marginUsagePct: number | null } }>(
      page,
      product.url,
      '/api/notifications',
    );
    expect(saved.body.data?.riskAlarms).toEqual({ liquidationDistancePct: 15, marginUsagePct: null });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await alarms.scrollIntoViewIfNeeded();
    await reviewShot(page, viewport, 'position-alarms');
    await closeToasts(page);
  });
});

describe('issue 42, point 2: the liquidation alarm in the product', () => {
  const CHAT = '-100424242';
  const told = () =>
    telegram.received
      .filter((r) => (JSON.parse(r.body || '{}') as { chat_id?: string }).chat_id === CHAT)
      .map((r) => (JSON.parse(r.body) as { text: string }).text);

  it('issue 42, point 2: given a BTC long and a Telegram channel on position.liquidation_risk, when the mark comes within 5 % of its liquidation price and the positions are synced twice, then Telegram is told once, with the numbers', async () => {
    // given
    const context = await stack.browser.newContext({ ...VIEWPORTS.desktop, colorScheme: 'dark' });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signUpThroughUi(page, product.url, `liquidation-${Date.now()}@example.com`);
      // The entry asks for $50 of margin from $150: under the balance, so the available-balance cap
      // (spec CONST-16) does not bind. A capped entry takes the whole balance at the mid, and the venue
      // checks margin at the mark when the order arrives: any upward walk between the two refused it.
      // The test moves the mark to the venue's own liquidation price for the position, whatever it is.
      const account = await product.simAccount(150);
      await saveSimKeys(page, product.url, account);
      const channels = [{ type: 'telegram', botToken: BOT_TOKEN, chatId: CHAT, events: ['position.liquidation_risk'] }];
      expect((await apiAs(page, product.url, '/api/notifications', { method: 'PUT', body: { channels } })).status).toBe(200);
      const webhookUrl = ((await apiAs<{ webhookUrl: string }>(page, product.url, '/api/auth/webhook-url')).body.data as { webhookUrl: string }).webhookUrl;
      const entry = await product.postAlert(webhookUrl, { symbol: 'BTCUSDT', action: 'buy', orderType: 'market', size: 50, leverage: 10 });
      // The status with the log's reason, so a failed entry says why.
      await expect
        .poll(
          async () => {
            const logs = (await apiAs<{ webhookLogId: string; status: string; error?: string }[]>(page, product.url, '/api/webhook-logs')).body.data;
            const log = logs?.find((l) => l.webhookLogId === entry);
            return log === undefined ? undefined : `${log.status}${log.error === undefined ? '' : `: ${log.error}`}`;
          },
          { timeout: 20_000, message: 'the entry' },
        )
        .toBe('executed')
        .catch((error: unknown) => {
          // What the product logged of the entry (its id in each line), so a failure says why.
          const lines =
            product.app?.lines.filter(
              (line) => line.includes(entry) || line.includes('Insufficient') || line.toLowerCase().includes(account.accountAddress.toLowerCase()),
            ) ?? [];
          throw new Error(`${String(error)}\n${lines.join('\n')}`);
        });
      // The venue's own liquidation price for the position, as the snapshots read it.
      const state = await fetch(`${product.simUrl}/info`, {
        method: 'POST',
        body: JSON.stringify({ type: 'clearinghouseState', user: account.accountAddress }),
      });
      const btc = ((await state.json()) as { assetPositions: { position: { coin: string; liquidationPx: string | null } }[] }).assetPositions.find(
        (p) => p.position.coin === 'BTC',
      );
      const liquidationPx = Number(btc?.position.liquidationPx);
      expect(liquidationPx).toBeGreaterThan(0);
      // when
      await product.simControl('mark', { coin: 'BTC', px: liquidationPx * 1.05 });
      for (let i = 0; i < 2; i += 1) expect((await apiAs(page, product.url, '/api/positions/sync')).status).toBe(200);
      // then
      await expect.poll(() => told().length, { timeout: 15_000 }).toBe(1);
      expect(told()[0]).toMatch(/BTC long is [\d.]+% from liquidation/);
      expect(told()[0]).toContain('within your 10% alarm');
      expect((await apiAs(page, product.url, '/api/positions/sync')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(told()).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
