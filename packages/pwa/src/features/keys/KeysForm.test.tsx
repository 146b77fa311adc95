import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/queryKeys';
import { configuredKeys } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail } from '../../test/server';
import { referralInfo } from './referral/referral.fixtures';
import { ACCOUNT, keysNetwork, PRIVATE_KEY, WALLET } from './keys.fixtures';
import KeysTab from './KeysTab';

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** Opens the tab without keys and fills the form. */
async function fill(network: ReturnType<typeof keysNetwork>, values: { wallet?: string; key?: string; account?: string; testnet?: boolean } = {}) {
  const view = renderWithProviders(<KeysTab />);
  await screen.findByRole('button', { name: 'Save Keys' });
  const { user } = view;
  if (values.wallet !== '') await user.type(input('API wallet address'), values.wallet ?? WALLET);
  if (values.key !== '') await user.type(input('API wallet private key'), values.key ?? PRIVATE_KEY);
  if (values.account !== '') await user.type(input('Main account address'), values.account ?? ACCOUNT);
  if (values.testnet ?? true) await user.click(screen.getByRole('checkbox', { name: /Testnet keys/ }));
  return { ...view, network };
}

const save = (user: ReturnType<typeof renderWithProviders>['user']) => user.click(screen.getByRole('button', { name: 'Save Keys' }));
const formAlert = () => screen.getAllByRole('alert').find((a) => a.classList.contains('notice')) as HTMLElement;

describe('API KEYS form: validation before sending (spec §5)', () => {
  it('VAL-05, VAL-11: given empty fields, when saving, then nothing is sent and each field says it is required', async () => {
    const { user, network } = await fill(keysNetwork(), { wallet: '', key: '', account: '', testnet: false });
    await save(user);
    expect(formAlert()).toHaveTextContent('Missing API wallet addressAPI wallet address is required.');
    expect(input('API wallet address')).toHaveAccessibleDescription(expect.stringContaining('API wallet address is required.'));
    expect(input('API wallet private key')).toHaveAccessibleDescription(expect.stringContaining('Private key is required.'));
    expect(input('Main account address')).toHaveAccessibleDescription(expect.stringContaining('Main account address is required.'));
    expect(input('Main account address')).toHaveAttribute('aria-invalid', 'true');
    expect(network.calls('POST', '/api/keys')).toHaveLength(0);
  });

  it('VAL-07: given a main account address that is not 0x and 40 hex characters, then "Invalid account address" / "Main account address must be 0x followed by 40 hexadecimal characters." under it, nothing sent; fixing it clears the message', async () => {
    const { user, network } = await fill(keysNetwork(), { account: '0x12345' });
    await save(user);
    expect(formAlert()).toHaveTextContent('Invalid account addressMain account address must be 0x followed by 40 hexadecimal characters.');
    expect(input('Main account address')).toHaveAccessibleDescription(
      expect.stringContaining('Main account address must be 0x followed by 40 hexadecimal characters.'),
    );
    expect(network.calls('POST', '/api/keys')).toHaveLength(0);
    await user.clear(input('Main account address'));
    await user.type(input('Main account address'), ACCOUNT);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input('Main account address')).not.toHaveAttribute('aria-invalid');
  });

  it('VAL-08: given the API wallet address again as main account (other case), then "Two different addresses required" / "The main account address cannot be the same as the API wallet address."', async () => {
    const { user, network } = await fill(keysNetwork(), { account: WALLET.toUpperCase().replace('0X', '0x') });
    await save(user);
    expect(formAlert()).toHaveTextContent('Two different addresses requiredThe main account address cannot be the same as the API wallet address.');
    expect(input('Main account address')).toHaveAccessibleDescription(
      expect.stringContaining('The main account address cannot be the same as the API wallet address.'),
    );
    expect(network.calls('POST', '/api/keys')).toHaveLength(0);
  });

  it('VAL-09, VAL-10: given a malformed private key and API wallet address, then each field says what it must be', async () => {
    const { user } = await fill(keysNetwork(), { wallet: '0xabc', key: '0x1234' });
    await save(user);
    expect(input('API wallet address')).toHaveAccessibleDescription(
      expect.stringContaining('API wallet address must be 0x followed by 40 hexadecimal characters.'),
    );
    expect(input('API wallet private key')).toHaveAccessibleDescription(
      expect.stringContaining('Private key must be 0x followed by 64 hexadecimal characters.'),
    );
  });

  it('given the private key field, then it is a password input without autocomplete, with a Show/Hide toggle', async () => {
    const { user } = await fill(keysNetwork(), { wallet: '', account: '', testnet: false });
    const key = input('API wallet private key');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('autocomplete', 'off');
    expect(key).toHaveAttribute('spellcheck', 'false');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(key).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(key).toHaveAttribute('type', 'password');
  });
});

