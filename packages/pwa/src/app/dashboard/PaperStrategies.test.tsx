import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useStrategiesDialogStore } from '../../features/strategies/strategiesDialogStore';
import { strategyView } from '../../test/fixtures';
import { renderDashboardPage } from '../../test/renderDashboardPage';
import { ok, server } from '../../test/server';
import { paperStrategy, strategiesNetwork } from '../../test/strategies';

function renderDashboard() {
  server.use(
    http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost:3000/hook/main-secret' })),
    http.get('/api/webhook-logs', () => ok([])),
    http.get('/api/keys', () => ok({ configured: false, accountAddress: null, apiWalletAddress: null, isTestnet: false, lastUsed: null })),
  );
  return renderDashboardPage();
}

const header = () => document.querySelector<HTMLElement>('header.dash-header') as HTMLElement;
const switcher = () => within(header()).getByRole('button', { name: /^Strategy/ });
const manageDialog = () => screen.getByRole('dialog', { name: 'Manage strategies' });
const row = (name: string) => within(manageDialog()).getByRole('listitem', { name });

async function openManage() {
  const view = renderDashboard();
  await waitFor(() => expect(switcher()).toHaveTextContent('Main'));
  useStrategiesDialogStore.getState().show();
  await screen.findByRole('dialog', { name: 'Manage strategies' });
  return view;
}

