import { DEFAULT_SETTINGS, type Settings } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/queryKeys';
import { defaultSettings } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok } from '../../test/server';
import { settingsQueryOptions } from './settingsApi';
import { settingsNetwork } from './settings.fixtures';
import SettingsTab from './SettingsTab';

const mine: Settings = {
  positionSizing: { mode: 'percentage_balance', value: 12.5 },
  riskLimits: { maxPositionSize: 500, maxOpenPositions: 4 },
  trading: { leverage: 5, slippageTolerance: 0.5, requireStopLoss: true },
};

/** Opens the tab and waits for the form. */
async function openSettings(network: Parameters<typeof settingsNetwork>[0] = {}) {
  const sent = settingsNetwork(network);
  const view = renderWithProviders(<SettingsTab />);
  await screen.findByRole('button', { name: 'Save Settings' });
  return { ...view, sent };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The leverage of the settings the query holds, as the server last sent them. */
function ServedLeverage() {
  const { data } = useQuery(settingsQueryOptions);
  return <p>served leverage {data?.trading.leverage ?? 'none'}</p>;
}

describe('SETTINGS tab: loading and form (spec §2, §4, §5)', () => {
  it('TAB-SET-01, STATE-21, API-11, TAB-SET-02: given the tab opens, then "Loading..." until GET /api/settings answers, then three sections in order', async () => {
    const sent = settingsNetwork({
      settings: async () => {
        await delay(50);
        return ok(mine);
      },
    });
    renderWithProviders(<SettingsTab />);
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findByRole('button', { name: 'Save Settings' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Position Sizing',
      'Risk Limits',
      'Trading Preferences',
      'Guards before the order',
      'Account loss limit',
    ]);
    expect(screen.getByLabelText('Sizing Mode')).toHaveDisplayValue('Percentage of Available Balance');
    expect(input('Percentage (%)')).toHaveValue(12.5);
    expect(input('Max Position Size (USD)')).toHaveValue(500);
    expect(input('Max Open Positions')).toHaveValue(4);
    expect(input('Default Leverage')).toHaveValue(5);
    expect(input('Slippage Tolerance (%)')).toHaveValue(0.5);
    expect(screen.getByRole('checkbox', { name: 'Require stop-loss for all trades' })).toBeChecked();
    expect(sent.settingsReads).toBe(1);
  });

  it('ERR-24: given the settings fail to load, then it is only logged, the tab keeps "Loading...", and Retry loads them', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    settingsNetwork({ settings: () => (down ? fail(500, 'Read model unavailable') : ok(mine)) });
    const { user } = renderWithProviders(<SettingsTab />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(logged).toHaveBeenCalledWith('Failed to load settings', expect.objectContaining({ message: 'Read model unavailable' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Read model unavailable/)).toBeNull();
    down = false;
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeInTheDocument();
    logged.mockRestore();
  });

  it('TAB-SET-03, TAB-SET-04, TAB-SET-05, VAL-12, VAL-13, VAL-19: the modes in order; the value field is "Position Size (USD)" (step 1) in fixed mode and "Percentage (%)" (step 0.1, at most 100) otherwise', async () => {
    const { user } = await openSettings();
    const mode = screen.getByLabelText('Sizing Mode');
    expect(
      within(mode)
        .getAllByRole('option')
        .map((o) => [o.textContent, o.getAttribute('value')]),
    ).toEqual([
      ['Fixed USD Amount', 'fixed'],
      ['Percentage of Available Balance', 'percentage_balance'],
      ['Percentage of Total Equity', 'percentage_equity'],
    ]);
    expect(input('Position Size (USD)')).toMatchObject({ step: '1', min: '0', required: true });
    expect(screen.queryByLabelText('Percentage (%)')).toBeNull();
    await user.selectOptions(mode, 'percentage_balance');
    expect(input('Percentage (%)')).toMatchObject({ step: '0.1', min: '0', max: '100', required: true });
    expect(screen.queryByLabelText('Position Size (USD)')).toBeNull();
    await user.selectOptions(mode, 'percentage_equity');
    expect(input('Percentage (%)')).toMatchObject({ step: '0.1' });
  });

  it('TAB-SET-11, TAB-SET-12, TAB-SET-16, TAB-SET-17, TAB-SET-18, TAB-SET-29, VAL-15, VAL-16, VAL-17, VAL-18: the fields and their min, max, step and required attributes; Max Open Positions hinted with 3', async () => {
    await openSettings();
    expect(input('Max Position Size (USD)')).toMatchObject({ type: 'number', min: '0', step: '100', required: true });
    expect(input('Max Open Positions')).toMatchObject({ type: 'number', min: '1', step: '1', required: true, placeholder: '3' });
    expect(screen.getByText(/^Default: 3\./)).toBeInTheDocument();
    expect(input('Default Leverage')).toMatchObject({ type: 'number', min: '1', max: '50', step: '1', required: true });
    expect(input('Slippage Tolerance (%)')).toMatchObject({ type: 'number', min: '0', max: '79.9', step: '0.1', required: true });
    expect(screen.getByRole('checkbox', { name: 'Require stop-loss for all trades' })).not.toBeChecked();
  });

  it('TAB-SET-19, TAB-SET-20: the texts on stop-loss and slippage enforcement', async () => {
    await openSettings();
    expect(screen.getByRole('checkbox', { name: 'Require stop-loss for all trades' })).toHaveAccessibleDescription(
      'When this is on, webhooks without a stop-loss parameter are rejected.',
    );
    expect(input('Slippage Tolerance (%)')).toHaveAccessibleDescription('Orders are rejected when price impact exceeds the slippage threshold.');
  });

  it("VAL-12..VAL-19, TAB-SET-29: given invalid values, then the domain's message under each field and Save disabled; fixed, then Save is enabled", async () => {
    const { user } = await openSettings();
    const save = screen.getByRole('button', { name: 'Save Settings' });
    await user.clear(input('Position Size (USD)'));
    await user.clear(input('Max Position Size (USD)'));
    await user.type(input('Max Position Size (USD)'), '150');
    await user.clear(input('Max Open Positions'));
    await user.type(input('Max Open Positions'), '0');
    await user.clear(input('Default Leverage'));
    await user.type(input('Default Leverage'), '51');
    await user.clear(input('Slippage Tolerance (%)'));
    await user.type(input('Slippage Tolerance (%)'), '101');
    expect(input('Position Size (USD)')).toHaveAccessibleDescription(expect.stringContaining('Position Size (USD) is required.'));
    expect(input('Max Position Size (USD)')).toHaveAccessibleDescription(expect.stringContaining('Max Position Size (USD) must be a multiple of 100.'));
    expect(input('Max Open Positions')).toHaveAccessibleDescription(expect.stringContaining('Max Open Positions must be 1 or more.'));
    expect(input('Default Leverage')).toHaveAccessibleDescription(expect.stringContaining('Default Leverage cannot be more than 50.'));
    expect(input('Slippage Tolerance (%)')).toHaveAccessibleDescription(
      expect.stringContaining('Slippage Tolerance (%) must be below 80: Hyperliquid rejects orders priced more than 80% away from the market price.'),
    );
    expect(input('Default Leverage')).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Sizing Mode'), 'percentage_equity');
    await user.type(input('Percentage (%)'), '100.5');
    expect(input('Percentage (%)')).toHaveAccessibleDescription(expect.stringContaining('Percentage (%) cannot be more than 100.'));

    await user.clear(input('Percentage (%)'));
    await user.type(input('Percentage (%)'), '10');
    await user.clear(input('Max Position Size (USD)'));
    await user.type(input('Max Position Size (USD)'), '200');
    await user.clear(input('Max Open Positions'));
    await user.type(input('Max Open Positions'), '2');
    await user.clear(input('Default Leverage'));
    await user.type(input('Default Leverage'), '50');
    await user.clear(input('Slippage Tolerance (%)'));
    await user.type(input('Slippage Tolerance (%)'), '0.3');
    expect(screen.queryByText(/must be|cannot be|is required/)).toBeNull();
    expect(save).toBeEnabled();
  });
});

describe('SETTINGS tab: save and reset (spec §4, §8)', () => {
  it('TAB-SET-26, TAB-SET-27, STATE-21, ERR-18, API-12: given edits, when saved, then "Saving..." meanwhile, PUT /api/settings with the whole settings object, and the toast', async () => {
    let release: () => void = () => undefined;
    const { user, sent } = await openSettings({
      settings: mine,
      put: async (body) => {
        await new Promise<void>((resolve) => (release = resolve));
        return ok(body);
      },
    });
    await user.clear(input('Default Leverage'));
    await user.type(input('Default Leverage'), '7');
    await user.click(screen.getByRole('checkbox', { name: 'Require stop-loss for all trades' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(input('Default Leverage')).toBeDisabled();
    release();
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(screen.getByText('Your automation preferences have been updated.')).toBeInTheDocument();
    expect(sent.puts).toEqual([{ ...mine, trading: { leverage: 7, slippageTolerance: 0.5, requireStopLoss: false, marginMode: 'cross' } }]);
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
    expect(input('Default Leverage')).toHaveValue(7);
  });

  it('ERR-19: given the api refuses the save, then "Unable to save settings" with its message, and the edits stay', async () => {
    const { user } = await openSettings({ put: () => fail(400, 'Max Position Size (USD) must be a multiple of 100.') });
    await user.clear(input('Default Leverage'));
    await user.type(input('Default Leverage'), '9');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Unable to save settings')).toBeInTheDocument();
    expect(screen.getByText('Max Position Size (USD) must be a multiple of 100.')).toBeInTheDocument();
    expect(input('Default Leverage')).toHaveValue(9);
  });

  it('ERR-19: given a save failure without a message, then "Failed to save settings"', async () => {
    const { user } = await openSettings({ put: () => Response.error() });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Unable to save settings')).toBeInTheDocument();
    expect(screen.getByText('Failed to save settings')).toBeInTheDocument();
  });

  it('ERR-20, TAB-SET-28: given Reset to Defaults, when the user declines, then no call and the edits stay', async () => {
    const { user, sent } = await openSettings({ settings: mine });
    await user.clear(input('Default Leverage'));
    await user.type(input('Default Leverage'), '9');
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to reset all settings to defaults?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent.resets).toBe(0);
    expect(input('Default Leverage')).toHaveValue(9);
  });

  it('TAB-SET-28, TAB-SET-30, STATE-22, ERR-21, API-13: given the user confirms, then POST /api/settings/reset, "Loading..." while it resets and reloads, then the defaults (edits dropped) and the toast', async () => {
    let served: Settings = mine;
    let release: () => void = () => undefined;
    const { user, sent } = await openSettings({
      settings: () => ok(served),
      reset: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        served = defaultSettings;
        return ok(defaultSettings);
      },
    });
    await user.clear(input('Default Leverage'));
    await user.type(input('Default Leverage'), '9');
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset to Defaults' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
    release();
    expect(await screen.findByText('Settings reset')).toBeInTheDocument();
    expect(screen.getByText('Defaults restored successfully.')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Save Settings' });
    expect(sent.resets).toBe(1);
    expect(sent.settingsReads).toBe(2);
    expect(screen.getByLabelText('Sizing Mode')).toHaveDisplayValue('Fixed USD Amount');
    expect(input('Position Size (USD)')).toHaveValue(DEFAULT_SETTINGS.positionSizing.value);
    expect(input('Default Leverage')).toHaveValue(DEFAULT_SETTINGS.trading.leverage);
    expect(input('Max Open Positions')).toHaveValue(3);
  });

  it('ERR-22: given the reset fails, then "Unable to reset settings" / "Try again in a moment." and the form comes back with the edits', async () => {
    const { user } = await openSettings({ settings: mine, reset: () => fail(500, 'Event store unavailable') });
    await user.clear(input('Default Leverage'));
    await user.type(input('Default Leverage'), '9');
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset to Defaults' }));
    expect(await screen.findByText('Unable to reset settings')).toBeInTheDocument();
    expect(screen.getByText('Try again in a moment.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Default Leverage')).toHaveValue(9);
  });

  it('given a live update of the settings, then an untouched form follows it and an edited one keeps its edits', async () => {
    settingsNetwork({ settings: mine });
    // Another reader of the same settings, mounted after the tab: each change of them reaches the
    // tab first, so once the probe shows an update, the tab has rendered with it too.
    const { user, queryClient } = renderWithProviders(
      <>
        <SettingsTab />
        <ServedLeverage />
      </>,
    );
    await screen.findByRole('button', { name: 'Save Settings' });
    queryClient.setQueryData(queryKeys.settings, { ...mine, trading: { ...mine.trading, leverage: 8 } });
    await waitFor(() => expect(input('Default Leverage')).toHaveValue(8));
    await user.clear(input('Max Open Positions'));
    await user.type(input('Max Open Positions'), '6');
    queryClient.setQueryData(queryKeys.settings, { ...mine, trading: { ...mine.trading, leverage: 11 } });
    expect(await screen.findByText('served leverage 11')).toBeInTheDocument();
    expect(input('Default Leverage')).toHaveValue(8);
    expect(input('Max Open Positions')).toHaveValue(6);
  });
});
