import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/queryKeys';
import { renderWithProviders } from '../../test/renderWithProviders';
import { strategiesNetwork, twoStrategies } from '../../test/strategies';
import { SAVED_SECRET_PLACEHOLDER } from './ChannelTargetFields';
import { DEFAULT_CHANNEL_EVENTS } from './notificationEvents';
import { browserTimeZone } from './notificationsDraft';
import { channelView, delivery, notificationsNetwork, SIGNING_SECRET } from './notifications.fixtures';
import NotificationsSection from './NotificationsSection';

const BOT_TOKEN = '987654:ZZyyXXwwVVuuTTssRRqqPPooNNmmLLkk';
const channel = (name: string | RegExp) => screen.getByRole('group', { name });
const save = () => screen.getByRole('button', { name: 'Save notifications' });
const puts = <T extends { method: string }>(sent: T[]): T[] => sent.filter((s) => s.method === 'PUT');

async function renderSection() {
  const result = renderWithProviders(<NotificationsSection />, { route: '/dashboard?tab=settings' });
  await screen.findByRole('heading', { name: 'Channels' });
  return result;
}

describe('Notifications in Settings: channels (issue 30, point 4)', () => {
  it('issue 30, point 4: given a saved Telegram channel whose last delivery failed, then it is shown failing with the reason, and its token input shows no secret', async () => {
    // given
    notificationsNetwork({
      channels: [channelView({ status: 'failing', lastDelivery: { at: new Date().toISOString(), result: 'failed', error: 'HTTP 401' } })],
    });
    // when
    await renderSection();
    // then
    const card = channel(/^Telegram/);
    expect(within(card).getByText('Failing')).toHaveClass('badge--red');
    expect(within(card).getByText(/Last delivery failed .*: HTTP 401\./)).toBeInTheDocument();
    const token = within(card).getByLabelText('Bot token') as HTMLInputElement;
    expect(token).toHaveValue('');
    expect(token).toHaveAttribute('placeholder', SAVED_SECRET_PLACEHOLDER);
    expect(token).toHaveAttribute('type', 'password');
    expect(within(card).getByLabelText('Chat id')).toHaveValue('-100777');
    expect(save()).toBeDisabled();
  });

  it('issue 30, point 4: given no channel, when a webhook channel is added and saved, then the PUT names its URL and default events, and its signing secret is shown once with a copy button, never kept', async () => {
    // given
    const { sent } = notificationsNetwork();
    const { user, queryClient } = await renderSection();
    expect(screen.getByText('No channel yet')).toBeInTheDocument();
    // when
    await user.click(screen.getByRole('button', { name: '+ Webhook' }));
    const card = channel('Webhook new');
    await user.type(within(card).getByLabelText('Webhook URL'), 'https://example.com/hyperhook');
    await user.click(save());
    // then
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]?.body).toEqual({
      channels: [{ type: 'webhook', url: 'https://example.com/hyperhook', events: [...DEFAULT_CHANNEL_EVENTS] }],
      webPush: { events: ['alert.failed', 'alert.rejected'] },
      silenceAlarms: [],
      dailySummary: null,
      riskAlarms: { liquidationDistancePct: 10, marginUsagePct: 80 },
    });
    const secret = await screen.findByRole('region', { name: 'Signing secret — shown only once' });
    expect(within(secret).getByLabelText('Signing secret')).toHaveValue(SIGNING_SECRET);
    expect(within(secret).getByText(/will never show it again/)).toBeInTheDocument();
    expect(within(secret).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(within(channel('Webhook https://example.com/…')).getByLabelText('Webhook URL')).toHaveAttribute('placeholder', SAVED_SECRET_PLACEHOLDER);
    expect(JSON.stringify(queryClient.getQueryData(queryKeys.notifications))).not.toContain(SIGNING_SECRET);
    expect(await screen.findByText('Notifications saved')).toBeInTheDocument();
    // when the trader has copied it, then it is gone
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByDisplayValue(SIGNING_SECRET)).not.toBeInTheDocument();
  });

  it('issue 30, point 4: given a saved Telegram channel, when its chat id and events change with the token left blank, then the PUT names its id without a token (the saved one is kept)', async () => {
    const { sent } = notificationsNetwork({ channels: [channelView()] });
    const { user } = await renderSection();
    const card = channel(/^Telegram/);
    await user.clear(within(card).getByLabelText('Chat id'));
    await user.type(within(card).getByLabelText('Chat id'), '-100888');
    await user.click(within(card).getByRole('checkbox', { name: /Order executed \(noisy\)/ }));
    expect(screen.getByText(/Unsaved changes/)).toBeInTheDocument();
    await user.click(save());
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect((puts(sent)[0]?.body as { channels: unknown[] }).channels).toEqual([
      { type: 'telegram', id: 'ch-tg', chatId: '-100888', events: ['alert.failed', 'alert.rejected', 'order.executed'] },
    ]);
    expect(await screen.findByRole('group', { name: /^Telegram -100888/ })).toBeInTheDocument();
  });

  it('issue 30, point 4: given a new Telegram channel with a malformed token and no chat id, when saved, then each field says why and nothing is sent', async () => {
    const { sent } = notificationsNetwork();
    const { user } = await renderSection();
    await user.click(screen.getByRole('button', { name: '+ Telegram' }));
    const card = channel('Telegram new');
    await user.type(within(card).getByLabelText('Bot token'), 'not-a-token');
    await user.click(save());
    expect(await within(card).findByText('Expected a bot token like 123456:ABC… from @BotFather')).toBeInTheDocument();
    expect(within(card).getByLabelText('Bot token')).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByText('Expected a numeric chat id or @channelname')).toBeInTheDocument();
    expect(puts(sent)).toHaveLength(0);
    // when fixed, then it saves
    await user.clear(within(card).getByLabelText('Bot token'));
    await user.type(within(card).getByLabelText('Bot token'), BOT_TOKEN);
    await user.type(within(card).getByLabelText('Chat id'), '-100777');
    await user.click(save());
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect((puts(sent)[0]?.body as { channels: unknown[] }).channels).toEqual([
      { type: 'telegram', botToken: BOT_TOKEN, chatId: '-100777', events: [...DEFAULT_CHANNEL_EVENTS] },
    ]);
    expect(await screen.findByRole('group', { name: /^Telegram -100777/ })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(BOT_TOKEN)).not.toBeInTheDocument();
  });

  it('issue 30, point 4: given a Discord URL the api refuses (400 with fieldErrors), then the reason sits under the URL field', async () => {
    notificationsNetwork();
    const { user } = await renderSection();
    await user.click(screen.getByRole('button', { name: '+ Discord' }));
    const card = channel('Discord new');
    await user.type(within(card).getByLabelText('Discord webhook URL'), 'http://127.0.0.1:9/api/webhooks/1/x');
    await user.click(save());
    expect(await within(card).findByText('Refused: a loopback address')).toBeInTheDocument();
    expect(within(card).getByLabelText('Discord webhook URL')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Unable to save notifications')).toBeInTheDocument();
    // when the URL is edited, then the refusal of the old one goes
    await user.type(within(card).getByLabelText('Discord webhook URL'), 'y');
    expect(within(card).queryByText('Refused: a loopback address')).not.toBeInTheDocument();
  });

  it('issue 30, point 4: given a saved channel, when removed and saved, then the PUT leaves it out', async () => {
    const { sent } = notificationsNetwork({
      channels: [channelView(), channelView({ id: 'ch-dc', type: 'discord', target: 'https://discord.com/api/webhooks/42/…' })],
    });
    const { user } = await renderSection();
    await user.click(screen.getByRole('button', { name: 'Remove Telegram -100777' }));
    await user.click(save());
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect((puts(sent)[0]?.body as { channels: unknown[] }).channels).toEqual([{ type: 'discord', id: 'ch-dc', events: ['alert.failed', 'alert.rejected'] }]);
  });
});

