import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { NOT_AN_ADDRESS, SUB_ACCOUNT_HELP } from '../../features/strategies/SubAccountStep';
import { useStrategiesDialogStore } from '../../features/strategies/strategiesDialogStore';
import { strategyView } from '../../test/fixtures';
import { renderDashboardPage } from '../../test/renderDashboardPage';
import { ok, server } from '../../test/server';
import { MAIN_ACCOUNT, paperStrategy, strategiesNetwork } from '../../test/strategies';

const DESK_B = '0x1111111111111111111111111111111111111111';
const STRANGER = '0x2222222222222222222222222222222222222222';
const trend = (overrides: Parameters<typeof strategyView>[0] = {}) =>
  strategyView({ id: 'st_trend', name: 'Trend', createdAt: '2026-11-20T09:00:00.000Z', ...overrides });

async function openManage() {
  server.use(
    http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost:3000/hook/main-secret' })),
    http.get('/api/webhook-logs', () => ok([])),
  );
  const view = renderDashboardPage();
  await waitFor(() => expect(document.querySelector('header.dash-header')).toHaveTextContent('Main'));
  useStrategiesDialogStore.getState().show();
  await screen.findByRole('dialog', { name: 'Manage strategies' });
  return view;
}

const row = (name: string) => within(screen.getByRole('dialog', { name: 'Manage strategies' })).getByRole('listitem', { name });
const addressField = () => within(row('Trend')).getByLabelText('Sub-account address');
const patches = (sent: { method: string; body: unknown }[]) => sent.filter((s) => s.method === 'PATCH').map((s) => s.body);

