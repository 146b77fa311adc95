import type { PositionView } from '@hyperhook/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/queryKeys';
import { emptyAnalytics, positionView } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { recordRequests } from '../../test/requestLog';
import { fail, ok, server } from '../../test/server';
import { useSessionStore } from '../../lib/auth/sessionStore';
import { formatClockTime } from '../../lib/format/time';
import { usePositionFiltersStore } from './positionFiltersStore';
import { usePositionsSyncStore } from './positionsSyncStore';
import { DEFAULT_POSITION_FILTERS } from './positionFilters';
import PositionsTab from './PositionsTab';

const btc = positionView({
  positionId: 'BTC-long-1',
  symbol: 'BTC',
  side: 'long',
  size: 0.01,
  entryPrice: 60_000,
  currentPrice: 61_000,
  unrealizedPnl: 10,
  realizedPnl: 0,
  leverage: 3,
  updatedAt: '2026-11-24T10:00:00.000Z',
});
const eth = positionView({
  positionId: 'ETH-short-7',
  symbol: 'ETH',
  side: 'short',
  size: 2,
  entryPrice: 3100,
  currentPrice: 3000,
  unrealizedPnl: -40,
  realizedPnl: -12.5,
  leverage: 5,
  updatedAt: '2026-11-24T12:00:00.000Z',
});
const sol = positionView({
  positionId: 'SOL-long-3',
  symbol: 'SOL',
  side: 'long',
  size: 20,
  entryPrice: 140,
  currentPrice: 150,
  unrealizedPnl: 55,
  realizedPnl: 7.25,
  leverage: 1,
  updatedAt: '2026-11-24T11:00:00.000Z',
});

/** Answers the positions read with `list` and the sync with `sync` (default: the same list), counting syncs. */
function network({ list = [btc, eth, sol], sync }: { list?: PositionView[]; sync?: () => Response | Promise<Response> } = {}) {
  const calls = { list: 0, sync: 0, balance: 0 };
  server.use(
    http.get('/api/positions', () => {
      calls.list += 1;
      return ok(list);
    }),
    http.get('/api/positions/sync', async () => {
      calls.sync += 1;
      return sync === undefined ? ok(list) : sync();
    }),
    http.get('/api/balance', () => {
      calls.balance += 1;
      return fail(400, 'No API keys configured');
    }),
  );
  return calls;
}

const rowSymbols = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('strong')?.textContent);

beforeEach(() => {
  usePositionsSyncStore.setState({ syncing: false, lastSync: null });
  usePositionFiltersStore.setState(DEFAULT_POSITION_FILTERS);
});