describe('Notifications in Settings: tests and delivery history (issue 30, point 4)', () => {
  it('issue 30, point 4: given two channels, when one is tested, then only it is sent a test and its outcome shows; Test all channels tests both and a failing one is shown failing', async () => {
    // given
    const { sent } = notificationsNetwork({
      channels: [channelView(), channelView({ id: 'ch-wh', type: 'webhook', target: 'https://hooks.example.com/…' })],
      failing: ['ch-wh'],
    });
    const { user } = await renderSection();
    // when
    await user.click(screen.getByRole('button', { name: 'Send test to Telegram -100777' }));
    // then
    expect(await within(channel(/^Telegram/)).findByText('Test delivered (HTTP 200).')).toBeInTheDocument();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.path)).toEqual(['/api/notifications/test?channelId=ch-tg']);
    await waitFor(() => expect(within(channel(/^Telegram/)).getByText('Working')).toBeInTheDocument());
    // when all are tested
    await user.click(screen.getByRole('button', { name: 'Test all channels' }));
    const hook = channel(/^Webhook/);
    expect(await within(hook).findByText('Test failed: HTTP 500.')).toBeInTheDocument();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.path)).toEqual(['/api/notifications/test?channelId=ch-tg', '/api/notifications/test']);
    await waitFor(() => expect(within(hook).getByText('Failing')).toBeInTheDocument());
    expect(await screen.findByText('Test failed')).toBeInTheDocument();
    // and the history lists the three attempts, the failed one with its reason
    const history = screen.getByRole('table', { name: 'Recent notification deliveries' });
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(4));
    expect(within(history).getAllByText('Failed')).toHaveLength(1);
    expect(within(history).getByText('HTTP 500')).toBeInTheDocument();
  });

  it('issue 30, point 4: given deliveries, then the history names each channel, the event, the result and a link to the alert’s log', async () => {
    notificationsNetwork({
      channels: [channelView()],
      deliveries: [
        delivery({ deliveryId: 'd-2', event: 'alert.failed', signalId: 'sig-9', result: 'retrying', attempt: 2, status: 502, error: 'HTTP 502' }),
        delivery({ deliveryId: 'd-1', channelId: 'gone', channelType: 'discord', event: 'test' }),
      ],
    });
    await renderSection();
    const history = await screen.findByRole('table', { name: 'Recent notification deliveries' });
    const [, first, second] = within(history).getAllByRole('row');
    expect(first).toHaveTextContent('Telegram -100777');
    expect(first).toHaveTextContent('Alert failed');
    expect(first).toHaveTextContent('Retrying');
    expect(first).toHaveTextContent('attempt 2');
    expect(first).toHaveTextContent('HTTP 502');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Open its log' })).toHaveAttribute('href', '/dashboard?tab=logs&log=sig-9');
    expect(second).toHaveTextContent('Discord (removed)');
    expect(second).toHaveTextContent('Delivered');
  });
});

