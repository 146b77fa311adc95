import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatSince } from '../../lib/format/time';
import { renderDashboardPage } from '../../test/renderDashboardPage';
import { fail, ok, server } from '../../test/server';
import { TABS } from './tabs';
import { pausedToday, RUNNING, tradingNetwork } from '../../features/trading/trading.fixtures';

function renderDashboard(route = '/dashboard') {
  server.use(http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost:3000/hook/abc' })));
  return renderDashboardPage({ route });
}

const banner = () => screen.queryByText(/^All trading paused since/)?.closest('.trading-banner') ?? null;
/** The dashboard's header (by its class: the tabs' cards have <header>s too, which Testing Library also counts as banners). */
const header = () => document.querySelector<HTMLElement>('header.dash-header') as HTMLElement;
const headerSwitch = (name: RegExp | string) => within(header()).getByRole('button', { name });

describe('the kill switch in the dashboard (issue 29, point 4)', () => {
  it('issue 29, point 4: given all trading paused at 14:03, when the dashboard opens, then a banner under the header says since when, that alerts are logged, not traded, and offers Resume trading', async () => {
    const paused = pausedToday();
    tradingNetwork({ state: paused });
    renderDashboard();
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(banner()).toHaveTextContent(`All trading paused since ${formatSince(paused.pausedSince)} — alerts are logged, not traded.`);
    expect(formatSince(paused.pausedSince)).toMatch(/\b(14:03|2:03\s?PM)\b/);
    expect(within(banner() as HTMLElement).getByRole('button', { name: 'Resume trading' })).toBeEnabled();
    expect(headerSwitch('Trading paused')).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it.each(TABS.map((tab) => [tab.label, tab.id] as const))(
    'issue 29, point 4: given all trading paused, when the %s tab is open, then the paused banner is shown on it too',
    async (_label, id) => {
      tradingNetwork({ state: pausedToday() });
      renderDashboard(id === 'webhook' ? '/dashboard' : `/dashboard?tab=${id}`);
      await waitFor(() => expect(banner()).not.toBeNull());
      expect(screen.getByRole('tab', { selected: true })).toHaveAttribute('id', `tab-${id}`);
    },
  );

  it('issue 29, point 4: given trading runs, then no banner and the header offers "Pause trading"', async () => {
    tradingNetwork({ state: RUNNING });
    renderDashboard();
    await waitFor(() => expect(headerSwitch('Pause trading')).toBeInTheDocument());
    expect(banner()).toBeNull();
  });

  it('issue 29, point 4: given trading runs, when the trader taps "Pause trading" in the header, then a confirm step; the second tap posts pause-all, and the banner shows', async () => {
    const { sent } = tradingNetwork({ state: RUNNING });
    const { user } = renderDashboard();
    await user.click(headerSwitch('Pause trading'));
    const dialog = await screen.findByRole('dialog', { name: 'Pause all trading?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Every new alert is still logged but not traded until you resume.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Pause all trading' }));
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(sent).toEqual([{ path: '/api/trading/pause-all', body: undefined }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(headerSwitch('Trading paused')).toHaveFocus();
    expect(await screen.findByText('All trading paused')).toBeInTheDocument();
  });

  it('issue 29, point 4: given the confirm step, when the trader cancels or presses Escape, then nothing is posted and focus returns to the header button', async () => {
    const { sent } = tradingNetwork({ state: RUNNING });
    const { user } = renderDashboard();
    await user.click(headerSwitch('Pause trading'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(headerSwitch('Pause trading'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(headerSwitch('Pause trading')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('issue 29, point 4: given all trading paused, when the trader taps Resume trading in the banner, then resume-all is posted and the banner goes', async () => {
    const { sent } = tradingNetwork({ state: pausedToday() });
    const { user } = renderDashboard('/dashboard?tab=logs');
    await waitFor(() => expect(banner()).not.toBeNull());
    await user.click(within(banner() as HTMLElement).getByRole('button', { name: 'Resume trading' }));
    await waitFor(() => expect(banner()).toBeNull());
    expect(sent).toEqual([{ path: '/api/trading/resume-all', body: undefined }]);
    expect(headerSwitch('Pause trading')).toBeInTheDocument();
    expect(await screen.findByText('Trading resumed')).toBeInTheDocument();
  });

  it('issue 29, point 4: given all trading paused, when the trader opens the header switch, then it says since when and resumes in the second tap', async () => {
    const paused = pausedToday();
    const { sent } = tradingNetwork({ state: paused });
    const { user } = renderDashboard();
    await user.click(await waitFor(() => headerSwitch('Trading paused')));
    const dialog = await screen.findByRole('dialog', { name: 'All trading is paused' });
    expect(dialog).toHaveTextContent(`Since ${formatSince(paused.pausedSince)}: alerts are logged, not traded.`);
    expect(within(dialog).getByRole('button', { name: 'Keep paused' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Resume trading' }));
    await waitFor(() => expect(banner()).toBeNull());
    expect(sent).toEqual([{ path: '/api/trading/resume-all', body: undefined }]);
  });

  it('issue 29, point 4: given the api refuses the pause, then its message in an error toast, and trading is not shown paused', async () => {
    tradingNetwork({ state: RUNNING, pause: () => fail(503, 'The event store is busy; try again.') });
    const { user } = renderDashboard();
    await user.click(headerSwitch('Pause trading'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pause all trading' }));
    expect(await screen.findByText('Unable to pause trading')).toBeInTheDocument();
    expect(screen.getByText('The event store is busy; try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Pause all trading?' })).toBeInTheDocument();
    expect(banner()).toBeNull();
  });
});
