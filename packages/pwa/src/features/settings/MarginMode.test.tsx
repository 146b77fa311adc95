import { DEFAULT_SETTINGS, type Settings } from '@hyperhook/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelectedStrategyStore } from '../../entities/strategies/selectedStrategyStore';
import { renderWithProviders } from '../../test/renderWithProviders';
import { strategiesNetwork, twoStrategies } from '../../test/strategies';
import { settingsNetwork } from './settings.fixtures';
import SettingsTab from './SettingsTab';

const marginMode = () => screen.getByLabelText('Margin Mode') as HTMLSelectElement;
/** Settings as stored before issue 39.2: no margin mode. */
const stored: Settings = { ...DEFAULT_SETTINGS, trading: { leverage: 3, slippageTolerance: 1, requireStopLoss: false } };

describe('Settings form: the margin mode (issue 39.2)', () => {
  it('issue 39.2: given settings stored without a margin mode, when the form opens, then Margin Mode reads Cross, offers Isolated, and says what each does', async () => {
    // given
    settingsNetwork({ settings: stored });
    // when
    renderWithProviders(<SettingsTab />);
    await screen.findByRole('button', { name: 'Save Settings' });
    // then
    expect(marginMode()).toHaveDisplayValue('Cross');
    expect([...marginMode().options].map((o) => o.textContent)).toEqual(['Cross', 'Isolated']);
    expect(marginMode()).toHaveAccessibleDescription(
      'Cross shares your balance across positions; isolated gives each its own margin. A coin already open keeps its mode until closed.',
    );
  });

  it("issue 39.2: given the account's settings, when Isolated is chosen and saved, then PUT /api/settings carries it", async () => {
    // given
    const sent = settingsNetwork({ settings: stored });
    const { user } = renderWithProviders(<SettingsTab />);
    await screen.findByRole('button', { name: 'Save Settings' });
    // when
    await user.selectOptions(marginMode(), 'isolated');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    // then
    await waitFor(() => expect(sent.puts).toHaveLength(1));
    expect(sent.puts[0]).toEqual({ ...stored, trading: { ...stored.trading, marginMode: 'isolated' } });
  });

  it('issue 39.2: given another strategy held isolated, when its settings open, then Isolated; choosing Cross saves to its own route', async () => {
    // given
    settingsNetwork({});
    const { sent } = strategiesNetwork(twoStrategies({ settings: { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, marginMode: 'isolated' } } }));
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const { user } = renderWithProviders(<SettingsTab />);
    await waitFor(() => expect(marginMode()).toHaveDisplayValue('Isolated'));
    // when
    await user.selectOptions(marginMode(), 'cross');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    // then
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/strategies/st_eth/settings', body: { trading: { marginMode: 'cross' } } });
  });
});
