import { act, screen, waitFor, within } from '@testing-library/react';
import { daysLeft, keysExpiryStage } from '@hyperhook/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configuredKeys, noKeys } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok } from '../../test/server';
import { keysNetwork } from './keys.fixtures';
import KeysTab from './KeysTab';
import { DELETE_QUESTION } from './useKeysActions';

afterEach(() => vi.restoreAllMocks());

const summary = () => screen.findByRole('region', { name: 'Hyperliquid connection' });
const form = () => screen.findByRole('button', { name: 'Save Keys' });

describe('API KEYS tab: summary or form (spec §2, §4)', () => {
  it('TAB-KEYS-01, TAB-KEYS-02, TAB-KEYS-03, TAB-KEYS-04, TAB-KEYS-05, TAB-KEYS-07, STATE-08, API-08, ENT-03, ENT-04: given configured testnet keys, then "Loading..." then the summary: Testnet badge, the addresses, the last used time and Update Keys and Delete; no form', async () => {
    const network = keysNetwork({ keys: { ...configuredKeys, lastUsed: '2026-11-24T10:00:00Z' } });
    renderWithProviders(<KeysTab />);
    expect(screen.getByRole('heading', { level: 2, name: 'API Keys' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const card = await summary();
    expect(within(card).getByText('Testnet')).toHaveClass('badge');
    expect(within(card).queryByText('Mainnet')).toBeNull();
    expect(card).toHaveTextContent(`Account address${configuredKeys.accountAddress}`);
    expect(card).toHaveTextContent(`API wallet address${configuredKeys.apiWalletAddress}`);
    const lastUsed = within(card).getByText('Last used').nextElementSibling?.querySelector('time');
    expect(lastUsed).toHaveAttribute('dateTime', '2026-11-24T10:00:00.000Z');
    expect(within(card).getByRole('button', { name: 'Update Keys' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Keys' })).toBeNull();
    expect(network.calls('GET', '/api/keys')).toHaveLength(1);
  });

  it('TAB-KEYS-03, TAB-KEYS-06: given mainnet keys never used, then a "Mainnet" badge and "Never used"', async () => {
    keysNetwork({ keys: { ...configuredKeys, isTestnet: false, lastUsed: null } });
    renderWithProviders(<KeysTab />);
    const card = await summary();
    expect(within(card).getByText('Mainnet')).toHaveClass('badge');
    expect(within(card).queryByText('Testnet')).toBeNull();
    expect(within(card).getByText('Last used').nextElementSibling).toHaveTextContent('Never used');
  });

  it('issue 42, point 2: given a named API wallet, then its expiry and the days left; a week before and after it, how to approve a new one, on the app of the keys’ network; an unnamed wallet shows none', async () => {
    // An hour short of whole days: the domain's count rounds up, so they read as `days`.
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000 - 3_600_000).toISOString();
    keysNetwork({ keys: { ...configuredKeys, validUntil: inDays(90) } });
    const { unmount } = renderWithProviders(<KeysTab />);
    let card = await summary();
    expect(within(card).getByText('Valid until').nextElementSibling).toHaveTextContent(/· 90 days left$/);
    expect(within(card).queryByText(/Approve a new one/)).toBeNull();
    unmount();

    keysNetwork({ keys: { ...configuredKeys, isTestnet: false, validUntil: inDays(3) } });
    const again = renderWithProviders(<KeysTab />);
    card = await summary();
    expect(within(card).getByText('Valid until').nextElementSibling).toHaveTextContent(/· 3 days left$/);
    expect(
      within(card).getByText(/Hyperliquid will stop accepting orders this API wallet signs\. Approve a new one at app\.hyperliquid\.xyz →/),
    ).toBeInTheDocument();
    again.unmount();

    keysNetwork({ keys: { ...configuredKeys, isTestnet: true, validUntil: inDays(3) } });
    const testnet = renderWithProviders(<KeysTab />);
    card = await summary();
    expect(within(card).getByText(/Approve a new one at app\.hyperliquid-testnet\.xyz → More → API/)).toBeInTheDocument();
    testnet.unmount();

    keysNetwork({ keys: { ...configuredKeys, validUntil: new Date(Date.now() - 60_000).toISOString() } });
    const expired = renderWithProviders(<KeysTab />);
    card = await summary();
    expect(within(card).getByText('Valid until').nextElementSibling).toHaveTextContent(/· expired$/);
    expect(within(card).getByText(/Hyperliquid no longer accepts orders this API wallet signs/)).toHaveClass('notice--error');
    expired.unmount();

    keysNetwork({ keys: { ...configuredKeys, validUntil: null } });
    renderWithProviders(<KeysTab />);
    expect(within(await summary()).queryByText('Valid until')).toBeNull();
  });

  it("issue 42, point 2: the days left are the domain's count, the one of the server's expiry notices (6.5 days read 7), and the notice shows while the server's week stage is due", async () => {
    const cases = [
      { days: 6.5, left: 7, text: '7 days left', notice: true },
      { days: 7.5, left: 8, text: '8 days left', notice: false },
      { days: 0.5, left: 1, text: '1 day left', notice: true },
    ];
    for (const { days, left, text, notice } of cases) {
      const validUntil = new Date(Date.now() + days * 86_400_000).toISOString();
      expect(daysLeft(validUntil, new Date())).toBe(left);
      expect(keysExpiryStage(validUntil, new Date()) !== null).toBe(notice);
      keysNetwork({ keys: { ...configuredKeys, validUntil } });
      const { unmount } = renderWithProviders(<KeysTab />);
      const card = await summary();
      expect(within(card).getByText('Valid until').nextElementSibling).toHaveTextContent(new RegExp(`· ${text}$`));
      expect(within(card).queryByText(/Hyperliquid will stop accepting orders this API wallet signs\. Approve a new one/) !== null).toBe(notice);
      unmount();
    }
  });

  it("issue 42, point 2: given an unnamed wallet still being checked, then the summary says so; given it refused, then a Not approved row with the venue check's message", async () => {
    keysNetwork({ keys: { ...configuredKeys, approval: 'checking' } });
    const checking = renderWithProviders(<KeysTab />);
    let card = await summary();
    expect(within(card).getByText('Approval').nextElementSibling).toHaveTextContent('Checking with Hyperliquid…');
    expect(within(card).queryByRole('alert')).toBeNull();
    checking.unmount();

    const message = 'Hyperliquid testnet does not know this API wallet: it was never authorized, its authorization expired, or it was replaced or removed.';
    keysNetwork({ keys: { ...configuredKeys, approval: 'refused', approvalMessage: message } });
    const refused = renderWithProviders(<KeysTab />);
    card = await summary();
    expect(within(card).getByText('Not approved')).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent(message);
    refused.unmount();

    keysNetwork({ keys: configuredKeys });
    renderWithProviders(<KeysTab />);
    expect(within(await summary()).queryByText('Approval')).toBeNull();
  });

  it('TAB-KEYS-08, TAB-KEYS-11, TAB-KEYS-14, TAB-KEYS-19, STATE-08: given no keys, then the form (API wallet address, private key, main account address, testnet) and the setup checklist; no Cancel', async () => {
    keysNetwork({ keys: noKeys });
    renderWithProviders(<KeysTab />);
    await form();
    expect(screen.getByLabelText('API wallet address')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('API wallet private key')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Main account address')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Testnet keys/ })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    const steps = within(screen.getByRole('region', { name: 'Setup checklist' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent).join(' ')).toMatch(
      /app\.hyperliquid\.xyz.*main account address.*More → API.*Generate.*Authorize API Wallet.*shown only once.*Testnet/s,
    );
    expect(screen.queryByRole('region', { name: 'Hyperliquid connection' })).toBeNull();
    // Joining Hyperliquid comes first for a user without keys: the referral offer is above the form.
    const offer = await screen.findByRole('region', { name: 'New to Hyperliquid?' });
    expect(
      offer.compareDocumentPosition(screen.getByRole('region', { name: 'Connect your Hyperliquid API wallet' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('TAB-KEYS-12, TAB-KEYS-13, TAB-KEYS-19: given the tab, then it warns that an API wallet can only sign trades and cannot withdraw funds, and says credentials are encrypted with AES-256-GCM', async () => {
    keysNetwork();
    renderWithProviders(<KeysTab />);
    await form();
    expect(screen.getByText('An API wallet can only sign trades and cannot withdraw funds.')).toBeInTheDocument();
    expect(screen.getByText(/encrypted with AES-256-GCM/)).toBeInTheDocument();
  });

  it('TAB-KEYS-09, TAB-KEYS-10: given configured keys, when Update Keys, then the form with the saved addresses and an empty private key, and Cancel returns to the summary without saving', async () => {
    const network = keysNetwork({ keys: configuredKeys });
    const { user } = renderWithProviders(<KeysTab />);
    await user.click(within(await summary()).getByRole('button', { name: 'Update Keys' }));
    expect(screen.getByLabelText('API wallet address')).toHaveValue(configuredKeys.apiWalletAddress);
    expect(screen.getByLabelText('Main account address')).toHaveValue(configuredKeys.accountAddress);
    expect(screen.getByLabelText('API wallet private key')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /Testnet keys/ })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Setup checklist' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await summary()).toBeInTheDocument();
    expect(network.calls('POST', '/api/keys')).toHaveLength(0);
  });

  it('ERR-24: given the keys fail to load, then it is only logged; the tab keeps "Loading..." (no form that could overwrite keys), and Retry loads them', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    keysNetwork({ keys: () => (down ? fail(500, 'Read model unavailable') : ok(configuredKeys)) });
    const { user } = renderWithProviders(<KeysTab />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(logged).toHaveBeenCalledWith('Failed to load API keys', expect.objectContaining({ message: 'Read model unavailable' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText(/Read model unavailable/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Keys' })).toBeNull();
    down = false;
    await user.click(retry);
    expect(await summary()).toBeInTheDocument();
  });
});

describe('API KEYS tab: delete (spec §8)', () => {
  it('TAB-KEYS-18, ERR-12, ERR-13, API-10, STATE-10: given the user confirms Delete, then DELETE /api/keys without a body, the info toast, and the form', async () => {
    const network = keysNetwork({ keys: configuredKeys });
    const { user } = renderWithProviders(<KeysTab />);
    await user.click(within(await summary()).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete your API keys? This will stop all webhook processing.');
    expect(DELETE_QUESTION).toBe('Are you sure you want to delete your API keys? This will stop all webhook processing.');
    expect(network.calls('DELETE', '/api/keys')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await form();
    expect(network.calls('DELETE', '/api/keys')).toEqual([{ method: 'DELETE', path: '/api/keys', body: undefined }]);
    const toast = screen.getByText('API keys deleted').closest('[data-testid="toast"]');
    expect(toast).toHaveClass('toast--info');
    expect(toast).toHaveTextContent('API keys deletedWebhooks will pause until you add new credentials.');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('TAB-KEYS-18: given the user declines, then no call is made and the summary stays', async () => {
    const network = keysNetwork({ keys: configuredKeys });
    const { user } = renderWithProviders(<KeysTab />);
    await user.click(within(await summary()).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(await summary()).toBeInTheDocument();
    expect(screen.queryByTestId('toast')).toBeNull();
    // A confirmed Delete afterwards bounds the wait: a call of the declined one would have been
    // sent before it, so the confirmed one would not be the only DELETE.
    await user.click(within(await summary()).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await form();
    expect(network.sent.filter((s) => s.method !== 'GET')).toEqual([{ method: 'DELETE', path: '/api/keys', body: undefined }]);
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('ERR-14: given the delete fails, then the toast "Unable to delete API keys" / "Please try again." and the summary stays', async () => {
    keysNetwork({ keys: configuredKeys, remove: () => fail(500, 'Event store unavailable') });
    const { user } = renderWithProviders(<KeysTab />);
    await user.click(within(await summary()).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to delete API keysPlease try again.');
    expect(await summary()).toBeInTheDocument();
  });

  it('given the device is offline, then Delete is disabled', async () => {
    keysNetwork({ keys: configuredKeys });
    renderWithProviders(<KeysTab />);
    const card = await summary();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeDisabled();
    onLine.mockRestore();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Delete' })).toBeEnabled());
  });
});
