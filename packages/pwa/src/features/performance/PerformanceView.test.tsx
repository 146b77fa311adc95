import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSelectedStrategyStore } from '../../entities/strategies/selectedStrategyStore';
import { emptyAnalytics, testSession } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok, server } from '../../test/server';
import { paperStrategy, twoStrategies } from '../../test/strategies';
import PerformanceView from './PerformanceView';
import { analyticsNetwork, winThenLoss } from './performance.fixtures';

// jsdom draws no canvas: the chart's own module stands in as its container; its data is tested in chartData.test.ts.
vi.mock('./EquityChart', () => ({ default: () => <div data-testid="equity-chart" /> }));

function Where() {
  return <p data-testid="where">{useLocation().search}</p>;
}

function renderPerformance(route = '/performance') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/performance"
        element={
          <>
            <PerformanceView />
            <Where />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

const card = (cards: HTMLElement, label: string) => within(cards).getByText(label).closest('.stat') as HTMLElement;
const tradeRows = () =>
  within(screen.getByRole('table', { name: 'Trades, the latest first' }))
    .getAllByRole('row')
    .slice(1);

afterEach(() => vi.unstubAllGlobals());

describe('the Performance view (issue 43, points 2 to 4)', () => {
  it('given a win and a loss of the strategy on screen, then its figures in cards, its equity curve described in words, and its trades', async () => {
    const asked = analyticsNetwork({ live: winThenLoss });
    renderPerformance();
    const cards = await screen.findByRole('group', { name: 'Performance summary of Main' });
    expect(card(cards, 'Net P&L')).toHaveTextContent('+$3.00');
    expect(card(cards, 'Win rate')).toHaveTextContent('50%1 won · 1 lost');
    expect(card(cards, 'Profit factor')).toHaveTextContent('2.20');
    expect(card(cards, 'Max drawdown')).toHaveTextContent('−$2.50');
    expect(card(cards, 'Trades')).toHaveTextContent('22 closed trades · slippage 3.2 bps · alert → fill 250 ms');
    expect(card(cards, 'Fees + funding')).toHaveTextContent('−$1.00');
    expect(card(cards, 'Expectancy')).toHaveTextContent('+$1.50');
    expect(card(cards, 'Average win / loss')).toHaveTextContent('+$5.50 / −$2.50');
    expect(await screen.findByTestId('equity-chart')).toBeInTheDocument();
    expect(screen.getByText(/^Equity curve of 2 closed trades: from \$0\.00 to \+\$3\.00, deepest drawdown \$2\.50\./)).toBeInTheDocument();
    // The latest closed first; each row with its side, prices, net P&L and duration.
    const [first, second] = tradeRows() as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent(/BTC.*SHORT.*\$103 → \$104.*−\$2\.50.*10 min/);
    expect(second).toHaveTextContent(/ETH.*LONG.*\$100 → \$103.*\+\$5\.50.*30 min/);
    expect(asked).toEqual(['?venue=live&strategyId=main']);
  });

  it('given the filters, when the trader picks lost trades, a side or a coin, then only those rows', async () => {
    analyticsNetwork({ live: winThenLoss });
    const { user } = renderPerformance();
    await screen.findByRole('table', { name: 'Trades, the latest first' });
    await user.selectOptions(screen.getByLabelText('Outcome'), 'lost');
    expect(tradeRows()).toHaveLength(1);
    expect(tradeRows()[0]).toHaveTextContent('BTC');
    await user.selectOptions(screen.getByLabelText('Outcome'), 'all');
    await user.selectOptions(screen.getByLabelText('Coin'), 'ETH');
    expect(tradeRows()).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Side'), 'short');
    expect(screen.getByRole('status')).toHaveTextContent('No trade matches these filters.');
  });

  it('given "Whole account" tapped, then every strategy’s live trades are asked for, and the choice is in the URL', async () => {
    const asked = analyticsNetwork({ live: winThenLoss });
    const { user } = renderPerformance();
    await screen.findByRole('group', { name: 'Performance summary of Main' });
    await user.click(screen.getByRole('button', { name: 'Whole account' }));
    expect(await screen.findByRole('group', { name: 'Performance summary of the whole account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Whole account' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('where')).toHaveTextContent('?scope=account');
    expect(asked).toContain('?venue=live');
  });

  it('issue 43, point 6: given no closed trade yet, then the empty state, and neither a chart nor a trade list', async () => {
    analyticsNetwork();
    renderPerformance();
    expect(await screen.findByText(/^No closed trades yet: the equity curve and these figures fill in/)).toBeInTheDocument();
    expect(card(screen.getByRole('group', { name: 'Performance summary of Main' }), 'Win rate')).toHaveTextContent('—');
    expect(screen.queryByTestId('equity-chart')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('given a paper strategy on screen, then its paper trades are asked for and said to be paper', async () => {
    server.use(http.get('/api/strategies', () => ok([...twoStrategies(), paperStrategy()])));
    useSelectedStrategyStore.setState({ selectedId: 'st_paper' });
    const asked = analyticsNetwork({ paper: winThenLoss });
    renderPerformance();
    expect(await screen.findByRole('group', { name: 'Performance summary of Paper BTC' })).toBeInTheDocument();
    expect(screen.getByText('Paper trades of this strategy’s current run.', { exact: false })).toBeInTheDocument();
    expect(asked).toContain('?venue=paper&strategyId=st_paper');
    expect(screen.queryByRole('table', { name: 'Paper and live figures of this strategy' })).toBeNull();
  });

  it('issue 43, point 5: given a live strategy with paper trades (promoted from paper), then its paper and live figures side by side', async () => {
    server.use(http.get('/api/strategies', () => ok(twoStrategies())));
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    const asked = analyticsNetwork({ live: emptyAnalytics, paper: winThenLoss });
    renderPerformance();
    const table = await screen.findByRole('table', { name: 'Paper and live figures of this strategy' });
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
    expect(row('Closed trades')).toHaveTextContent('Closed trades20');
    expect(row('Net P&L')).toHaveTextContent('+$3.00+$0.00');
    expect(row('Win rate')).toHaveTextContent('50%—');
    expect(asked).toEqual(expect.arrayContaining(['?venue=live&strategyId=st_eth', '?venue=paper&strategyId=st_eth']));
  });

  it('given a live strategy that never traded on paper, or the first strategy, then no paper column at all', async () => {
    server.use(http.get('/api/strategies', () => ok(twoStrategies())));
    useSelectedStrategyStore.setState({ selectedId: 'st_eth' });
    analyticsNetwork({ live: winThenLoss });
    renderPerformance();
    await screen.findByRole('table', { name: 'Trades, the latest first' });
    expect(screen.queryByRole('table', { name: 'Paper and live figures of this strategy' })).toBeNull();
  });

  it('given "Download CSV" tapped, then the trades CSV of the same query is fetched with the bearer token and handed to the browser', async () => {
    analyticsNetwork({ live: winThenLoss });
    const seen: string[] = [];
    server.use(
      http.get('/api/analytics/trades.csv', ({ request }) => {
        seen.push(`${new URL(request.url).search} ${request.headers.get('authorization')}`);
        return new HttpResponse('coin\nETH\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="hyperhook-trades-live-2026-12-01.csv"' },
        });
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:trades', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderPerformance();
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Downloaded hyperhook-trades-live-2026-12-01.csv.')).toHaveAttribute('role', 'status');
    expect(seen).toEqual([`?venue=live&strategyId=main Bearer ${testSession().token}`]);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('given the api refuses, then its message in an alert', async () => {
    server.use(http.get('/api/analytics', () => fail(500, 'Analytics are unavailable')));
    renderPerformance();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the performance: Analytics are unavailable');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading...' })).toBeNull());
  });
});