describe('Notifications in Settings: web push, silence alarms and the daily summary (issue 30, point 4)', () => {
  it('issue 30, point 4: given two strategies, when web push gets order.executed, ETH scalper expects an alert every 30 minutes and the summary is at 08:30, then the PUT carries them, in the browser’s time zone', async () => {
    // given
    strategiesNetwork(twoStrategies());
    const { sent } = notificationsNetwork({ channels: [channelView()] });
    const { user } = await renderSection();
    // when
    await user.click(within(screen.getByRole('group', { name: 'Events sent by web push' })).getByRole('checkbox', { name: /Order executed \(noisy\)/ }));
    const eth = await screen.findByRole('listitem', { name: 'ETH scalper' });
    const minutes = within(eth).getByRole('spinbutton', { name: 'Minutes without an alert before ETH scalper is silent' });
    expect(minutes).toBeDisabled();
    expect(within(screen.getByRole('listitem', { name: 'Main' })).getByRole('checkbox')).not.toBeChecked();
    await user.click(within(eth).getByRole('checkbox', { name: 'Expect an alert at least every' }));
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(screen.getByRole('checkbox', { name: 'Send me a daily summary' }));
    expect(screen.getByLabelText('Time zone')).toHaveValue(browserTimeZone());
    await user.clear(screen.getByLabelText('Summary time'));
    await user.type(screen.getByLabelText('Summary time'), '08:30');
    await user.click(save());
    // then
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]?.body).toMatchObject({
      webPush: { events: ['alert.failed', 'alert.rejected', 'order.executed'] },
      silenceAlarms: [{ strategyId: 'st_eth', minutes: 30 }],
      dailySummary: { time: '08:30', timeZone: browserTimeZone() },
    });
    expect(await screen.findByText('Notifications saved')).toBeInTheDocument();
  });

  it('issue 30, point 4: given a silence alarm of 3 minutes, when saved, then its row says the range and nothing is sent; a silent strategy says since when', async () => {
    strategiesNetwork(twoStrategies());
    const { sent } = notificationsNetwork({
      silenceAlarms: [{ strategyId: 'main', strategyName: 'Main', minutes: 120, silentSince: new Date(Date.now() - 3_600_000).toISOString() }],
    });
    const { user } = await renderSection();
    const main = await screen.findByRole('listitem', { name: 'Main' });
    expect(within(main).getByText(/^Silent since/)).toBeInTheDocument();
    expect(within(main).getByRole('spinbutton')).toHaveValue(120);
    const eth = screen.getByRole('listitem', { name: 'ETH scalper' });
    await user.click(within(eth).getByRole('checkbox'));
    await user.clear(within(eth).getByRole('spinbutton'));
    await user.type(within(eth).getByRole('spinbutton'), '3');
    await user.click(save());
    expect(await within(eth).findByText('Enter whole minutes from 5 to 10,080 (a week)')).toBeInTheDocument();
    expect(within(eth).getByRole('spinbutton')).toHaveAttribute('aria-invalid', 'true');
    expect(puts(sent)).toHaveLength(0);
  });

  it('issue 30, point 4: given an alarm on but no channel getting “Strategy silent”, then the screen says so', async () => {
    notificationsNetwork({ channels: [channelView()], silenceAlarms: [{ strategyId: 'main', strategyName: 'Main', minutes: 60, silentSince: null }] });
    await renderSection();
    const silence = await screen.findByRole('region', { name: 'Silence alarms' });
    // The domain's events decide what is offered: the warning shows once "strategy.silent" is one of them.
    const offered = screen.queryAllByRole('checkbox', { name: /Strategy silent/ }).length > 0;
    expect(within(silence).queryByText(/No channel gets “Strategy silent” yet/) !== null).toBe(offered);
  });

  it('issue 30, point 4: given an api that answers only the channels, then web push, silence alarms and the daily summary are hidden and the PUT leaves them out', async () => {
    const { sent } = notificationsNetwork({ full: false, channels: [channelView()] });
    const { user } = await renderSection();
    expect(screen.queryByRole('heading', { name: 'Web push' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Silence alarms' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Daily summary' })).not.toBeInTheDocument();
    await user.click(within(channel(/^Telegram/)).getByRole('checkbox', { name: /Order executed/ }));
    await user.click(save());
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(Object.keys(puts(sent)[0]?.body as object)).toEqual(['channels']);
  });
});