describe('POSITIONS tab: the exchange budget (issue 14, point 4)', () => {
  it('given the server used 12% of its minute, then the tab says "Exchange budget: 12% of the minute"', async () => {
    network();
    renderWithProviders(<PositionsTab />);
    expect(await screen.findByText(/^Exchange budget:/)).toHaveTextContent('Exchange budget: 12% of the minute');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('given 85% of the minute used, then the note warns that orders may queue', async () => {
    network();
    server.use(
      http.get('/api/exchange-budget', () =>
        ok({
          network: 'mainnet',
          usedWeight: 1020,
          budgetPerMinute: 1200,
          percentOfMinute: 85,
          waitsLastMinute: 0,
          rateLimited: 2,
          marketSocketLive: false,
          actionBudget: null,
        }),
      ),
    );
    renderWithProviders(<PositionsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Exchange budget: 85% of the minute — orders may queue until it frees up');
  });

  it('given the user used 9,200 of their 10,000 Hyperliquid actions, then they are warned', async () => {
    network();
    server.use(
      http.get('/api/exchange-budget', () =>
        ok({
          network: 'mainnet',
          usedWeight: 12,
          budgetPerMinute: 1200,
          percentOfMinute: 1,
          waitsLastMinute: 0,
          rateLimited: 0,
          marketSocketLive: true,
          actionBudget: { used: 9_200, cap: 10_000, percentUsed: 92 },
        }),
      ),
    );
    renderWithProviders(<PositionsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hyperliquid action limit: 9,200 of 10,000 requests used. Beyond it your orders are refused; each USDC traded adds one.',
    );
  });
});

describe('POSITIONS tab: sync (spec §2, §4)', () => {
  it('STATE-19, ERR-17, TAB-POS-05: given the tab opens, then a silent sync runs (no toast) and the note says so', async () => {
    const calls = network();
    renderWithProviders(<PositionsTab />);
    expect(screen.getByRole('heading', { level: 2, name: 'Positions' })).toBeInTheDocument();
    expect(screen.getByText('Auto-refreshes every time you open this tab')).toBeInTheDocument();
    await waitFor(() => expect(calls.sync).toBe(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sync with Hyperliquid' })).toBeEnabled());
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('ERR-17: given the silent sync fails, then it is only logged to the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    network({ sync: () => fail(502, 'Hyperliquid could not be read: timeout') });
    renderWithProviders(<PositionsTab />);
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Silent positions sync failed', expect.objectContaining({ message: 'Hyperliquid could not be read: timeout' })),
    );
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(screen.getByText(/^Last sync/)).toHaveTextContent('Last sync —');
    logged.mockRestore();
  });

  it('TAB-POS-01, TAB-POS-02, STATE-17, STATE-20, ERR-15, TAB-POS-03, API-15: given the button, when pressed, then "Syncing..." while it runs, the synced list, the toast and "Last sync <time>"', async () => {
    let release: () => void = () => undefined;
    let held = false;
    const calls = network({
      sync: async () => {
        if (held) await new Promise<void>((resolve) => (release = resolve));
        return ok([btc]);
      },
    });
    const { user } = renderWithProviders(<PositionsTab />);
    await waitFor(() => expect(calls.sync).toBe(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sync with Hyperliquid' })).toBeEnabled());
    held = true;
    await user.click(screen.getByRole('button', { name: 'Sync with Hyperliquid' }));
    const busy = await screen.findByRole('button', { name: 'Syncing...' });
    expect(busy).toBeDisabled();
    act(() => release());
    expect(await screen.findByText('Positions synced')).toBeInTheDocument();
    expect(screen.getByText('Latest balances pulled from Hyperliquid.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync with Hyperliquid' })).toBeEnabled();
    expect(rowSymbols()).toEqual(['BTC']);
    const at = usePositionsSyncStore.getState().lastSync?.at;
    expect(screen.getByText(/^Last sync/)).toHaveTextContent(`Last sync ${formatClockTime(at)}`);
    expect(calls.sync).toBe(2);
  });

  it('after a successful sync, the balance is read again', async () => {
    const calls = network();
    const { queryClient } = renderWithProviders(<PositionsTab />);
    queryClient.setQueryData(queryKeys.balance, {
      availableBalance: 1,
      totalEquity: 1,
      marginUsed: 0,
      totalNotional: 0,
      withdrawable: null,
      spotUsdc: null,
      updatedAt: '2026-11-24T10:00:00.000Z',
    });
    await waitFor(() => expect(calls.sync).toBe(1));
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.balance)?.isInvalidated).toBe(true));
  });

  it('ERR-16, TAB-POS-04: given a failed button sync, then "Unable to sync positions" with the message, and the last sync time is kept', async () => {
    let failing = false;
    network({ sync: () => (failing ? fail(400, 'No API keys configured') : ok([btc])) });
    const { user } = renderWithProviders(<PositionsTab />);
    await waitFor(() => expect(usePositionsSyncStore.getState().lastSync).not.toBeNull());
    const before = screen.getByText(/^Last sync/).textContent;
    expect(before).not.toBe('Last sync —');
    failing = true;
    await user.click(await screen.findByRole('button', { name: 'Sync with Hyperliquid' }));
    expect(await screen.findByText('Unable to sync positions')).toBeInTheDocument();
    expect(screen.getByText('No API keys configured')).toBeInTheDocument();
    expect(screen.getByText(/^Last sync/).textContent).toBe(before);
  });

  it('ERR-16: given a failed button sync without a message, then "Failed to sync positions"', async () => {
    let failing = false;
    network({ sync: () => (failing ? Response.error() : ok([btc])) });
    const { user } = renderWithProviders(<PositionsTab />);
    await waitFor(() => expect(usePositionsSyncStore.getState().lastSync).not.toBeNull());
    failing = true;
    await user.click(await screen.findByRole('button', { name: 'Sync with Hyperliquid' }));
    expect(await screen.findByText('Unable to sync positions')).toBeInTheDocument();
    expect(screen.getByText('Failed to sync positions')).toBeInTheDocument();
  });

  it('TAB-POS-04: before any sync, "Last sync —"', async () => {
    network({
      sync: async () => {
        await delay('infinite');
        return ok([]);
      },
    });
    renderWithProviders(<PositionsTab />);
    expect(screen.getByText(/^Last sync/)).toHaveTextContent('Last sync —');
  });

  it('STATE-18: given a sync running (the silent one), when the button or another opening asks again, then no second sync is sent', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const calls = network({
      // The first sync is held until released; later ones answer at once.
      sync: async () => {
        if (first) {
          first = false;
          await held;
        }
        return ok([btc]);
      },
    });
    const { user, queryClient } = renderWithProviders(<PositionsTab />);
    const busy = await screen.findByRole('button', { name: 'Syncing...' });
    await user.click(busy);
    // The tab opened a second time (e.g. another mount) while the first sync still runs.
    renderWithProviders(<PositionsTab />, { queryClient });
    act(() => release());
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Sync with Hyperliquid' })[0]).toBeEnabled());
    // A sync asked for now bounds the wait: one of the asks above would have been sent before it,
    // so this one would not be the second.
    await user.click(screen.getAllByRole('button', { name: 'Sync with Hyperliquid' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByText('Positions synced').length).toBeGreaterThan(0));
    expect(calls.sync).toBe(2);
  });
});

describe('POSITIONS tab: cards (spec §2, §9)', () => {
  it('TAB-POS-07..TAB-POS-10, TAB-POS-12, TAB-POS-13, CONST-19..CONST-22: given positions, then the cards over all of them', async () => {
    network();
    renderWithProviders(<PositionsTab />);
    const cards = await screen.findByRole('group', { name: 'Positions summary' });
    const card = (label: string) => within(cards).getByText(label).closest('.stat') as HTMLElement;
    expect(card('Open Positions')).toHaveTextContent('3');
    // 0.01 × 61,000 + 2 × 3,000 + 20 × 150
    expect(card('Gross Notional (USD)')).toHaveTextContent('$9,610.00');
    const net = card('Net Unrealized P&L');
    expect(net).toHaveTextContent('+$25.00');
    expect(net.querySelector('[data-direction]')).toHaveAttribute('data-direction', 'up');
    // (3 + 5 + 1) / 3; no trade closed yet, so no win rate, though two of three positions are up.
    expect(card('Avg Leverage')).toHaveTextContent('3x');
    expect(card('Avg Leverage')).toHaveTextContent('Win rate —');
  });

  it("issue 43: given closed trades of the account, then the win rate under Avg Leverage is theirs, not the open positions' share in profit", async () => {
    network();
    const asked: string[] = [];
    server.use(
      http.get('/api/analytics', ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok({ ...emptyAnalytics, summary: { ...emptyAnalytics.summary, trades: 4, wins: 1, losses: 3, winRate: 0.25 } });
      }),
    );
    renderWithProviders(<PositionsTab />);
    const cards = await screen.findByRole('group', { name: 'Positions summary' });
    const card = within(cards).getByText('Avg Leverage').closest('.stat') as HTMLElement;
    await waitFor(() => expect(card).toHaveTextContent('Win rate 25% of 4 closed'));
    // The whole live account's trades: every strategy's.
    expect(asked).toContain('?venue=live');
  });

  it('TAB-POS-10: given a net loss, then the card is red', async () => {
    network({ list: [eth] });
    renderWithProviders(<PositionsTab />);
    const cards = await screen.findByRole('group', { name: 'Positions summary' });
    const net = within(cards).getByText('Net Unrealized P&L').closest('.stat') as HTMLElement;
    expect(net).toHaveTextContent('−$40.00');
    expect(net.querySelector('[data-direction]')).toHaveAttribute('data-direction', 'down');
  });

  it('TAB-POS-11, TAB-POS-13, TAB-POS-27, TAB-POS-29: given no positions, then 0, $0.00, "$0.00" green, "—" and the empty state', async () => {
    network({ list: [] });
    renderWithProviders(<PositionsTab />);
    const cards = await screen.findByRole('group', { name: 'Positions summary' });
    const card = (label: string) => within(cards).getByText(label).closest('.stat') as HTMLElement;
    expect(card('Open Positions')).toHaveTextContent('0');
    expect(card('Gross Notional (USD)')).toHaveTextContent('$0.00');
    const net = card('Net Unrealized P&L').querySelector('.stat__value') as HTMLElement;
    expect(net.textContent).toBe('$0.00');
    expect(net.querySelector('.pnl--up')).not.toBeNull();
    expect(card('Avg Leverage')).toHaveTextContent('—');
    expect(card('Avg Leverage')).toHaveTextContent('Win rate —');
    expect(screen.getByText('No open positions')).toBeInTheDocument();
    expect(screen.getByText('Positions will appear here after your webhooks execute.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('POSITIONS tab: table and filters (spec §2, §5)', () => {
  it("TAB-POS-21..TAB-POS-26, API-14, ENT-13: given positions, then the columns in order and each cell's values", async () => {
    network({ list: [eth] });
    renderWithProviders(<PositionsTab />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Symbol', 'Notional (USD)', 'Entry', 'Mark', 'Leverage', 'Unrealized P&L', 'Realized P&L', 'Updated']);
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Symbol',
      'Notional (USD)',
      'Entry',
      'Mark',
      'Leverage',
      'Unrealized P&L',
      'Realized P&L',
      'Updated',
    ]);
    const [symbol, notional, entry, mark, leverage, unrealized, realized, updated] = cells as HTMLElement[];
    expect(symbol).toHaveTextContent('ETH');
    expect(within(symbol as HTMLElement).getByText('SHORT')).toHaveClass('badge--red');
    expect(symbol?.querySelector('time')).toHaveAttribute('dateTime', eth.createdAt);
    expect(symbol).toHaveTextContent('Opened');
    expect(notional).toHaveTextContent('$6,000.00');
    expect(notional).toHaveTextContent('2 ETH');
    expect(entry).toHaveTextContent('$3,100');
    expect(mark).toHaveTextContent('$3,000');
    expect(leverage).toHaveTextContent('5x');
    expect(unrealized).toHaveTextContent('−$40.00');
    expect(unrealized?.querySelector('[data-direction]')).toHaveAttribute('data-direction', 'down');
    expect(realized).toHaveTextContent('−$12.50');
    expect(realized?.querySelector('[data-direction]')).toHaveAttribute('data-direction', 'down');
    expect(updated?.querySelector('time')).toHaveAttribute('dateTime', eth.updatedAt);
  });

  it('TAB-POS-22, TAB-POS-25, TAB-POS-26: a long reads LONG in green; a realized gain (and 0) is signed and green', async () => {
    network({ list: [sol, btc] });
    renderWithProviders(<PositionsTab />);
    const table = await screen.findByRole('table');
    const [solRow, btcRow] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(solRow as HTMLElement).getByText('LONG')).toHaveClass('badge--green');
    const realized = (row: HTMLElement) => within(row).getAllByRole('cell')[6] as HTMLElement;
    expect(realized(solRow as HTMLElement)).toHaveTextContent('+$7.25');
    expect(realized(solRow as HTMLElement).querySelector('[data-direction]')).toHaveAttribute('data-direction', 'up');
    expect(realized(btcRow as HTMLElement)).toHaveTextContent('+$0.00');
    expect(realized(btcRow as HTMLElement).querySelector('[data-direction]')).toHaveAttribute('data-direction', 'up');
  });

  it('TAB-POS-14, TAB-POS-15, TAB-POS-16, TAB-POS-17, TAB-POS-18, TAB-POS-19, TAB-POS-20, TAB-POS-28, TAB-POS-29, VAL-23, VAL-24: search, side, sort and Reset Filters', async () => {
    network();
    const { user } = renderWithProviders(<PositionsTab />);
    await screen.findByRole('table');
    const reset = screen.getByRole('button', { name: 'Reset Filters' });
    const side = screen.getByLabelText('Side');
    const sort = screen.getByLabelText('Sort by');
    // defaults: All Sides, Latest Update (updatedAt newest first); nothing to reset
    expect(side).toHaveDisplayValue('All Sides');
    expect(sort).toHaveDisplayValue('Latest Update');
    expect(
      within(side)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Sides', 'Long Only', 'Short Only']);
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Latest Update', 'Highest P&L', 'Largest Size']);
    expect(rowSymbols()).toEqual(['ETH', 'SOL', 'BTC']);
    expect(reset).toBeDisabled();

    // (by the option: user-event compares labels with innerHTML, where & reads &amp;)
    await user.selectOptions(sort, within(sort).getByRole('option', { name: 'Highest P&L' }));
    expect(rowSymbols()).toEqual(['SOL', 'BTC', 'ETH']);
    expect(reset).toBeEnabled();
    await user.selectOptions(sort, 'Largest Size');
    expect(rowSymbols()).toEqual(['ETH', 'SOL', 'BTC']);

    await user.selectOptions(side, 'Long Only');
    expect(rowSymbols()).toEqual(['SOL', 'BTC']);
    await user.selectOptions(side, 'Short Only');
    expect(rowSymbols()).toEqual(['ETH']);
    await user.selectOptions(side, 'All Sides');

    const search = screen.getByPlaceholderText('Search symbol or position id');
    await user.type(search, 'sol');
    expect(rowSymbols()).toEqual(['SOL']);
    await user.clear(search);
    await user.type(search, 'SHORT-7');
    expect(rowSymbols()).toEqual(['ETH']);
    await user.type(search, 'x');
    expect(screen.getByText('No positions match your filters')).toBeInTheDocument();
    expect(screen.getByText('Positions will appear here after your webhooks execute.')).toBeInTheDocument();
    // the cards still cover all positions
    expect(
      within(screen.getByRole('group', { name: 'Positions summary' }))
        .getByText('Open Positions')
        .closest('.stat'),
    ).toHaveTextContent('3');

    await user.click(reset);
    expect(search).toHaveValue('');
    expect(side).toHaveDisplayValue('All Sides');
    expect(sort).toHaveDisplayValue('Latest Update');
    expect(rowSymbols()).toEqual(['ETH', 'SOL', 'BTC']);
    expect(reset).toBeDisabled();
  });

  it('TAB-POS-06, API-29: given a live update of the positions, then the table follows it', async () => {
    network({ list: [btc] });
    const { queryClient } = renderWithProviders(<PositionsTab />);
    await screen.findByRole('table');
    await waitFor(() => expect(usePositionsSyncStore.getState().lastSync).not.toBeNull());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    act(() => queryClient.setQueryData(queryKeys.positions, [btc, eth]));
    await waitFor(() => expect(rowSymbols()).toEqual(['ETH', 'BTC']));
  });
});

describe('POSITIONS tab: states (spec §2)', () => {
  it('TAB-POS-31: given the list loading, then "Loading..."; given it fails, then "Failed to load positions: <message>"', async () => {
    server.use(
      http.get('/api/positions', async () => {
        await delay(100);
        return fail(500, 'Read model unavailable');
      }),
      http.get('/api/positions/sync', async () => {
        await delay('infinite');
        return ok([]);
      }),
    );
    renderWithProviders(<PositionsTab />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load positions: Read model unavailable');
  });

  it('TAB-POS-30: given a signed-out visitor, then "Please sign in to view positions." and no call', async () => {
    const calls = network();
    const sent = recordRequests();
    const { queryClient, unmount } = renderWithProviders(<PositionsTab />, { signedIn: false });
    expect(screen.getByText('Please sign in to view positions.')).toBeInTheDocument();
    // Mounting (effects included) started nothing: no positions query exists and no sync runs.
    expect(queryClient.getQueryCache().find({ queryKey: queryKeys.positions })).toBeUndefined();
    expect(usePositionsSyncStore.getState().syncing).toBe(false);
    expect(calls).toEqual({ list: 0, sync: 0, balance: 0 });
    // A signed-in visit afterwards bounds the wait: a call of the signed-out one carries no token
    // and reaches the network before the signed-in calls.
    unmount();
    renderWithProviders(<PositionsTab />, { queryClient });
    await screen.findByRole('table');
    await waitFor(() => expect(usePositionsSyncStore.getState().lastSync).not.toBeNull());
    const token = useSessionStore.getState().session?.token;
    const calledByTab = sent.filter((request) => /^\/api\/(positions|balance)/.test(request.path));
    expect(calledByTab.map((request) => request.path)).toEqual(expect.arrayContaining(['/api/positions', '/api/positions/sync']));
    expect(calledByTab.filter((request) => request.authorization !== `Bearer ${token}`)).toEqual([]);
  });
});
