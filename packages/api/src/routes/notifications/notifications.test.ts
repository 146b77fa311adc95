import { createHmac } from 'node:crypto';
import { alarmsDecider, foldState, signalStreamId, type SignalEvent } from '@hyperhook/domain';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/eventsourcing';
import type { Simulator } from '@hyperhook/venue-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalReceiver, type LocalReceiver } from '../../notifications/testing/localReceiver.js';
import { call, createTestApp, signUp, startTestSimulator, type TestApp } from '../../testing/testApp.js';

const BOT_TOKEN = '987654:ZZyyXXwwVVuuTTssRRqqPPooNNmmLLkk';
const DISCORD_TOKEN = 'discord-webhook-token-SECRET-abc123';

let sim: Simulator;
/** Private targets allowed (the local receivers are on 127.0.0.1), Telegram pointed at a local Bot API. */
let t: TestApp;
/** Production defaults: private targets refused. */
let strict: TestApp;
let telegram: LocalReceiver;
let discord: LocalReceiver;
let hook: LocalReceiver;

beforeAll(async () => {
  [sim, telegram, discord, hook] = await Promise.all([
    startTestSimulator(),
    startLocalReceiver(),
    startLocalReceiver({ status: 204 }),
    startLocalReceiver({ status: 200, body: { received: true } }),
  ]);
  [t, strict] = await Promise.all([
    createTestApp({ sim, config: { notifications: { allowPrivateTargets: true, telegramApiUrl: telegram.url } } }),
    createTestApp({ sim }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()]);
  await Promise.all([sim?.close(), telegram?.close(), discord?.close(), hook?.close()]);
});

type Channel = { id: string; type: string; target: string; events: string[]; status: string; signingSecret?: string };
const channelsOf = (body: string) => (JSON.parse(body) as { data: { channels: Channel[] } }).data.channels;

const threeChannels = () => ({
  channels: [
    { type: 'telegram', botToken: BOT_TOKEN, chatId: '-100777' },
    { type: 'discord', url: `${discord.url}/api/webhooks/42/${DISCORD_TOKEN}`, events: ['alert.failed', 'order.executed'] },
    { type: 'webhook', url: `${hook.url}/hyperhook?key=abc` },
  ],
  events: ['alert.failed', 'alert.rejected'],
});

describe('notification channels (issue 30, point 2)', () => {
  it('given a Telegram, a Discord and a webhook channel, when PUT, then each has an id and its events, the webhook its signing secret this once, and GET never shows a secret', async () => {
    // given
    const user = await signUp(t.app);
    // when
    const put = await call(t.app, 'PUT', '/api/notifications', user.token, threeChannels());
    // then
    expect(put.statusCode).toBe(200);
    const saved = channelsOf(put.body);
    expect(saved.map((c) => [c.type, c.events, c.status])).toEqual([
      ['telegram', ['alert.failed', 'alert.rejected'], 'untested'],
      ['discord', ['alert.failed', 'order.executed'], 'untested'],
      ['webhook', ['alert.failed', 'alert.rejected'], 'untested'],
    ]);
    expect(saved.every((c) => c.id.length > 0)).toBe(true);
    expect(saved[2]?.signingSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(saved[0]?.target).toBe('-100777');
    expect(saved[1]?.target).toBe(`${discord.url}/api/webhooks/42/…`);
    const get = await call(t.app, 'GET', '/api/notifications', user.token);
    expect(get.statusCode).toBe(200);
    for (const secret of [BOT_TOKEN, DISCORD_TOKEN, saved[2]?.signingSecret ?? '?', 'key=abc']) expect(get.body).not.toContain(secret);
    expect(get.body).not.toContain('signingSecret');
    // nor the log, nor the stored events in clear
    for (const secret of [BOT_TOKEN, DISCORD_TOKEN, saved[2]?.signingSecret ?? '?']) expect(t.logs.join('\n')).not.toContain(secret);
    const events = await t.store.eventStore.readStream(`user-${user.uid}`);
    expect(JSON.stringify(events)).not.toContain(BOT_TOKEN);
    expect(JSON.stringify(events)).not.toContain(DISCORD_TOKEN);
  });

  it('given saved channels, when PUT again naming their ids without secrets, then the secrets are kept and no new signing secret is shown', async () => {
    const user = await signUp(t.app);
    const first = channelsOf((await call(t.app, 'PUT', '/api/notifications', user.token, threeChannels())).body);
    const again = await call(t.app, 'PUT', '/api/notifications', user.token, {
      channels: [
        { type: 'telegram', id: first[0]?.id, chatId: '-100888', events: ['order.executed'] },
        { type: 'webhook', id: first[2]?.id },
      ],
    });
    expect(again.statusCode).toBe(200);
    const kept = channelsOf(again.body);
    expect(kept.map((c) => [c.id, c.target])).toEqual([
      [first[0]?.id, '-100888'],
      [first[2]?.id, `${hook.url}/…`],
    ]);
    expect(again.body).not.toContain('signingSecret');
    // then: the test goes through with the kept token and secret
    hook.received.length = 0;
    const test = await call(t.app, 'POST', `/api/notifications/test?channelId=${first[2]?.id}`, user.token);
    expect(test.json()).toMatchObject({ data: { results: [{ channelId: first[2]?.id, delivered: true, status: 200 }] } });
    const [request] = hook.received;
    expect(request?.headers['x-hyperhook-signature']).toBe(
      `sha256=${createHmac('sha256', first[2]?.signingSecret ?? '')
        .update(request?.body ?? '')
        .digest('hex')}`,
    );
  });

  it('given a new channel without its secret or an unknown id, when PUT, then 400 names the field', async () => {
    const user = await signUp(t.app);
    const noToken = await call(t.app, 'PUT', '/api/notifications', user.token, { channels: [{ type: 'telegram', chatId: '1' }] });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({ success: false, fieldErrors: [{ field: 'channels.0.botToken' }] });
    const unknown = await call(t.app, 'PUT', '/api/notifications', user.token, { channels: [{ type: 'discord', id: 'nope' }] });
    expect(unknown.json()).toMatchObject({ fieldErrors: [{ field: 'channels.0.id' }] });
    const badEvent = await call(t.app, 'PUT', '/api/notifications', user.token, { channels: [], events: ['everything'] });
    expect(badEvent.statusCode).toBe(400);
  });

  it('given the three channels, when POST /test, then the local Bot API and Discord webhook get their formats, and the deliveries are listed', async () => {
    const user = await signUp(t.app);
    await call(t.app, 'PUT', '/api/notifications', user.token, threeChannels());
    telegram.received.length = 0;
    discord.received.length = 0;
    const res = await call(t.app, 'POST', '/api/notifications/test', user.token);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: { results: { delivered: boolean }[] } }).data.results.map((r) => r.delivered)).toEqual([true, true, true]);
    expect(telegram.received[0]?.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    expect(JSON.parse(telegram.received[0]?.body ?? '{}')).toMatchObject({ chat_id: '-100777', text: expect.stringContaining('hyperhook test notification') });
    expect(discord.received[0]?.path).toBe(`/api/webhooks/42/${DISCORD_TOKEN}`);
    expect(JSON.parse(discord.received[0]?.body ?? '{}')).toMatchObject({ content: expect.stringContaining('hyperhook test notification') });
    const deliveries = await call(t.app, 'GET', '/api/notifications/deliveries', user.token);
    expect((deliveries.json() as { data: { deliveries: { result: string; event: string }[] } }).data.deliveries.map((d) => [d.event, d.result])).toEqual([
      ['test', 'delivered'],
      ['test', 'delivered'],
      ['test', 'delivered'],
    ]);
    expect(deliveries.body).not.toContain(BOT_TOKEN);
    const get = channelsOf((await call(t.app, 'GET', '/api/notifications', user.token)).body);
    expect(get.map((c) => c.status)).toEqual(['ok', 'ok', 'ok']);
  });

  it('given a channel whose target keeps failing, when tested, then it is shown failing with the reason, not dropped', async () => {
    const user = await signUp(t.app);
    const failing = await startLocalReceiver({ status: 500, body: { error: 'down' } });
    try {
      await call(t.app, 'PUT', '/api/notifications', user.token, { channels: [{ type: 'webhook', url: `${failing.url}/in` }] });
      const res = await call(t.app, 'POST', '/api/notifications/test', user.token);
      expect(res.json()).toMatchObject({ data: { results: [{ delivered: false, status: 500, error: 'HTTP 500' }] } });
      const [channel] = channelsOf((await call(t.app, 'GET', '/api/notifications', user.token)).body) as (Channel & { lastDelivery: { error: string } })[];
      expect(channel?.status).toBe('failing');
      expect(channel?.lastDelivery.error).toBe('HTTP 500');
    } finally {
      await failing.close();
    }
  });

  it('given two users, when one saves channels, then the other sees none, cannot test them and sees none of their deliveries', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await call(t.app, 'PUT', '/api/notifications', a.token, threeChannels());
    await call(t.app, 'POST', '/api/notifications/test', a.token);
    expect(channelsOf((await call(t.app, 'GET', '/api/notifications', b.token)).body)).toEqual([]);
    expect((await call(t.app, 'POST', '/api/notifications/test', b.token)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/notifications/deliveries', b.token)).json()).toEqual({ success: true, data: { deliveries: [] } });
    expect((await call(t.app, 'GET', '/api/notifications', null)).statusCode).toBe(401);
  });

  it('given private targets not allowed, when a channel targets loopback, 10.x, the metadata address, [::1], localhost or plain http, then 400 names the url field and nothing is saved', async () => {
    const user = await signUp(strict.app);
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://localhost/x',
      `${hook.url}/x`,
    ]) {
      const res = await call(strict.app, 'PUT', '/api/notifications', user.token, { channels: [{ type: 'webhook', url }] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ fieldErrors: [{ field: 'channels.0.url' }] });
    }
    expect(hook.received.filter((r) => r.path === '/x')).toHaveLength(0);
    expect(channelsOf((await call(strict.app, 'GET', '/api/notifications', user.token)).body)).toEqual([]);
  });
});