describe('Notifications in Settings: the position notices of issue 39 (issue 39.6, 39.3)', () => {
  const DRIFT = { label: 'Position drift', hint: 'Hyperliquid holds other than your strategies (a manual trade, a liquidation)' };
  const UNPROTECTED = { label: 'Stop not placed', hint: 'Hyperliquid refused a stop-loss or take-profit an alert asked for' };

  it('issue 39.6: given no channel, when a Telegram channel is added, then its events offer “Position drift” and “Stop not placed” with when each comes, both ticked as failures are', async () => {
    // given
    notificationsNetwork();
    const { user } = await renderSection();
    // when
    await user.click(screen.getByRole('button', { name: '+ Telegram' }));
    // then
    const events = within(channel('Telegram new')).getByRole('group', { name: /^Events sent to/ });
    for (const { label, hint } of [DRIFT, UNPROTECTED]) expect(within(events).getByRole('checkbox', { name: `${label} ${hint}` })).toBeChecked();
  });

  it('issue 39.6: given web push without the position notices, when “Stop not placed” is ticked for it, then the PUT sends position.unprotected, and “Position drift” stays offered, unticked', async () => {
    // given
    const { sent } = notificationsNetwork({ channels: [channelView()] });
    const { user } = await renderSection();
    const push = screen.getByRole('group', { name: 'Events sent by web push' });
    expect(within(push).getByRole('checkbox', { name: `${DRIFT.label} ${DRIFT.hint}` })).not.toBeChecked();
    // when
    await user.click(within(push).getByRole('checkbox', { name: `${UNPROTECTED.label} ${UNPROTECTED.hint}` }));
    await user.click(save());
    // then
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]?.body).toMatchObject({ webPush: { events: ['alert.failed', 'alert.rejected', 'position.unprotected'] } });
  });

  it('issue 39.6: given a drift and a refused stop delivered, then the history names them “Position drift” (leading to Positions) and “Stop not placed” (leading to its alert’s log)', async () => {
    // given
    notificationsNetwork({
      channels: [channelView()],
      deliveries: [delivery({ deliveryId: 'd-2', event: 'position.unprotected', signalId: 'sig-7' }), delivery({ deliveryId: 'd-1', event: 'position.drift' })],
    });
    // when
    await renderSection();
    // then
    const history = await screen.findByRole('table', { name: 'Recent notification deliveries' });
    const [, unprotected, drift] = within(history).getAllByRole('row') as HTMLElement[];
    expect(within(unprotected!).getByRole('cell', { name: /^Stop not placed/ })).toBeInTheDocument();
    expect(within(unprotected!).getByRole('link', { name: 'Open its log' })).toHaveAttribute('href', '/dashboard?tab=logs&log=sig-7');
    expect(within(drift!).getByRole('cell', { name: /^Position drift/ })).toBeInTheDocument();
    expect(within(drift!).getByRole('link', { name: 'Open positions' })).toHaveAttribute('href', '/dashboard?tab=positions');
    expect(history).not.toHaveTextContent('position.');
  });
});