describe('paper strategies in Manage strategies (issue 30, point 4)', () => {
  it('issue 30, point 4: given "Paper — no real money" and a balance, when created, then venue and balance are posted, and the row and the switcher say Paper', async () => {
    const { sent } = strategiesNetwork([strategyView()]);
    const { user } = await openManage();
    const dialog = within(manageDialog());
    expect(dialog.queryByLabelText('Starting balance (USDC)')).toBeNull();
    await user.type(dialog.getByLabelText('New strategy'), 'Paper BTC');
    await user.click(dialog.getByRole('radio', { name: /^Paper — no real money/ }));
    const balance = dialog.getByLabelText('Starting balance (USDC)');
    expect(balance).toHaveValue('10000');
    await user.clear(balance);
    await user.type(balance, '2,500');
    await user.click(dialog.getByRole('button', { name: 'Create paper strategy' }));
    await waitFor(() => expect(row('Paper BTC')).toBeInTheDocument());
    expect(sent).toEqual([{ method: 'POST', path: '/api/strategies', body: { name: 'Paper BTC', venue: 'paper', paperBalance: 2500 } }]);
    expect(within(row('Paper BTC')).getByText('Paper')).toHaveClass('badge--paper');
    expect(row('Paper BTC')).toHaveTextContent('$2,500.00 to start with');
    expect(within(row('Main')).queryByText('Paper')).toBeNull();
    expect(switcher()).toHaveTextContent(/Paper BTC\s*Paper/);
  });

  it('issue 30, point 4: given a balance the api refuses, then its message sits under the balance field, not the name', async () => {
    strategiesNetwork([strategyView()]);
    const { user } = await openManage();
    const dialog = within(manageDialog());
    await user.type(dialog.getByLabelText('New strategy'), 'Tiny');
    await user.click(dialog.getByRole('radio', { name: /^Paper — no real money/ }));
    const balance = dialog.getByLabelText('Starting balance (USDC)');
    await user.clear(balance);
    await user.type(balance, '50');
    await user.click(dialog.getByRole('button', { name: 'Create paper strategy' }));
    await waitFor(() => expect(balance).toHaveAccessibleDescription(/Paper balance must be at least 100 USDC\./));
    expect(balance).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('New strategy')).not.toHaveAttribute('aria-invalid');
  });

  it('issue 30, point 4: given a live strategy, then it offers neither Reset paper account nor Trade live', async () => {
    strategiesNetwork([strategyView(), paperStrategy()]);
    await openManage();
    expect(within(row('Main')).queryByRole('button', { name: /^Reset paper account/ })).toBeNull();
    expect(within(row('Main')).queryByRole('button', { name: /^Trade live/ })).toBeNull();
    expect(within(row('Paper BTC')).getByRole('button', { name: 'Reset paper account of Paper BTC' })).toBeInTheDocument();
  });

  it('issue 30, point 4: given Reset paper account, then it asks first with the current balance; Cancel sends nothing; a new balance is posted', async () => {
    const { sent } = strategiesNetwork([strategyView(), paperStrategy({ paper: { balance: 7_500, epoch: 0, since: '2026-11-24T09:00:00.000Z' } })]);
    const { user } = await openManage();
    await user.click(within(row('Paper BTC')).getByRole('button', { name: 'Reset paper account of Paper BTC' }));
    const step = within(row('Paper BTC')).getByRole('form', { name: 'Reset the paper account of “Paper BTC”?' });
    const balance = within(step).getByLabelText('Starting balance (USDC)');
    expect(balance).toHaveValue('7500');
    expect(balance).toHaveFocus();
    await user.click(within(step).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    expect(within(row('Paper BTC')).getByRole('button', { name: 'Reset paper account of Paper BTC' })).toHaveFocus();

    await user.click(within(row('Paper BTC')).getByRole('button', { name: 'Reset paper account of Paper BTC' }));
    const again = within(row('Paper BTC')).getByLabelText('Starting balance (USDC)');
    await user.clear(again);
    await user.type(again, '5000');
    await user.click(within(row('Paper BTC')).getByRole('button', { name: 'Reset paper account' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', path: '/api/strategies/st_paper/paper-reset', body: { balance: 5000 } }]));
    expect(await screen.findByText('Paper account reset')).toBeInTheDocument();
    await waitFor(() => expect(row('Paper BTC')).toHaveTextContent('$5,000.00 to start with'));
  });

  it("issue 30, point 4: given Trade live without saved API keys, then the api's message and a button to API KEYS, which closes the dialog on that tab", async () => {
    const { sent } = strategiesNetwork([strategyView(), paperStrategy()], { keys: false });
    const { user } = await openManage();
    await user.click(within(row('Paper BTC')).getByRole('button', { name: 'Trade live with Paper BTC' }));
    const step = within(row('Paper BTC')).getByRole('group', { name: 'Trade “Paper BTC” live?' });
    expect(step).toHaveTextContent('real orders with real money on your Hyperliquid account');
    expect(within(step).getByRole('button', { name: 'Keep on paper' })).toHaveFocus();
    await user.click(within(step).getByRole('button', { name: 'Trade live with real money' }));
    const refusal = await within(step).findByRole('alert');
    expect(refusal).toHaveTextContent('Save your Hyperliquid API keys first: a live strategy trades on your account.');
    expect(sent).toEqual([{ method: 'POST', path: '/api/strategies/st_paper/promote', body: undefined }]);
    expect(within(step).queryByRole('button', { name: 'Trade live with real money' })).toBeNull();

    await user.click(within(refusal).getByRole('button', { name: 'Go to API KEYS' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage strategies' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('tab', { name: /API KEYS/ })).toHaveAttribute('aria-selected', 'true'));
  });

  it('issue 30, point 4: given Trade live with keys saved, then the strategy is live: no Paper badge, no paper actions', async () => {
    strategiesNetwork([strategyView(), paperStrategy()]);
    const { user } = await openManage();
    await user.click(within(row('Paper BTC')).getByRole('button', { name: 'Trade live with Paper BTC' }));
    await user.click(within(row('Paper BTC')).getByRole('button', { name: 'Trade live with real money' }));
    expect(await screen.findByText('“Paper BTC” now trades live')).toBeInTheDocument();
    await waitFor(() => expect(within(row('Paper BTC')).queryByText('Paper')).toBeNull());
    expect(within(row('Paper BTC')).queryByRole('button', { name: /^Reset paper account/ })).toBeNull();
  });
});