describe('channel notifier (issue 30, point 3)', () => {
  it('given a user with Telegram on alert.failed and Discord on order.executed, when a signal of a named strategy fails, then Telegram gets the strategy, symbol, reason and log link; Discord gets nothing', async () => {
    // given
    const user = await signUp(t.app);
    await call(t.app, 'PUT', '/api/notifications', user.token, {
      channels: [
        { type: 'telegram', botToken: BOT_TOKEN, chatId: '-100999', events: ['alert.failed'] },
        { type: 'discord', url: `${discord.url}/api/webhooks/43/${DISCORD_TOKEN}`, events: ['order.executed'] },
      ],
    });
    await t.app.notifications.startNotifier();
    telegram.received.length = 0;
    discord.received.length = 0;
    // when
    const at = new Date().toISOString();
    const received: SignalEvent = {
      type: 'SignalReceived',
      v: 1,
      data: {
        signalId: 'sig-notify-1',
        userId: user.uid,
        receivedAt: at,
        rawBody: '{}',
        alert: { symbol: 'BINANCE:ETHUSDT.P', coin: 'ETH', action: 'buy', orderType: 'market', size: 100, leverage: 2 },
        rejection: null,
        strategyId: 'swing',
        strategyName: 'Swing ETH',
      },
    };
    const failed: SignalEvent = { type: 'SignalFailed', v: 1, data: { at, code: 'EXCHANGE_REJECTED', reason: 'Insufficient margin', transient: false } };
    const owner = { userId: user.uid };
    await t.store.eventStore.append(signalStreamId('sig-notify-1'), [toNewEvent(received, owner), toNewEvent(failed, owner)]);
    // then
    await vi.waitFor(() => expect(telegram.received.filter((r) => r.body.includes('-100999'))).toHaveLength(1), { timeout: 5_000 });
    const text = (JSON.parse(telegram.received.find((r) => r.body.includes('-100999'))?.body ?? '{}') as { text: string }).text;
    expect(text).toContain('BUY ETH failed');
    expect(text).toContain('Strategy: Swing ETH');
    expect(text).toContain('Symbol: ETH');
    expect(text).toContain('Reason: Insufficient margin');
    expect(text).toContain('https://hyperhook.test/dashboard?tab=logs&log=sig-notify-1');
    expect(discord.received.filter((r) => r.path.includes('/43/'))).toHaveLength(0);
    await vi.waitFor(async () => {
      const res = await call(t.app, 'GET', '/api/notifications/deliveries', user.token);
      expect((res.json() as { data: { deliveries: { event: string; signalId: string; result: string }[] } }).data.deliveries[0]).toMatchObject({
        event: 'alert.failed',
        signalId: 'sig-notify-1',
        result: 'delivered',
      });
    });
  });
});