describe('Notifications in Settings: the position alarms (issue 42, point 2)', () => {
  const distanceField = (alarms: HTMLElement) => within(alarms).getByLabelText('Distance to liquidation (%)');
  const marginField = (alarms: HTMLElement) => within(alarms).getByLabelText('Margin in use (% of account value)');

  it('issue 42, point 2: given the default alarms, when the distance becomes 15 % and the margin alarm is turned off, then the PUT carries both', async () => {
    // given
    const { sent } = notificationsNetwork({ channels: [channelView()] });
    const { user } = await renderSection();
    const alarms = await screen.findByRole('region', { name: 'Position alarms' });
    expect(distanceField(alarms)).toHaveValue(10);
    expect(marginField(alarms)).toHaveValue(80);
    // when
    await user.clear(distanceField(alarms));
    await user.type(distanceField(alarms), '15');
    await user.click(within(alarms).getByRole('checkbox', { name: 'Tell me when margin usage is high' }));
    await user.click(save());
    // then
    expect(marginField(alarms)).toBeDisabled();
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]?.body).toMatchObject({ riskAlarms: { liquidationDistancePct: 15, marginUsagePct: null } });
  });

  it('issue 42, point 2: given a distance of 60 %, when saved, then the field says the range and nothing is sent', async () => {
    // given
    const { sent } = notificationsNetwork({ channels: [channelView()] });
    const { user } = await renderSection();
    const alarms = await screen.findByRole('region', { name: 'Position alarms' });
    // when
    await user.clear(distanceField(alarms));
    await user.type(distanceField(alarms), '60');
    await user.click(save());
    // then
    expect(await within(alarms).findByText('Enter a percentage from 1 to 50')).toBeInTheDocument();
    expect(distanceField(alarms)).toHaveAttribute('aria-invalid', 'true');
    expect(puts(sent)).toHaveLength(0);
  });

  it('issue 42, point 2: given no channel, when a Telegram channel is added, then the alarms, the wallet expiry and drift are ticked for it; without it, the card says nobody gets them', async () => {
    // given
    notificationsNetwork({ webPush: [] });
    const { user } = await renderSection();
    const alarms = await screen.findByRole('region', { name: 'Position alarms' });
    expect(within(alarms).getByText(/No channel gets “Near liquidation” yet/)).toBeInTheDocument();
    expect(within(alarms).getByText(/No channel gets “Position drift” yet/)).toBeInTheDocument();
    // when
    await user.click(screen.getByRole('button', { name: '+ Telegram' }));
    // then
    const events = within(channel('Telegram new')).getByRole('group', { name: /^Events sent to/ });
    for (const label of ['Near liquidation', 'Margin usage high', 'API wallet expiring', 'Position drift'])
      expect(within(events).getByRole('checkbox', { name: new RegExp(`^${label}`) })).toBeChecked();
    expect(within(alarms).queryByText(/No channel gets/)).toBeNull();
  });
});
