import { WEBHOOK_LOGS_COLLECTION, type BalanceView, type PositionView, type ProtectiveOrderView } from '@hyperhook/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { balanceView } from '../../entities/balance/balance.fixtures';
import { useSelectedStrategyStore } from '../../entities/strategies/selectedStrategyStore';
import { logView, positionView, strategyView } from '../../test/fixtures';
import { receiveLive } from '../../test/live';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok, server } from '../../test/server';
import { paperStrategy } from '../../test/strategies';
import PositionsTab from './PositionsTab';

const liveEth = positionView({ positionId: 'ETH-short-7', symbol: 'ETH', side: 'short', venue: 'live' });
const paperBtc = positionView({ positionId: 'BTC-long-1', symbol: 'BTC', side: 'long', size: 0.004, entryPrice: 97_000, currentPrice: 97_100, venue: 'paper' });

/**
 * The real account holds ETH, the paper one `paper()`: each read is counted by account, so a test
 * sees which account the tab asked for, and how often.
 */
function accounts(
  paper: () => PositionView[] = () => [paperBtc],
  paperBalance: Partial<BalanceView> = {},
  paperOrders: () => ProtectiveOrderView[] = () => [],
) {
  const calls = { livePositions: 0, paperPositions: 0, liveBalance: 0, paperBalance: 0, sync: 0, paperOrders: 0 };
  server.use(
    http.get('/api/orders/open', ({ request }) => {
      if (new URL(request.url).searchParams.get('strategyId') !== 'st_paper') return ok([]);
      calls.paperOrders += 1;
      return ok(paperOrders());
    }),
    http.get('/api/strategies', () => ok([strategyView(), paperStrategy()])),
    http.get('/api/positions', ({ request }) => {
      const id = new URL(request.url).searchParams.get('strategyId');
      if (id === null) calls.livePositions += 1;
      else calls.paperPositions += 1;
      return ok(id === 'st_paper' ? paper() : [liveEth]);
    }),
    http.get('/api/positions/sync', () => {
      calls.sync += 1;
      return ok([liveEth]);
    }),
    http.get('/api/balance', ({ request }) => {
      if (new URL(request.url).searchParams.get('strategyId') === 'st_paper') {
        calls.paperBalance += 1;
        return ok(balanceView({ totalEquity: 10_250, availableBalance: 9_900, marginUsed: 350, venue: 'paper', ...paperBalance }));
      }
      calls.liveBalance += 1;
      return fail(400, 'No API keys configured');
    }),
  );
  return calls;
}

const stat = (label: string) =>
  within(screen.getByRole('group', { name: 'Paper balance' }))
    .getByText(label)
    .closest('.stat') as HTMLElement;