type Preferences = {
  webPush: { events: string[] };
  silenceAlarms: { strategyId: string; strategyName: string; minutes: number; silentSince: string | null }[];
  dailySummary: { time: string; timeZone: string } | null;
};
const preferencesOf = (body: string) => {
  const { webPush, silenceAlarms, dailySummary } = (JSON.parse(body) as { data: Preferences }).data;
  return { webPush, silenceAlarms, dailySummary };
};
const createStrategy = async (token: string, name: string) => {
  const res = await call(t.app, 'POST', '/api/strategies', token, { name });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: string } }).data.id;
};

describe('notice preferences (issue 30, point 3)', () => {
  it('issue 30, point 3: given a new account, when GET, then web push sends what it did before plus the failures and entries awaiting approval, no alarm, no summary', async () => {
    const user = await signUp(t.app);
    const get = await call(t.app, 'GET', '/api/notifications', user.token);
    expect(get.statusCode).toBe(200);
    expect(preferencesOf(get.body)).toEqual({
      webPush: {
        events: [
          'alert.failed',
          'alert.rejected',
          'alert.awaiting_approval',
          'order.executed',
          'keys.rejected',
          'position.liquidated',
          'position.drift',
          'position.unprotected',
          'position.liquidation_risk',
          'account.margin_usage',
          'keys.expiring',
          'strategy.silent',
        ],
      },
      silenceAlarms: [],
      dailySummary: null,
    });
    expect((get.json() as { data: { riskAlarms: unknown } }).data.riskAlarms).toEqual({ liquidationDistancePct: 10, marginUsagePct: 80 });
  });

  it('issue 42, point 2: given the default position alarms, when PUT a 15 % distance and the margin alarm off, then the answer, GET and the alarms decider all have them; a PUT without them keeps them', async () => {
    // given
    const user = await signUp(t.app);
    const riskAlarms = (body: string) => (JSON.parse(body) as { data: { riskAlarms: unknown } }).data.riskAlarms;
    // when
    const put = await call(t.app, 'PUT', '/api/notifications', user.token, { channels: [], riskAlarms: { liquidationDistancePct: 15, marginUsagePct: null } });
    // then
    expect(put.statusCode, put.body).toBe(200);
    const expected = { liquidationDistancePct: 15, marginUsagePct: null };
    expect(riskAlarms(put.body)).toEqual(expected);
    expect(riskAlarms((await call(t.app, 'GET', '/api/notifications', user.token)).body)).toEqual(expected);
    const state = foldState(alarmsDecider, decodeStreamEvents(await t.store.eventStore.readStream(`user-${user.uid}`)));
    expect(state.thresholds).toEqual(expected);
    const kept = await call(t.app, 'PUT', '/api/notifications', user.token, { channels: [], dailySummary: { time: '08:30', timeZone: 'UTC' } });
    expect(riskAlarms(kept.body)).toEqual(expected);
  });

  it('issue 30, point 3: given web push events, an alarm on a strategy and a daily summary, when PUT, then the answer and GET show them; a PUT with only channels keeps them; null turns the summary off', async () => {
    // given
    const user = await signUp(t.app);
    const swing = await createStrategy(user.token, 'Swing');
    // when
    const put = await call(t.app, 'PUT', '/api/notifications', user.token, {
      channels: [],
      webPush: { events: ['alert.failed', 'summary.daily'] },
      silenceAlarms: [{ strategyId: swing, minutes: 90 }],
      dailySummary: { time: '08:30', timeZone: 'Europe/Berlin' },
    });
    // then
    expect(put.statusCode, put.body).toBe(200);
    const expected = {
      webPush: { events: ['alert.failed', 'summary.daily'] },
      silenceAlarms: [{ strategyId: swing, strategyName: 'Swing', minutes: 90, silentSince: null }],
      dailySummary: { time: '08:30', timeZone: 'Europe/Berlin' },
    };
    expect(preferencesOf(put.body)).toEqual(expected);
    expect(preferencesOf((await call(t.app, 'GET', '/api/notifications', user.token)).body)).toEqual(expected);
    const channelsOnly = await call(t.app, 'PUT', '/api/notifications', user.token, { channels: [] });
    expect(preferencesOf(channelsOnly.body)).toEqual(expected);
    const off = await call(t.app, 'PUT', '/api/notifications', user.token, { channels: [], dailySummary: null, silenceAlarms: [] });
    expect(preferencesOf(off.body)).toEqual({ ...expected, silenceAlarms: [], dailySummary: null });
  });

  it("issue 30, point 3: given an alarm whose minutes passed without an alert, when GET, then silentSince says since when (the alarm's saving)", async () => {
    const user = await signUp(t.app);
    const put = await call(t.app, 'PUT', '/api/notifications', user.token, { channels: [], silenceAlarms: [{ strategyId: 'main', minutes: 5 }] });
    expect(put.statusCode, put.body).toBe(200);
    const savedAt = (await t.store.eventStore.readStream(`user-${user.uid}`)).find((e) => e.type === 'NotificationPreferencesUpdated')?.data as { at: string };
    t.advanceClock(5 * 60_000);
    try {
      const alarms = preferencesOf((await call(t.app, 'GET', '/api/notifications', user.token)).body).silenceAlarms;
      expect(alarms).toEqual([{ strategyId: 'main', strategyName: 'Main', minutes: 5, silentSince: savedAt.at }]);
    } finally {
      t.advanceClock(-5 * 60_000);
    }
  });

  it("issue 30, point 3, issue 42: given an unknown strategy, another user's strategy, a bad zone, minutes or an alarm out of range, when PUT, then 400 names the field and nothing is saved", async () => {
    // given
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = await createStrategy(other.token, 'Theirs');
    const saved = async () =>
      (await t.store.eventStore.readStream(`user-${user.uid}`)).filter(
        (e) => e.type === 'NotificationPreferencesUpdated' || e.type === 'NotificationChannelsUpdated',
      );
    const cases: [unknown, string][] = [
      [
        {
          silenceAlarms: [
            { strategyId: 'main', minutes: 30 },
            { strategyId: 'no-such-strategy', minutes: 30 },
          ],
        },
        'silenceAlarms.1.strategyId',
      ],
      [{ silenceAlarms: [{ strategyId: theirs, minutes: 30 }] }, 'silenceAlarms.0.strategyId'],
      [{ dailySummary: { time: '08:00', timeZone: 'Mars/Olympus' } }, 'dailySummary.timeZone'],
      [{ silenceAlarms: [{ strategyId: 'main', minutes: 4 }] }, 'silenceAlarms.0.minutes'],
      [{ riskAlarms: { liquidationDistancePct: 60, marginUsagePct: 80 } }, 'riskAlarms.liquidationDistancePct'],
      [{ riskAlarms: { liquidationDistancePct: 10 } }, 'riskAlarms.marginUsagePct'],
    ];
    for (const [body, field] of cases) {
      // when
      const res = await call(t.app, 'PUT', '/api/notifications', user.token, {
        channels: [{ type: 'telegram', botToken: BOT_TOKEN, chatId: '-100111' }],
        ...(body as object),
      });
      // then
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ success: false, fieldErrors: [{ field }] });
    }
    expect(await saved()).toEqual([]);
  });
});
