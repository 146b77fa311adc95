import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { positionView } from '../../test/fixtures';
import { renderDashboardPage } from '../../test/renderDashboardPage';
import { fail, ok, server } from '../../test/server';
import { tradingNetwork } from '../../features/trading/trading.fixtures';

const btc = positionView({ positionId: 'BTC-long-1', symbol: 'BTC' });
const eth = positionView({ positionId: 'ETH-short-7', symbol: 'ETH', side: 'short', size: 2, entryPrice: 3100, currentPrice: 3000 });

/** The dashboard with `positions` open on the exchange. */
function renderDashboard(route: string, positions = [btc, eth]) {
  server.use(
    http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost:3000/hook/abc' })),
    http.get('/api/positions', () => ok(positions)),
    http.get('/api/positions/sync', () => ok(positions)),
    http.get('/api/balance', () => fail(400, 'No API keys configured')),
    http.get('/api/webhook-logs', () => ok([])),
  );
  return renderDashboardPage({ route, where: true });
}

/** The Positions tab's button. The tab is a lazily loaded chunk, whose first load in a busy test run can outlast Testing Library's 1 s. */
const closeAllButton = () => screen.findByRole('button', { name: 'Close all positions…' }, { timeout: 5_000 });
const dialog = () => screen.getByRole('dialog', { name: 'Close all positions' });
/** Opens the dialog: its code loads at the first opening. */
async function openCloseAll(user: { click(element: Element): Promise<void> }) {
  await user.click(await closeAllButton());
  await screen.findByRole('dialog', { name: 'Close all positions' });
}
const confirmButton = () => within(dialog()).getByRole('button', { name: 'Close all positions' });
const typed = () => within(dialog()).getByLabelText('Type CLOSE ALL to confirm');

describe('close all positions, with a typed confirmation (issue 29, point 4)', () => {
  it('issue 29, point 4: given open positions, when the trader taps "Close all positions…" on the Positions tab, then a dialog whose button stays off until CLOSE ALL is typed exactly', async () => {
    const { sent } = tradingNetwork();
    const { user } = renderDashboard('/dashboard?tab=positions');
    await openCloseAll(user);
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(dialog()).toHaveAccessibleDescription(/reduce-only market order to close each one, even while trading is paused/);
    expect(typed()).toHaveFocus();
    expect(confirmButton()).toBeDisabled();
    for (const almost of ['close all', 'CLOSE AL', 'CLOSE  ALL', ' CLOSE ALL', 'CLOSE ALL.']) {
      await user.clear(typed());
      await user.type(typed(), almost);
      expect(confirmButton(), almost).toBeDisabled();
    }
    await user.keyboard('{Enter}');
    expect(sent).toEqual([]);
    await user.clear(typed());
    await user.type(typed(), 'CLOSE ALL');
    expect(confirmButton()).toBeEnabled();
  });

  it('issue 29, point 4: given CLOSE ALL typed, when confirmed, then {"confirm":"CLOSE ALL"} is posted and the coins being closed are shown, with the way to their log rows', async () => {
    const { sent } = tradingNetwork({
      closeAll: () =>
        ok({
          closing: [
            { coin: 'BTC', webhookLogId: 'sig-btc' },
            { coin: 'ETH', webhookLogId: 'sig-eth' },
          ],
        }),
    });
    const { user } = renderDashboard('/dashboard?tab=positions');
    await openCloseAll(user);
    await user.type(typed(), 'CLOSE ALL');
    await user.click(confirmButton());
    expect(await within(dialog()).findByRole('status')).toHaveTextContent('Closing BTC, ETH — each has its own row in Webhook Logs.');
    expect(sent).toEqual([{ path: '/api/positions/close-all', body: { confirm: 'CLOSE ALL' } }]);
    expect(within(dialog()).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.click(within(dialog()).getByRole('button', { name: 'View Webhook Logs' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?tab=logs'));
  });

  it("issue 29, point 4: given the header's switch, then Close all positions is two taps away from any tab", async () => {
    tradingNetwork();
    const { user } = renderDashboard('/dashboard?tab=settings');
    await user.click(within(document.querySelector<HTMLElement>('header.dash-header') as HTMLElement).getByRole('button', { name: 'Pause trading' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close all positions…' }));
    expect(typed()).toHaveFocus();
    expect(confirmButton()).toBeDisabled();
  });

  it('issue 29, point 4: given nothing open when the closes are asked for, then the dialog says so', async () => {
    tradingNetwork({ closeAll: () => ok({ closing: [] }) });
    const { user } = renderDashboard('/dashboard?tab=positions');
    await openCloseAll(user);
    await user.type(typed(), 'CLOSE ALL');
    await user.click(confirmButton());
    expect(await within(dialog()).findByRole('status')).toHaveTextContent('No open positions to close.');
    expect(within(dialog()).queryByRole('button', { name: 'View Webhook Logs' })).toBeNull();
  });

  it('issue 29, point 4: given no open positions, then the Positions tab offers no Close all positions', async () => {
    tradingNetwork();
    renderDashboard('/dashboard?tab=positions', []);
    expect(await screen.findByText(/No open positions|No positions/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close all positions…' })).toBeNull();
  });

  it.each([
    ['400 without keys', () => fail(400, 'No API keys configured'), 'No API keys configured'],
    [
      '400 without the words',
      () => fail(400, 'Type "CLOSE ALL" to confirm closing every open position.', { code: 'CONFIRMATION_REQUIRED' }),
      'Type "CLOSE ALL" to confirm closing every open position.',
    ],
    [
      '429 with Retry-After',
      () =>
        HttpResponse.json(
          { success: false, error: 'This server is using its Hyperliquid request budget; try again in 12 s.', code: 'budgetExhausted', retryAfterSeconds: 12 },
          { status: 429, headers: { 'retry-after': '12' } },
        ),
      'This server is using its Hyperliquid request budget; try again in 12 s.',
    ],
    ['502 without a message', () => new HttpResponse('bad gateway', { status: 502 }), 'Failed to close positions'],
  ])('issue 29, point 4: given the api answers %s, then its message is shown in the dialog, which stays open to try again', async (_what, answer, message) => {
    tradingNetwork({ closeAll: answer });
    const { user } = renderDashboard('/dashboard?tab=positions');
    await openCloseAll(user);
    await user.type(typed(), 'CLOSE ALL');
    await user.click(confirmButton());
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent(`Unable to close positions. ${message}`);
    expect(confirmButton()).toBeEnabled();
    expect(typed()).toHaveFocus();
  });
});