describe('the Hyperliquid account each live strategy trades on (issue 39.6)', () => {
  it('issue 39.6: given Main on the main account, Trend on sub-account desk-b and a paper strategy, when Manage strategies opens, then each live row says where it trades and the paper one offers no account', async () => {
    // given
    strategiesNetwork([strategyView(), trend({ subAccount: { address: DESK_B, name: 'desk-b' } }), paperStrategy()]);
    // when
    await openManage();
    // then
    expect(row('Main')).toHaveTextContent('Trades on Main account');
    expect(row('Trend')).toHaveTextContent('Trades on Sub-account desk-b 0x1111…1111');
    expect(within(row('Trend')).getByTitle(DESK_B)).toBeInTheDocument();
    expect(within(row('Trend')).getByRole('button', { name: 'Change the account of Trend' })).toBeInTheDocument();
    expect(within(row('Paper BTC')).queryByText(/Main account|Sub-account/)).toBeNull();
    expect(within(row('Paper BTC')).queryByRole('button', { name: /^Change/ })).toBeNull();
  });

  it('issue 39.6: given Trend’s account step, when an address that is not one is entered, then the field says why, with its one-line help, and nothing is sent', async () => {
    // given
    const { sent } = strategiesNetwork([strategyView(), trend()]);
    const { user } = await openManage();
    await user.click(within(row('Trend')).getByRole('button', { name: 'Change the account of Trend' }));
    expect(addressField()).toHaveFocus();
    expect(addressField()).toHaveAccessibleDescription(SUB_ACCOUNT_HELP);
    // when
    await user.type(addressField(), '0x12345{Enter}');
    // then
    expect(addressField()).toHaveAttribute('aria-invalid', 'true');
    expect(addressField()).toHaveAccessibleDescription(`${SUB_ACCOUNT_HELP} ${NOT_AN_ADDRESS}`);
    expect(patches(sent)).toEqual([]);
    expect(within(row('Trend')).queryByRole('button', { name: 'Trade on main account' })).toBeNull();
  });

  it('issue 39.6: given an address Hyperliquid does not list among the trader’s sub-accounts, when submitted, then the api’s reason sits under the field and Trend stays on the main account', async () => {
    // given
    const { sent } = strategiesNetwork([strategyView(), trend()]);
    const { user } = await openManage();
    await user.click(within(row('Trend')).getByRole('button', { name: 'Change the account of Trend' }));
    // when
    await user.type(addressField(), STRANGER);
    await user.click(within(row('Trend')).getByRole('button', { name: 'Trade on sub-account' }));
    // then
    const reason = `${STRANGER} is not a sub-account of your account ${MAIN_ACCOUNT} on Hyperliquid testnet; create it there (Sub-Accounts) or check the address.`;
    await waitFor(() => expect(addressField()).toHaveAccessibleDescription(`${SUB_ACCOUNT_HELP} ${reason}`));
    expect(patches(sent)).toEqual([{ subAccountAddress: STRANGER }]);
    expect(row('Trend')).toHaveTextContent('Trades on Main account');
  });

  it('issue 39.6: given desk-b’s address, when submitted, then PATCH binds it, the row says Sub-account desk-b, a toast confirms and focus returns to Change', async () => {
    // given
    const { sent } = strategiesNetwork([strategyView(), trend()]);
    const { user } = await openManage();
    await user.click(within(row('Trend')).getByRole('button', { name: 'Change the account of Trend' }));
    // when
    await user.type(addressField(), ` ${DESK_B.toUpperCase().replace('0X', '0x')} {Enter}`);
    // then
    expect(await screen.findByText('“Trend” now trades on sub-account desk-b')).toBeInTheDocument();
    expect(patches(sent)).toEqual([{ subAccountAddress: DESK_B.toUpperCase().replace('0X', '0x') }]);
    expect(row('Trend')).toHaveTextContent('Trades on Sub-account desk-b 0x1111…1111');
    expect(within(row('Trend')).queryByLabelText('Sub-account address')).toBeNull();
    expect(within(row('Trend')).getByRole('button', { name: 'Change the account of Trend' })).toHaveFocus();
  });

  it('issue 39.6: given Trend on desk-b holding a position, when Trade on main account is pressed, then the api’s 409 reason sits under the field and Trend stays on desk-b', async () => {
    // given
    const { sent } = strategiesNetwork([strategyView(), trend({ subAccount: { address: DESK_B, name: 'desk-b' } })], { holding: ['st_trend'] });
    const { user } = await openManage();
    await user.click(within(row('Trend')).getByRole('button', { name: 'Change the account of Trend' }));
    expect(addressField()).toHaveValue(DESK_B);
    // when
    await user.click(within(row('Trend')).getByRole('button', { name: 'Trade on main account' }));
    // then
    await waitFor(() =>
      expect(addressField()).toHaveAccessibleDescription(
        `${SUB_ACCOUNT_HELP} "Trend" holds a position on the account it trades on now; close them before moving it to another account.`,
      ),
    );
    expect(patches(sent)).toEqual([{ subAccountAddress: null }]);
    expect(row('Trend')).toHaveTextContent('Trades on Sub-account desk-b');
  });

  it('issue 39.6: given Trend on desk-b and flat, when Trade on main account is pressed, then PATCH {subAccountAddress: null} and the row says Main account', async () => {
    // given
    const { sent } = strategiesNetwork([strategyView(), trend({ subAccount: { address: DESK_B, name: 'desk-b' } })]);
    const { user } = await openManage();
    await user.click(within(row('Trend')).getByRole('button', { name: 'Change the account of Trend' }));
    // when
    await user.click(within(row('Trend')).getByRole('button', { name: 'Trade on main account' }));
    // then
    expect(await screen.findByText('“Trend” now trades on your main account')).toBeInTheDocument();
    expect(patches(sent)).toEqual([{ subAccountAddress: null }]);
    expect(row('Trend')).toHaveTextContent('Trades on Main account');
  });

  it('issue 39.6: given no API keys saved, when a sub-account is chosen, then the api’s “No API keys configured” sits under the field', async () => {
    // given
    strategiesNetwork([strategyView(), trend()], { keys: false });
    const { user } = await openManage();
    await user.click(within(row('Trend')).getByRole('button', { name: 'Change the account of Trend' }));
    // when
    await user.type(addressField(), `${DESK_B}{Enter}`);
    // then
    await waitFor(() => expect(addressField()).toHaveAccessibleDescription(`${SUB_ACCOUNT_HELP} No API keys configured`));
  });
});
