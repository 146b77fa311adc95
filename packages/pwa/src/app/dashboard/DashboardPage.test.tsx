import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderDashboardPage } from '../../test/renderDashboardPage';
import { ok, server } from '../../test/server';

function renderDashboard(route = '/dashboard') {
  server.use(http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost:3000/hook/abc' })));
  return renderDashboardPage({ route, where: true });
}

/**
 * The dashboard's header: the one holding the home link. jsdom counts every `<header>` as a banner,
 * the tab panels' own section heads too, once their code has loaded.
 */
const dashboardHeader = (): HTMLElement => {
  const header = screen.getByRole('link', { name: 'hyperhook home' }).closest('header');
  if (header === null) throw new Error('the home link is outside a header');
  return header;
};

describe('dashboard (spec §2)', () => {
  it("DASH-01, DASH-02, DASH-03, DASH-04, DASH-05: the header shows the product mark (decided: the hook mark and the name hyperhook), the tagline, the user's email and a Logout button", async () => {
    renderDashboard();
    const header = dashboardHeader();
    expect(within(header).getByRole('link', { name: 'hyperhook home' })).toBeInTheDocument();
    expect(within(header).getByText('Webhook orchestration for Hyperliquid')).toBeInTheDocument();
    expect(within(header).getByText('trader@example.com')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('DASH-07, DASH-08: exactly five tabs in order, WEBHOOK selected by default', async () => {
    renderDashboard();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['WEBHOOK', 'API KEYS', 'WEBHOOK LOGS', 'POSITIONS', 'SETTINGS']);
    expect(screen.getByRole('tab', { name: 'WEBHOOK' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'panel-webhook');
  });

  it.each(['webhook', 'keys', 'logs', 'positions', 'settings'])(
    'issue 31, point 1: given the %s tab, then the History is one tap away, in the header, beside the five tabs',
    async (tab) => {
      const { user } = renderDashboard(`/dashboard?tab=${tab}`);
      const history = within(dashboardHeader()).getByRole('link', { name: 'History' });
      expect(history).toHaveAttribute('href', '/history');
      await user.click(history);
      expect(screen.queryByTestId('where')).toBeNull();
    },
  );

  it('given a tab in the URL (a reload, a notification), then that tab opens; choosing a tab puts it in the URL', async () => {
    const { user } = renderDashboard('/dashboard?tab=settings');
    expect(screen.getByRole('tab', { name: 'SETTINGS' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'POSITIONS' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard?tab=positions'));
    await user.click(screen.getByRole('tab', { name: 'WEBHOOK' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/));
  });

  it('the tabs follow the ARIA pattern: arrow keys, Home and End move between them', async () => {
    const { user } = renderDashboard();
    // Router navigations render in a transition: wait for the selection rather than reading it at once.
    const selected = (name: string) => waitFor(() => expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true'));
    await user.click(screen.getByRole('tab', { name: 'WEBHOOK' }));
    await user.keyboard('{ArrowRight}');
    await selected('API KEYS');
    expect(screen.getByRole('tab', { name: 'API KEYS' })).toHaveFocus();
    await user.keyboard('{End}');
    await selected('SETTINGS');
    await user.keyboard('{ArrowRight}');
    await selected('WEBHOOK');
    await user.keyboard('{ArrowLeft}');
    await selected('SETTINGS');
    await user.keyboard('{Home}');
    await selected('WEBHOOK');
  });
});
