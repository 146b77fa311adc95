import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_STRATEGY_STORAGE_KEY, useSelectedStrategyStore } from '../../entities/strategies/selectedStrategyStore';
import { strategyView } from '../../test/fixtures';
import { renderDashboardPage } from '../../test/renderDashboardPage';
import { ok, server } from '../../test/server';
import { strategiesNetwork, twoStrategies } from '../../test/strategies';
import { FIRST_STRATEGY_NOTE } from '../../features/strategies/StrategyRowActions';
import { TABS } from './tabs';

afterEach(() => vi.unstubAllGlobals());

/** A phone: the header's media query matches. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 759px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderDashboard(route = '/dashboard') {
  server.use(
    http.get('/api/auth/webhook-url', () => ok({ webhookUrl: 'http://localhost:3000/hook/main-secret' })),
    http.get('/api/webhook-logs', () => ok([])),
  );
  return renderDashboardPage({ route });
}

const header = () => document.querySelector<HTMLElement>('header.dash-header') as HTMLElement;
const switcher = () => within(header()).getByRole('button', { name: /^Strategy/ });
const manageDialog = () => screen.getByRole('dialog', { name: 'Manage strategies' });
const row = (name: string) => within(manageDialog()).getByRole('listitem', { name });
const strategyBanner = () => document.querySelector<HTMLElement>('.strategy-banner');

describe('the strategy switcher in the header (issue 29, point 6)', () => {
  it("issue 44, point 6: given the strategies not yet answered, then the header holds the switcher's place (no button yet); once they arrive, the switcher", async () => {
    strategiesNetwork();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/strategies', async () => {
        await answered;
        return ok(twoStrategies());
      }),
    );
    renderDashboard();
    const pending = await waitFor(() => {
      const place = header().querySelector('.strategy-switch__button--pending');
      expect(place).not.toBeNull();
      return place;
    });
    expect(pending?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(header()).queryByRole('button', { name: /^Strategy/ })).toBeNull();
    answer();
    await waitFor(() => expect(switcher()).toHaveTextContent('Main'));
    expect(header().querySelector('.strategy-switch__button--pending')).toBeNull();
  });

  it('issue 29, point 6: given two strategies on a wide screen, when the switcher is opened, then a menu of both with the current one checked, and Manage strategies…', async () => {
    strategiesNetwork();
    const { user } = renderDashboard();
    await waitFor(() => expect(switcher()).toHaveTextContent('Main'));
    expect(switcher()).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(switcher());
    const menu = screen.getByRole('menu', { name: 'Strategies' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => [item.textContent, item.getAttribute('aria-checked')]),
    ).toEqual([
      ['✓Main', 'true'],
      ['ETH scalper', 'false'],
    ]);
    expect(within(menu).getByRole('menuitemradio', { name: /Main/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: /ETH scalper/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Manage strategies…' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(switcher()).toHaveFocus();
  });

  it('issue 29, point 6: given the menu, when another strategy is chosen, then the header shows it, and the choice is remembered on this device', async () => {
    strategiesNetwork();
    const { user } = renderDashboard();
    await user.click(await waitFor(() => switcher()));
    await user.click(screen.getByRole('menuitemradio', { name: /ETH scalper/ }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(switcher()).toHaveTextContent('ETH scalper');
    expect(switcher()).toHaveFocus();
    expect(JSON.parse(localStorage.getItem(SELECTED_STRATEGY_STORAGE_KEY) ?? 'null')).toMatchObject({ state: { selectedId: 'st_eth' } });
  });

  it('issue 29, point 6: given a remembered strategy that was deleted, then the first strategy is shown', async () => {
    useSelectedStrategyStore.setState({ selectedId: 'st_deleted' });
    strategiesNetwork();
    renderDashboard();
    await waitFor(() => expect(switcher()).toHaveTextContent('Main'));
  });

  it('issue 29, point 6: given a phone, when the switcher is tapped, then a modal sheet lists the strategies with their paused badge; Escape closes it and focus returns to the switcher', async () => {
    onPhone();
    strategiesNetwork(twoStrategies({ paused: true, pausedSince: new Date().toISOString() }));
    const { user } = renderDashboard();
    await waitFor(() => expect(switcher()).toHaveAttribute('aria-haspopup', 'dialog'));
    await user.click(switcher());
    const sheet = screen.getByRole('dialog', { name: 'Switch strategy' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    const options = within(within(sheet).getByRole('list', { name: 'Strategies' })).getAllByRole('button');
    expect(options.map((o) => o.textContent)).toEqual(['✓Main', 'ETH scalperPaused']);
    expect(options[0]).toHaveAttribute('aria-current', 'true');
    expect(options[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(switcher()).toHaveFocus();
  });

  it('issue 29, point 6: given the phone sheet, when a strategy is chosen, then the sheet closes on it; "Manage strategies" opens the management dialog', async () => {
    onPhone();
    strategiesNetwork();
    const { user } = renderDashboard();
    await user.click(await waitFor(() => switcher()));
    await user.click(within(screen.getByRole('dialog', { name: 'Switch strategy' })).getByRole('button', { name: 'ETH scalper' }));
    expect(switcher()).toHaveTextContent('ETH scalper');
    await user.click(switcher());
    await user.click(screen.getByRole('button', { name: 'Manage strategies' }));
    expect(await screen.findByRole('dialog', { name: 'Manage strategies' })).toHaveAttribute('aria-modal', 'true');
    expect(within(manageDialog()).getByLabelText('New strategy')).toHaveFocus();
  });
});

describe('managing strategies (issue 29, point 6)', () => {
  async function openManage() {
    const view = renderDashboard();
    await view.user.click(await waitFor(() => switcher()));
    await view.user.click(screen.getByRole('menuitem', { name: 'Manage strategies…' }));
    await screen.findByRole('dialog', { name: 'Manage strategies' });
    return view;
  }

  it('issue 29, point 6: given a new name, when Create is pressed, then the strategy is posted, listed, and put on screen', async () => {
    const { sent } = strategiesNetwork();
    const { user } = await openManage();
    await user.type(within(manageDialog()).getByLabelText('New strategy'), 'BTC trend');
    await user.click(within(manageDialog()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(row('BTC trend')).toBeInTheDocument());
    expect(sent).toEqual([{ method: 'POST', path: '/api/strategies', body: { name: 'BTC trend' } }]);
    expect(switcher()).toHaveTextContent('BTC trend');
    expect(within(manageDialog()).getByLabelText('New strategy')).toHaveValue('');
    expect(await screen.findByText('Strategy “BTC trend” created')).toBeInTheDocument();
  });

  it("issue 29, point 6: given a name already taken or blank, then the api's message under the field, and nothing is added", async () => {
    strategiesNetwork();
    const { user } = await openManage();
    const field = within(manageDialog()).getByLabelText('New strategy');
    await user.type(field, 'eth scalper');
    await user.click(within(manageDialog()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/A strategy named "eth scalper" already exists\./));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(within(manageDialog()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Name is required\./));
    expect(within(manageDialog()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('issue 29, point 6: given a strategy, when renamed, then PATCH with the new name and the header follows; a taken name is explained in place', async () => {
    const { sent } = strategiesNetwork();
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const { user } = await openManage();
    await user.click(within(row('ETH scalper')).getByRole('button', { name: 'Rename ETH scalper' }));
    const name = within(row('ETH scalper')).getByLabelText('New name for “ETH scalper”');
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'Main{Enter}');
    await waitFor(() => expect(name).toHaveAccessibleDescription('A strategy named "Main" already exists.'));
    await user.clear(name);
    await user.type(name, 'ETH swing{Enter}');
    await waitFor(() => expect(row('ETH swing')).toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ method: 'PATCH', path: '/api/strategies/st_eth', body: { name: 'ETH swing' } });
    expect(switcher()).toHaveTextContent('ETH swing');
    expect(within(row('ETH swing')).getByRole('button', { name: 'Rename ETH swing' })).toHaveFocus();
  });

  it('issue 29, point 6: given a strategy, when deleted, then a confirmation first; "Keep it" keeps it, "Delete strategy" deletes it and the first strategy is shown', async () => {
    const { sent } = strategiesNetwork();
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const { user } = await openManage();
    await user.click(within(row('ETH scalper')).getByRole('button', { name: 'Delete ETH scalper' }));
    const question = within(row('ETH scalper')).getByRole('group', { name: 'Delete “ETH scalper”?' });
    expect(question).toHaveTextContent('Its webhook URL stops working at once');
    expect(within(question).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(sent).toEqual([]);
    expect(within(row('ETH scalper')).getByRole('button', { name: 'Delete ETH scalper' })).toHaveFocus();
    await user.click(within(row('ETH scalper')).getByRole('button', { name: 'Delete ETH scalper' }));
    await user.click(within(row('ETH scalper')).getByRole('button', { name: 'Delete strategy' }));
    await waitFor(() => expect(within(manageDialog()).queryByRole('listitem', { name: 'ETH scalper' })).toBeNull());
    expect(sent).toEqual([{ method: 'DELETE', path: '/api/strategies/st_eth', body: undefined }]);
    expect(switcher()).toHaveTextContent('Main');
  });

  it('issue 29, point 6: given the first strategy, then it has no Delete, and says why', async () => {
    strategiesNetwork();
    await openManage();
    expect(within(row('Main')).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(row('Main')).toHaveTextContent(FIRST_STRATEGY_NOTE);
  });

  it("issue 29, point 6: given a strategy, when its URL is regenerated, then a confirmation first, then the new URL is the strategy's", async () => {
    const { sent, state } = strategiesNetwork();
    const { user } = await openManage();
    await user.click(within(row('ETH scalper')).getByRole('button', { name: 'New URL for ETH scalper' }));
    await user.click(within(row('ETH scalper')).getByRole('button', { name: 'Regenerate URL' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', path: '/api/strategies/st_eth/regenerate-webhook-secret', body: undefined }]));
    expect(state.strategies[1]?.webhookUrl).toBe('http://localhost:3000/hook/st_eth-renewed');
  });

  it('issue 29, point 6: given 20 strategies, then Create is off and the field says why', async () => {
    strategiesNetwork([strategyView(), ...Array.from({ length: 19 }, (_, i) => strategyView({ id: `st_${i}`, name: `S${i}` }))]);
    await openManage();
    expect(within(manageDialog()).getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(within(manageDialog()).getByLabelText('New strategy')).toHaveAccessibleDescription(/You have 20 strategies, the most allowed/);
  });
});

describe('a paused strategy on every tab (issue 29, point 6)', () => {
  it('issue 29, point 6: given a strategy, when paused in Manage strategies, then its banner shows under the header and the switcher shows a paused dot', async () => {
    const { sent } = strategiesNetwork();
    const { user } = renderDashboard();
    await user.click(await waitFor(() => switcher()));
    await user.click(screen.getByRole('menuitem', { name: 'Manage strategies…' }));
    await user.click(within(row('Main')).getByRole('button', { name: 'Pause Main' }));
    await waitFor(() => expect(strategyBanner()).not.toBeNull());
    expect(sent).toEqual([{ method: 'POST', path: '/api/strategies/main/pause', body: undefined }]);
    expect(strategyBanner()).toHaveTextContent(/^Strategy “Main” paused since .+ — its alerts are logged, not traded\./);
    expect(switcher()).toHaveAccessibleName('Strategy Main , paused');
    expect(within(row('Main')).getByRole('button', { name: 'Resume Main' })).toBeInTheDocument();
  });

  it.each(TABS.map((tab) => [tab.label, tab.id] as const))(
    'issue 29, point 6: given the strategy on screen paused, when the %s tab is open, then its banner is there, with Resume strategy',
    async (_label, id) => {
      strategiesNetwork(twoStrategies({ paused: true, pausedSince: new Date().toISOString() }));
      useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
      renderDashboard(id === 'webhook' ? '/dashboard' : `/dashboard?tab=${id}`);
      await waitFor(() => expect(strategyBanner()).not.toBeNull());
      expect(within(strategyBanner() as HTMLElement).getByRole('button', { name: 'Resume strategy' })).toBeEnabled();
    },
  );

  it('issue 29, point 6: given the banner, when Resume strategy is tapped, then resume is posted and the banner goes; another paused strategy off screen shows no banner', async () => {
    const { sent } = strategiesNetwork(twoStrategies({ paused: true, pausedSince: new Date().toISOString() }));
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const { user } = renderDashboard();
    await user.click(await waitFor(() => within(strategyBanner() as HTMLElement).getByRole('button', { name: 'Resume strategy' })));
    await waitFor(() => expect(strategyBanner()).toBeNull());
    expect(sent).toEqual([{ method: 'POST', path: '/api/strategies/st_eth/resume', body: undefined }]);
    expect(await screen.findByText('ETH scalper resumed')).toBeInTheDocument();
  });
});
