import { DEFAULT_SETTINGS } from '@hyperhook/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelectedStrategyStore } from '../../entities/strategies/selectedStrategyStore';
import { renderWithProviders } from '../../test/renderWithProviders';
import { strategiesNetwork, twoStrategies } from '../../test/strategies';
import { settingsNetwork } from './settings.fixtures';
import SettingsTab from './SettingsTab';

const leverage = () => screen.getByLabelText('Default Leverage') as HTMLInputElement;
const ethSettings = { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, leverage: 7 } };

describe('SETTINGS tab: per strategy (issue 29, point 6)', () => {
  it("issue 29, point 6: given the first strategy on screen, then the account's settings (GET /api/settings) as before, with which strategy they are for", async () => {
    const sent = settingsNetwork({});
    strategiesNetwork(twoStrategies({ settings: ethSettings }));
    renderWithProviders(<SettingsTab />);
    await screen.findByRole('button', { name: 'Save Settings' });
    expect(sent.settingsReads).toBe(1);
    await waitFor(() =>
      expect(screen.getByText(/alerts sent to its webhook URL are sized and checked with these settings/)).toHaveTextContent('For strategy “Main”'),
    );
  });

  it("issue 29, point 6: given another strategy on screen, then its own settings; Save puts them to its route and the account's are untouched", async () => {
    const account = settingsNetwork({});
    const { sent } = strategiesNetwork(twoStrategies({ settings: ethSettings }));
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const { user } = renderWithProviders(<SettingsTab />);
    await waitFor(() => expect(leverage()).toHaveValue(7));
    await user.clear(leverage());
    await user.type(leverage(), '4');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/strategies/st_eth/settings', body: { trading: { leverage: 4 } } });
    expect(account.settingsReads).toBe(0);
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('issue 29, point 6: given another strategy on screen, when reset to defaults (after the confirmation), then its reset route and the defaults in the form', async () => {
    settingsNetwork({});
    const { sent } = strategiesNetwork(twoStrategies({ settings: ethSettings }));
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const { user } = renderWithProviders(<SettingsTab />);
    await waitFor(() => expect(leverage()).toHaveValue(7));
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset to Defaults' }));
    await waitFor(() => expect(leverage()).toHaveValue(DEFAULT_SETTINGS.trading.leverage));
    expect(sent).toEqual([{ method: 'POST', path: '/api/strategies/st_eth/reset-settings', body: undefined }]);
  });
});
