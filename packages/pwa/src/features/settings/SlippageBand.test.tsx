import { DEFAULT_SETTINGS } from '@hyperhook/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { settingsNetwork } from './settings.fixtures';
import SettingsTab from './SettingsTab';

const BAND_MESSAGE = 'Slippage Tolerance (%) must be below 80: Hyperliquid rejects orders priced more than 80% away from the market price.';
const slippageInput = () => screen.getByLabelText('Slippage Tolerance (%)') as HTMLInputElement;

describe("Settings form: slippage at the venue's 80% price band (issue 39.4)", () => {
  it('issue 39.4: given the form, when 80 is typed as slippage, then the price band message sits under the field and Save is disabled', async () => {
    // given
    settingsNetwork({ settings: DEFAULT_SETTINGS });
    const { user } = renderWithProviders(<SettingsTab />);
    const save = await screen.findByRole('button', { name: 'Save Settings' });
    expect(slippageInput()).toHaveAttribute('max', '79.9');
    // when
    await user.clear(slippageInput());
    await user.type(slippageInput(), '80');
    // then
    expect(slippageInput()).toHaveAccessibleDescription(expect.stringContaining(BAND_MESSAGE));
    expect(save).toBeDisabled();
  });

  it('issue 39.4: given settings stored with 95 % before the band, when the form opens, then it shows them with the message until the value is lowered', async () => {
    // given
    settingsNetwork({ settings: { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, slippageTolerance: 95 } } });
    // when
    const { user } = renderWithProviders(<SettingsTab />);
    const save = await screen.findByRole('button', { name: 'Save Settings' });
    // then
    expect(slippageInput()).toHaveValue(95);
    expect(slippageInput()).toHaveAccessibleDescription(expect.stringContaining(BAND_MESSAGE));
    expect(save).toBeDisabled();
    // and when lowered below the band, it can be saved
    await user.clear(slippageInput());
    await user.type(slippageInput(), '79.9');
    expect(save).toBeEnabled();
  });
});
