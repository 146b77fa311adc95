import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Switch } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSelectedStrategyStore } from '../../entities/strategies/selectedStrategyStore';
import { emptyAnalytics, testSession } from '../../test/fixtures';
import { Where } from '../../test/Where';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok, server } from '../../test/server';
import { paperStrategy, twoStrategies } from '../../test/strategies';
import PerformanceView from './PerformanceView';
import { analyticsNetwork, backtestNetwork, comparedBacktest, winThenLoss } from './performance.fixtures';

// jsdom draws no canvas: the chart's own module stands in as its container; its data is tested in chartData.test.ts.
vi.mock('./EquityChart', () => ({ default: () => <div data-testid="equity-chart" /> }));
vi.mock('./BacktestChart', () => ({ default: () => <div data-testid="backtest-chart" /> }));

function renderPerformance(route = '/performance') {
  return renderWithProviders(
    <Switch>
      <Route path="/performance">
        <PerformanceView />
        <Where />
      </Route>
    </Switch>,
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
    expect(card(cards, 'Max drawdown')).toHaveTextContent('−$2.50Realised · with open P&L −\u2060$4.25');
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

  it('issue 43, point 2: given a List of trades uploaded with the chart’s time zone, then it is sent as CSV and the comparison shows the totals, both curves, and the missed, extra and matched trades', async () => {
    analyticsNetwork({ live: winThenLoss });
    const uploads = backtestNetwork(comparedBacktest);
    const { user } = renderPerformance();
    const card = within((await screen.findByRole('heading', { name: 'Backtest against live' })).closest('section') as HTMLElement);
    const csv = 'Trade #,Type,Signal,Date/Time,Price USD,Contracts,Profit USD\n1,Exit long,Close,2026-12-01 11:29,104,2,8\n';
    await user.upload(card.getByLabelText('List of trades (CSV)'), new File([csv], 'Trend_List_of_trades.csv', { type: 'text/csv' }));
    await user.clear(card.getByLabelText('Chart time zone'));
    await user.type(card.getByLabelText('Chart time zone'), 'Europe/Berlin');
    await user.click(card.getByRole('button', { name: 'Compare with live' }));

    const comparison = within(await card.findByRole('region', { name: 'Trend_List_of_trades.csv' }));
    expect(uploads).toEqual([{ search: '?timeZone=Europe%2FBerlin&fileName=Trend_List_of_trades.csv', type: 'text/csv', body: csv }]);
    const totals = comparison.getByRole('table', { name: 'The backtest’s totals beside live’s' });
    expect(within(totals).getByRole('rowheader', { name: 'P&L' }).closest('tr')).toHaveTextContent('P&L+$12.00+$3.00 net');
    expect(comparison.getByTestId('backtest-chart')).toBeInTheDocument();
    expect(comparison.getByText(/1 trade matched, 1 backtest trade missed live, 1 live trade not in the backtest/)).toBeInTheDocument();
    expect(comparison.getByRole('table', { name: 'Missed live: 1' })).toHaveTextContent(/#2 SHORT 2.*\+\$4\.00.*No alert arrived\./);
    expect(comparison.getByRole('table', { name: 'Not in the backtest: 1' })).toHaveTextContent(/BTC.*SHORT.*−\$2\.50/);
    expect(comparison.getByRole('table', { name: /^Matched: 1\./ })).toHaveTextContent(/#1 LONG.*ETH.*0\.0 bp.*\+96\.2 bp.*−\$2\.50.*4\.00 % → 2\.75 %/);
    expect(await card.findByRole('button', { name: /^Compare Trend_List_of_trades\.csv of .* again$/ })).toBeEnabled();
  });

  it('issue 43, point 2: given no file, or a time zone that is none, then each is explained under its field and nothing is sent', async () => {
    analyticsNetwork({ live: winThenLoss });
    const uploads = backtestNetwork(comparedBacktest);
    const { user } = renderPerformance();
    const card = within((await screen.findByRole('heading', { name: 'Backtest against live' })).closest('section') as HTMLElement);
    await user.clear(card.getByLabelText('Chart time zone'));
    await user.type(card.getByLabelText('Chart time zone'), 'Mars/Olympus');
    await user.click(card.getByRole('button', { name: 'Compare with live' }));

    expect(card.getByLabelText('List of trades (CSV)')).toHaveAccessibleDescription(/Choose the CSV file of the List of trades first\./);
    expect(card.getByLabelText('Chart time zone')).toHaveAccessibleDescription(/“Mars\/Olympus” is not a time zone/);
    expect(uploads).toEqual([]);
  });

  it('issue 43, point 2: given an export the api cannot read, then its words under the file field', async () => {
    analyticsNetwork({ live: winThenLoss });
    server.use(http.post('/api/strategies/:id/backtests', () => fail(400, 'This is not a TradingView List of trades: no "Trade #" column.')));
    const { user } = renderPerformance();
    const card = within((await screen.findByRole('heading', { name: 'Backtest against live' })).closest('section') as HTMLElement);
    await user.upload(card.getByLabelText('List of trades (CSV)'), new File(['a,b\n1,2\n'], 'other.csv', { type: 'text/csv' }));
    await user.click(card.getByRole('button', { name: 'Compare with live' }));

    expect(await card.findByText('This is not a TradingView List of trades: no "Trade #" column.')).toBeInTheDocument();
  });

  it('issue 43, point 2: given the whole account on screen, then no backtest card: a backtest is one strategy’s', async () => {
    analyticsNetwork({ live: winThenLoss });
    renderPerformance('/performance?scope=account');
    await screen.findByRole('group', { name: 'Performance summary of the whole account' });
    expect(screen.queryByRole('heading', { name: 'Backtest against live' })).toBeNull();
  });
});