describe('API KEYS form: saving (spec §7, §8)', () => {
  it('TAB-KEYS-16, API-09, ENT-05, VAL-06, ERR-10, STATE-09, TAB-KEYS-17: given valid keys with spaces and the referral box unticked, when saving, then POST /api/keys with the trimmed save payload, the success toast, the summary, and no self-report', async () => {
    const { user, network } = await fill(keysNetwork(), { wallet: `  ${WALLET} `, account: ` ${ACCOUNT}  ` });
    await save(user);
    expect(await screen.findByRole('region', { name: 'Hyperliquid connection' })).toBeInTheDocument();
    expect(network.calls('POST', '/api/keys').map((c) => c.body)).toEqual([
      { hyperliquidApiKey: WALLET, hyperliquidPrivateKey: PRIVATE_KEY, accountAddress: ACCOUNT, isTestnet: true },
    ]);
    const toast = screen.getByText('API keys saved').closest('[data-testid="toast"]');
    expect(toast).toHaveTextContent('API keys savedYour Hyperliquid wallet is ready for webhooks.');
    expect(toast).toHaveClass('toast--success');
    // A Delete afterwards bounds the wait: a self-report follows the save at once, so it would
    // reach the server before this later call.
    await user.click(within(await screen.findByRole('region', { name: 'Hyperliquid connection' })).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('button', { name: 'Save Keys' });
    expect(network.sent.filter((s) => s.method !== 'GET').map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/keys', 'DELETE /api/keys']);
  });

  it('TAB-KEYS-15, TAB-KEYS-17, PROD-03, PROD-05, API-20: given the referral box (with the code) ticked, when the save succeeds, then POST /api/referral/self-report {joinedViaReferral: true} follows the save', async () => {
    const { user, network } = await fill(keysNetwork());
    const box = screen.getByRole('checkbox', { name: 'I joined Hyperliquid with the hyperhook referral code HYPERHOOK' });
    await user.click(box);
    await save(user);
    await waitFor(() => expect(network.calls('POST', '/api/referral/self-report')).toHaveLength(1));
    expect(network.calls('POST', '/api/referral/self-report')[0]?.body).toEqual({ joinedViaReferral: true });
    const order = network.sent.filter((s) => s.method === 'POST').map((s) => s.path);
    expect(order).toEqual(['/api/keys', '/api/referral/self-report']);
  });

  it('TAB-KEYS-17, ERR-11: given the box ticked and a save the api refuses, then its long error message in the toast and above the form, no self-report, the form stays with the private key cleared', async () => {
    const refusal =
      'Hyperliquid does not know this API wallet for the main account 0x1111…1111 on testnet. Authorize it on app.hyperliquid.xyz → More → API first.';
    const { user, network } = await fill(keysNetwork({ save: () => fail(400, refusal, { code: 'agentNotApproved' }) }));
    await user.click(screen.getByRole('checkbox', { name: /referral code/ }));
    await save(user);
    const toast = await screen.findByText('Unable to save API keys', { selector: '.toast__title' });
    expect(toast.parentElement).toHaveTextContent(`Unable to save API keys${refusal}`);
    expect(formAlert()).toHaveTextContent(`Unable to save API keys${refusal}`);
    expect(input('API wallet private key')).toHaveValue('');
    expect(input('API wallet address')).toHaveValue(WALLET);
    expect(screen.queryByRole('region', { name: 'Hyperliquid connection' })).toBeNull();
    // A second attempt bounds the wait: a self-report of the first would reach the server before
    // this later save.
    await user.type(input('API wallet private key'), PRIVATE_KEY);
    await save(user);
    await waitFor(() => expect(screen.getAllByText('Unable to save API keys', { selector: '.toast__title' })).toHaveLength(2));
    expect(network.sent.filter((s) => s.method === 'POST').map((s) => s.path)).toEqual(['/api/keys', '/api/keys']);
  });

  it('ERR-11: given a failure without an error message, then "Unable to save API keys" / "Failed to save API keys"', async () => {
    const { user } = await fill(keysNetwork({ save: () => new HttpResponse('bad gateway', { status: 502 }) }));
    await save(user);
    const toast = await screen.findByText('Unable to save API keys', { selector: '.toast__title' });
    expect(toast.parentElement).toHaveTextContent('Unable to save API keysFailed to save API keys');
  });

  it("VAL-07: given the api refuses with the spec's title and field errors, then the title heads the form and the message is under the field", async () => {
    const message = 'Main account address must be 0x followed by 40 hexadecimal characters.';
    const { user } = await fill(
      keysNetwork({
        save: () =>
          fail(400, message, { code: 'INVALID_ACCOUNT_ADDRESS', title: 'Invalid account address', fieldErrors: [{ field: 'accountAddress', message }] }),
      }),
    );
    await save(user);
    await waitFor(() => expect(formAlert()).toHaveTextContent(`Invalid account address${message}`));
    expect(input('Main account address')).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('TAB-KEYS-15: given the user already reported joining via the referral, then the box is not offered again', async () => {
    keysNetwork({ referral: referralInfo({ joinedViaReferral: true }) });
    const { queryClient } = renderWithProviders(<KeysTab />);
    await screen.findByRole('button', { name: 'Save Keys' });
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.referral)).toMatchObject({ joinedViaReferral: true }));
    expect(screen.queryByRole('checkbox', { name: /referral code/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Testnet keys/ })).toBeInTheDocument();
  });

  it('TAB-KEYS-10: given an update of existing keys, then saving returns to the summary with the new record', async () => {
    const network = keysNetwork({
      keys: configuredKeys,
      save: async () => HttpResponse.json({ success: true, data: { ...configuredKeys, isTestnet: false } }),
    });
    const { user } = renderWithProviders(<KeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Update Keys' }));
    await user.type(input('API wallet private key'), PRIVATE_KEY);
    await user.click(screen.getByRole('checkbox', { name: /Testnet keys/ }));
    await save(user);
    const card = await screen.findByRole('region', { name: 'Hyperliquid connection' });
    expect(within(card).getByText('Mainnet')).toBeInTheDocument();
    expect(network.calls('POST', '/api/keys')[0]?.body).toMatchObject({
      hyperliquidApiKey: configuredKeys.apiWalletAddress,
      accountAddress: configuredKeys.accountAddress,
      isTestnet: false,
    });
  });
});