describe('POSITIONS tab of a paper strategy (issue 30, point 4)', () => {
  it('issue 30, point 4: given a paper strategy on screen, then its paper positions with the Paper badge and its paper balance, and nothing of the real account', async () => {
    const calls = accounts();
    useSelectedStrategyStore.setState({ selectedId: 'st_paper' });
    renderWithProviders(<PositionsTab actions={<button type="button">Close all positions</button>} />);
    expect(await screen.findByText('Paper account of “Paper BTC”')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('BTC')).toBeInTheDocument();
    expect(within(table).queryByText('ETH')).toBeNull();
    expect(within(table).getByText('Paper')).toHaveClass('badge--paper');
    await waitFor(() => expect(stat('Paper equity')).toHaveTextContent('$10,250.00'));
    expect(stat('Paper equity')).toHaveTextContent('Available $9,900.00');
    expect(stat('Started with')).toHaveTextContent('$10,000.00');
    expect(stat('Paper P&L')).toHaveTextContent('+$250.00');
    expect(screen.getByText(/Paper numbers: filled at Hyperliquid’s prices, no real money\./)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Paper positions summary' })).toBeInTheDocument();
    // The live account's buttons act on the live account: not offered here.
    expect(screen.queryByRole('button', { name: 'Sync with Hyperliquid' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close all positions' })).toBeNull();
    expect(calls).toMatchObject({ livePositions: 0, liveBalance: 0, sync: 0 });
    expect(screen.queryByText(/^Liquidated/)).toBeNull();
  });

  it('given a paper position the paper venue liquidated below its maintenance margin, then the paper account says so above its balance', async () => {
    accounts(() => [], {
      totalEquity: 9_240,
      lastLiquidation: { coin: 'ETH', side: 'long', size: 0.5714, price: 3_388, realizedPnl: -60.5, at: '2026-11-28T13:20:00.000Z' },
    });
    useSelectedStrategyStore.setState({ selectedId: 'st_paper' });
    renderWithProviders(<PositionsTab />);
    const notice = await screen.findByText(/^Liquidated/);
    expect(notice).toHaveTextContent('the ETH long of 0.5714 was closed at $3,388 when the account fell below its maintenance margin (realised −$60.50).');
    expect(await screen.findByText('No open positions')).toBeInTheDocument();
  });

  it('issue 41, point 3: given a paper position with a stop-loss and a take-profit on the paper account, then both are listed beneath it; without a stop, "No stop" says so', async () => {
    const trigger = (kind: ProtectiveOrderView['kind'], triggerPrice: number): ProtectiveOrderView => ({
      strategyId: 'st_paper',
      symbol: 'BTC',
      kind,
      triggerPrice,
      size: 0.004,
      side: 'sell',
      oid: kind === 'stopLoss' ? 11 : 12,
      cloid: `paper-${kind}`,
    });
    let orders = [trigger('stopLoss', 95_000), trigger('takeProfit', 105_000)];
    const calls = accounts(undefined, {}, () => orders);
    useSelectedStrategyStore.setState({ selectedId: 'st_paper' });
    const { queryClient } = renderWithProviders(<PositionsTab />);

    const list = await screen.findByRole('list', { name: 'Live protection of BTC' });
    expect(within(list).getByText('Stop-loss').closest('li')).toHaveTextContent('Stop-loss $95,000 for 0.004 BTC');
    expect(within(list).getByText('Take-profit').closest('li')).toHaveTextContent('Take-profit $105,000 for 0.004 BTC');
    expect(within(list).queryByText('No stop')).toBeNull();

    // The stop fired meanwhile: read again with the paper account as the strategy's alerts change.
    orders = [trigger('takeProfit', 105_000)];
    const versions = new Map<string, number>();
    const log = logView({ webhookLogId: 'log-paper', strategyId: 'st_paper', strategyName: 'Paper BTC', status: 'executed', venue: 'paper' });
    act(() => receiveLive(queryClient, { type: 'change', collection: WEBHOOK_LOGS_COLLECTION, id: log.webhookLogId, version: 1, doc: log }, versions));
    expect(await within(await screen.findByRole('list', { name: 'Live protection of BTC' })).findByText('No stop')).toBeInTheDocument();
    expect(calls.paperOrders).toBeGreaterThanOrEqual(2);
  });

  it('issue 41, point 3: given a paper limit resting with a grouped stop, then it is listed below the paper positions with what rides with it', async () => {
    accounts(() => []);
    server.use(
      http.get('/api/orders/paper', () =>
        ok([
          {
            symbol: 'ETH',
            side: 'buy',
            price: 3_400,
            size: 0.1,
            timeInForce: 'GTC',
            reduceOnly: false,
            oid: 15,
            placedAt: '2026-11-28T13:20:00.000Z',
            stopLoss: 3_200,
            takeProfit: null,
          },
          {
            symbol: 'BTC',
            side: 'sell',
            price: 99_000,
            size: 0.002,
            timeInForce: 'ALO',
            reduceOnly: false,
            oid: 16,
            placedAt: '2026-11-28T13:21:00.000Z',
            stopLoss: null,
            takeProfit: null,
          },
        ]),
      ),
    );
    useSelectedStrategyStore.setState({ selectedId: 'st_paper' });
    renderWithProviders(<PositionsTab />);

    const list = await screen.findByRole('list', { name: 'Resting paper orders' });
    const [eth, btc] = within(list).getAllByRole('listitem');
    expect(eth).toHaveTextContent('Buy 0.1 ETH at $3,400 GTC, then stop-loss $3,200 once it fills');
    expect(btc).toHaveTextContent('Sell 0.002 BTC at $99,000 post-only');
    expect(screen.getByText('No open positions')).toBeInTheDocument();
  });

  it("issue 30, point 4: given a live strategy on screen, then the real account as before: sync on opening and the bar's actions", async () => {
    const calls = accounts();
    renderWithProviders(<PositionsTab actions={<button type="button">Close all positions</button>} />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('ETH')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync with Hyperliquid' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close all positions' })).toBeInTheDocument();
    expect(screen.queryByText(/Paper account of/)).toBeNull();
    await waitFor(() => expect(calls.sync).toBe(1));
    expect(calls.paperPositions).toBe(0);
  });

  it("issue 30, point 4: given the paper tab open, when the live socket changes a log of this strategy, then the paper account is read again; another strategy's log reads nothing", async () => {
    let held: PositionView[] = [];
    const calls = accounts(() => held);
    useSelectedStrategyStore.setState({ selectedId: 'st_paper' });
    const { queryClient } = renderWithProviders(<PositionsTab />);
    expect(await screen.findByText('No open positions')).toBeInTheDocument();
    await waitFor(() => expect(calls.paperBalance).toBe(1));
    const reads = { positions: calls.paperPositions, balance: calls.paperBalance };
    const versions = new Map<string, number>();
    const push = (log: ReturnType<typeof logView>, version: number) =>
      act(() => receiveLive(queryClient, { type: 'change', collection: WEBHOOK_LOGS_COLLECTION, id: log.webhookLogId, version, doc: log }, versions));

    push(logView({ webhookLogId: 'log-main', strategyId: 'main', status: 'executed' }), 1);
    expect(calls).toMatchObject({ paperPositions: reads.positions, paperBalance: reads.balance });

    held = [paperBtc];
    push(logView({ webhookLogId: 'log-paper', strategyId: 'st_paper', strategyName: 'Paper BTC', status: 'executed', venue: 'paper' }), 1);
    expect(await screen.findByRole('table')).toHaveTextContent('BTC');
    expect(calls.paperPositions).toBe(reads.positions + 1);
    await waitFor(() => expect(calls.paperBalance).toBe(reads.balance + 1));
  });
});
