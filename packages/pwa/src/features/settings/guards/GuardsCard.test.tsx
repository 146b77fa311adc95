import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelectedStrategyStore } from '../../../entities/strategies/selectedStrategyStore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { strategiesNetwork, twoStrategies } from '../../../test/strategies';
import type { WebhookLogView } from '@hyperhook/domain';
import { ok, server } from '../../../test/server';
import { http } from 'msw';
import { settingsNetwork } from '../settings.fixtures';
import SettingsTab from '../SettingsTab';

/** An ETH entry of "ETH scalper" received `minutesAgo`, executed or failed. */
function ethEntry(id: string, minutesAgo: number, executed = true): WebhookLogView {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const none = { validated: null, sized: null, signed: null, sent: null, acknowledged: null, filled: null };
  return {
    webhookLogId: id,
    payload: { symbol: 'ETHUSDT', coin: 'ETH', action: 'buy', orderType: 'market' },
    status: executed ? 'executed' : 'failed',
    createdAt,
    stages: { received: createdAt, ...none },
    duplicates: 0,
    strategyId: 'st_eth',
    strategyName: 'ETH scalper',
  };
}
const serveLogs = (logs: WebhookLogView[]) => server.use(http.get('/api/webhook-logs', () => ok(logs)));

describe('SETTINGS tab: guards before the order (issue 42, point 3)', () => {
  it("given a strategy's last alerts repeating an entry, when a cooldown is typed, then the preview says how many it would have held back, and Save puts the guards to its route", async () => {
    settingsNetwork({});
    const { sent } = strategiesNetwork(twoStrategies());
    serveLogs([ethEntry('e1', 10), ethEntry('e2', 8), ethEntry('e3', 6), ethEntry('other', 5, false)]);
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const { user } = renderWithProviders(<SettingsTab />);
    const cooldown = (await screen.findByLabelText('Cooldown per coin (min)')) as HTMLInputElement;
    const preview = () => screen.getByRole('region', { name: /On the last \d+ alerts?/ });
    await waitFor(() =>
      expect(preview()).toHaveTextContent('No guard set: all 4 entries went to the order path. Set one to see what it would have held back.'),
    );

    await user.type(cooldown, '15');
    await waitFor(() => expect(preview()).toHaveTextContent('3 of 4 entries would have been held back'));
    expect(within(preview()).getByText('Cooldown').nextElementSibling).toHaveTextContent('3 held back');

    await user.click(screen.getByRole('button', { name: 'Save Guards' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PUT', path: '/api/strategies/st_eth/filters', body: { cooldownMinutes: 15 } });
    expect(await screen.findByText('Guards saved')).toBeInTheDocument();
  });

  it('given a trading window and a time zone, when a window has no day or the zone does not exist, then Save waits and the field says why; a good one saves the window in the zone', async () => {
    settingsNetwork({});
    const { sent } = strategiesNetwork(twoStrategies());
    serveLogs([]);
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const { user } = renderWithProviders(<SettingsTab />);
    await user.click(await screen.findByRole('button', { name: 'Add a trading window' }));
    const zone = screen.getByLabelText('Time zone') as HTMLInputElement;
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    expect(screen.getByText('Expected an IANA time zone such as Europe/Berlin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Guards' })).toBeDisabled();

    await user.clear(zone);
    await user.type(zone, 'America/New_York');
    const window = screen.getByRole('group', { name: 'Window 1' });
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await user.click(within(window).getByLabelText(day));
    expect(within(window).getByRole('alert')).toHaveTextContent(/./);
    await user.click(within(window).getByLabelText('Sat'));
    await user.click(screen.getByRole('button', { name: 'Save Guards' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ tradingWindows: [{ days: ['sat'], from: '09:30', to: '16:00' }], timeZone: 'America/New_York' });
  });
});

describe('SETTINGS tab: manual approval among the guards (issue 42, point 1 and 3)', () => {
  it('given four entries and a close, when Manual approval is chosen, then the 5-minute timeout is offered, the preview says each entry would have waited and exits never, and Save puts both fields', async () => {
    settingsNetwork({});
    const { sent } = strategiesNetwork(twoStrategies());
    serveLogs([
      ethEntry('e1', 10),
      ethEntry('e2', 8),
      ethEntry('e3', 6),
      ethEntry('e4', 4),
      { ...ethEntry('x', 2), payload: { symbol: 'ETHUSDT', coin: 'ETH', action: 'close' } },
    ]);
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const { user } = renderWithProviders(<SettingsTab />);
    const approval = await screen.findByLabelText('Approval');
    expect(approval).toHaveDisplayValue('Automatic');
    expect(screen.queryByLabelText('Approval timeout')).toBeNull();
    await user.selectOptions(approval, 'Manual approval');
    const timeout = screen.getByLabelText('Approval timeout') as HTMLInputElement;
    expect(timeout).toHaveValue(5);
    expect(screen.getByLabelText('Unit of the approval timeout')).toHaveDisplayValue('minutes');
    expect(timeout).toHaveAccessibleDescription(/From 30 seconds to 24 hours \(0\.5 to 1440 minutes\)\./);
    const preview = () => screen.getByRole('region', { name: /On the last \d+ alerts?/ });
    await waitFor(() => expect(preview()).toHaveTextContent('Each of the 4 entries would have waited up to 5 min for your approval; exits never wait.'));
    expect(within(preview()).getByText('Manual approval').nextElementSibling).toHaveTextContent('4 would have waited');

    await user.click(screen.getByRole('button', { name: 'Save Guards' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PUT', path: '/api/strategies/st_eth/filters', body: { approval: 'manual', approvalTimeoutSeconds: 300 } });
  });

  it('given a timeout typed in seconds below 30, then the field says the bounds and Save waits; 90 seconds saves 90', async () => {
    settingsNetwork({});
    const { sent } = strategiesNetwork(twoStrategies({ guards: { approval: 'manual', approvalTimeoutSeconds: 600 } }));
    serveLogs([]);
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const { user } = renderWithProviders(<SettingsTab />);
    expect(await screen.findByLabelText('Approval')).toHaveDisplayValue('Manual approval');
    const timeout = screen.getByLabelText('Approval timeout') as HTMLInputElement;
    expect(timeout).toHaveValue(10);
    await user.selectOptions(screen.getByLabelText('Unit of the approval timeout'), 'seconds');
    expect(timeout).toHaveValue(600);
    await user.clear(timeout);
    await user.type(timeout, '20');
    expect(timeout).toHaveAttribute('aria-invalid', 'true');
    expect(timeout).toHaveAccessibleDescription(/From 30 seconds to 24 hours/);
    expect(screen.getByRole('button', { name: 'Save Guards' })).toBeDisabled();
    await user.clear(timeout);
    await user.type(timeout, '90');
    await user.click(screen.getByRole('button', { name: 'Save Guards' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ approval: 'manual', approvalTimeoutSeconds: 90 });
  });
});

describe('SETTINGS tab: the account loss limit (issue 42, point 1)', () => {
  it('given no account limit, when 500 USD is typed in Europe/Berlin and saved, then it is put to /api/account/filters', async () => {
    settingsNetwork({});
    strategiesNetwork(twoStrategies());
    const puts: unknown[] = [];
    server.use(
      http.put('/api/account/filters', async ({ request }) => {
        const body = await request.json();
        puts.push(body);
        return ok(body);
      }),
    );
    const { user } = renderWithProviders(<SettingsTab />);
    const limit = await screen.findByLabelText('Account daily loss limit (USD)');
    await user.type(limit, '500');
    const zone = screen.getByLabelText('Its time zone');
    await user.clear(zone);
    await user.type(zone, 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Save Limit' }));
    await waitFor(() => expect(puts).toEqual([{ dailyLossLimitUsd: 500, timeZone: 'Europe/Berlin' }]));
    expect(await screen.findByText('Account loss limit saved')).toBeInTheDocument();
  });
});
