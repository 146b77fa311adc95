import { POSITIONS_COLLECTION, type PositionView, type ProtectiveOrderView } from '@hyperhook/domain';
import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSelectedStrategyStore } from '../../entities/strategies/selectedStrategyStore';
import { positionView, strategyView } from '../../test/fixtures';
import { receiveLive } from '../../test/live';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok, server } from '../../test/server';
import { paperStrategy } from '../../test/strategies';
import { protectiveOrder } from './protection.fixtures';
import { usePositionsSyncStore } from './positionsSyncStore';
import { usePositionsViewStore } from './positionsViewStore';
import PositionsTab from './PositionsTab';

const trend = strategyView({ id: 'st_trend', name: 'Trend', first: false, createdAt: '2026-11-20T09:00:00.000Z' });
/** The account nets Trend's long 0.006 BTC with what Main and the outside part hold: long 0.01 at the venue. */
const accountBtc = positionView({ positionId: 'BTC-long-1', symbol: 'BTC', size: 0.01, entryPrice: 60_000, currentPrice: 61_000, unrealizedPnl: 10 });
const trendBtc = positionView({
  positionId: 'BTC-st_trend-1',
  symbol: 'BTC',
  size: 0.006,
  entryPrice: 59_000,
  currentPrice: 61_000,
  unrealizedPnl: 12,
  realizedPnl: 2.5,
});

/** The api of issue 39: the account's positions without `strategyId`, a strategy's own with it; each read counted. */
function network({
  strategies = [strategyView(), trend],
  own = () => [trendBtc],
  orders = () => [],
}: { strategies?: ReturnType<typeof strategyView>[]; own?: () => PositionView[]; orders?: () => ProtectiveOrderView[] } = {}) {
  const reads = { account: 0, own: 0, asked: [] as string[], orders: [] as (string | null)[] };
  server.use(
    http.get('/api/strategies', () => ok(strategies)),
    http.get('/api/positions', ({ request }) => {
      const id = new URL(request.url).searchParams.get('strategyId');
      if (id === null) reads.account += 1;
      else {
        reads.own += 1;
        reads.asked.push(id);
      }
      return ok(id === null ? [accountBtc] : own());
    }),
    http.get('/api/positions/sync', () => ok([accountBtc])),
    http.get('/api/orders/open', ({ request }) => {
      reads.orders.push(new URL(request.url).searchParams.get('strategyId'));
      return ok(orders());
    }),
    http.get('/api/balance', () => fail(400, 'No API keys configured')),
  );
  return reads;
}

const cell = (label: string) =>
  within(screen.getByRole('table'))
    .getAllByRole('cell')
    .find((c) => c.dataset.label === label);

beforeEach(() => {
  usePositionsSyncStore.setState({ syncing: false, lastSync: null });
  usePositionsViewStore.setState({ view: 'own' });
});
afterEach(() => {
  useSelectedStrategyStore.setState({ selectedId: null });
});

describe('POSITIONS tab: each strategy owns its position (issue 39, point 6)', () => {
  it('issue 39.6: given two live strategies and Trend on screen, when the tab opens, then it lists Trend’s own position (its size, its entry, its P&L), says so, and reads nothing of the account’s list', async () => {
    // given
    const reads = network();
    useSelectedStrategyStore.setState({ selectedId: 'st_trend' });
    // when
    renderWithProviders(<PositionsTab />);
    // then
    expect(await screen.findByText('Trend’s own positions')).toBeInTheDocument();
    expect(screen.getByText(/Its share of your Hyperliquid account/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Trend’s own positions' });
    expect(within(table).getByText('0.006 BTC')).toBeInTheDocument();
    expect(cell('Entry')).toHaveTextContent('$59,000');
    expect(cell('Unrealized P&L')).toHaveTextContent('+$12.00');
    expect(cell('Realized P&L')).toHaveTextContent('+$2.50');
    expect(screen.getByRole('group', { name: 'Trend’s own positions summary' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trend’s own' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Whole account' })).toHaveAttribute('aria-pressed', 'false');
    // Read on opening and again after the silent sync, and only ever Trend's.
    expect(reads.account).toBe(0);
    expect(new Set(reads.asked)).toEqual(new Set(['st_trend']));
  });

  it('issue 39.6: given Trend’s own positions on screen, when Whole account is pressed, then the account’s net position per coin, without the own-share note', async () => {
    // given
    const reads = network();
    useSelectedStrategyStore.setState({ selectedId: 'st_trend' });
    const { user } = renderWithProviders(<PositionsTab />);
    await screen.findByRole('table', { name: 'Trend’s own positions' });
    // when
    await user.click(screen.getByRole('button', { name: 'Whole account' }));
    // then
    const table = await screen.findByRole('table', { name: 'Open positions' });
    expect(within(table).getByText('0.01 BTC')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Whole account' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Trend’s own positions')).toBeNull();
    expect(reads.account).toBe(1);
  });

  it('issue 39.6: given one live strategy beside a paper one, then there is nothing to split: no switch, the account’s positions as before', async () => {
    // given
    const reads = network({ strategies: [strategyView(), paperStrategy()] });
    // when
    renderWithProviders(<PositionsTab />);
    // then
    expect(await screen.findByRole('table', { name: 'Open positions' })).toHaveTextContent('0.01 BTC');
    expect(screen.queryByRole('group', { name: 'Show positions' })).toBeNull();
    expect(screen.queryByText(/own positions/)).toBeNull();
    expect(reads.own).toBe(0);
  });

  it('issue 39.6: given Trend’s own positions on screen, when the live socket pushes the account’s changed positions, then Trend’s own are read again and shown', async () => {
    // given
    let held = [trendBtc];
    const reads = network({ own: () => held });
    useSelectedStrategyStore.setState({ selectedId: 'st_trend' });
    const { queryClient } = renderWithProviders(<PositionsTab />);
    await screen.findByRole('table', { name: 'Trend’s own positions' });
    const before = reads.own;
    // when: Trend added to its long, which the account's document carries
    held = [{ ...trendBtc, size: 0.009 }];
    act(() => receiveLive(queryClient, { type: 'change', collection: POSITIONS_COLLECTION, id: 'user-1', version: 2, doc: [{ ...accountBtc, size: 0.013 }] }));
    // then
    expect(await screen.findByText('0.009 BTC')).toBeInTheDocument();
    expect(reads.own).toBeGreaterThan(before);
  });

  it('issue 39.6 (39.2): given Trend’s stop-loss and take-profit live on its own BTC, when its own positions show, then beneath the position each trigger with its price and size, and no “No stop”', async () => {
    // given
    const reads = network({
      orders: () => [
        protectiveOrder({ kind: 'stopLoss', triggerPrice: 55_000, size: 0.006 }),
        protectiveOrder({ kind: 'takeProfit', triggerPrice: 70_000, size: 0.006, side: 'sell' }),
      ],
    });
    useSelectedStrategyStore.setState({ selectedId: 'st_trend' });
    // when
    renderWithProviders(<PositionsTab />);
    // then
    const protection = await screen.findByRole('list', { name: 'Live protection of BTC' });
    expect(
      within(protection)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Stop-loss $55,000 for 0.006 BTC', 'Take-profit $70,000 for 0.006 BTC']);
    expect(within(screen.getByRole('table', { name: 'Trend’s own positions' })).getByRole('list', { name: 'Live protection of BTC' })).toBe(protection);
    expect(screen.queryByText('No stop')).toBeNull();
    expect(new Set(reads.orders)).toEqual(new Set(['st_trend']));
  });

  it('issue 39.6: given Trend’s own BTC with only a take-profit live, then beneath it a “No stop” warning beside the take-profit', async () => {
    // given
    network({ orders: () => [protectiveOrder({ kind: 'takeProfit', triggerPrice: 70_000 })] });
    useSelectedStrategyStore.setState({ selectedId: 'st_trend' });
    // when
    renderWithProviders(<PositionsTab />);
    // then
    const protection = await screen.findByRole('list', { name: 'Live protection of BTC' });
    expect(within(protection).getByText('No stop')).toHaveClass('badge', 'badge--yellow');
    expect(
      within(protection)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['⚠ No stop', 'Take-profit $70,000 for 0.006 BTC']);
  });

  it('issue 39.6: given Trend’s own BTC and its triggers not read yet, then no protection is claimed either way until they are', async () => {
    // given
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    network();
    server.use(
      http.get('/api/orders/open', async () => {
        await held;
        return ok([]);
      }),
    );
    useSelectedStrategyStore.setState({ selectedId: 'st_trend' });
    // when
    renderWithProviders(<PositionsTab />);
    await screen.findByRole('table', { name: 'Trend’s own positions' });
    // then
    expect(screen.queryByRole('list', { name: 'Live protection of BTC' })).toBeNull();
    answer?.();
    expect(await screen.findByText('No stop')).toBeInTheDocument();
  });

  it('issue 39.6: given Trend’s own BTC with no stop, when the live socket pushes the account’s changed positions, then its triggers are read again and the new stop shows', async () => {
    // given
    let live: ProtectiveOrderView[] = [];
    const reads = network({ orders: () => live });
    useSelectedStrategyStore.setState({ selectedId: 'st_trend' });
    const { queryClient } = renderWithProviders(<PositionsTab />);
    await screen.findByText('No stop');
    const before = reads.orders.length;
    // when: Trend's alert added with a stop, placed after the fill
    live = [protectiveOrder({ kind: 'stopLoss', triggerPrice: 56_000, size: 0.009 })];
    act(() => receiveLive(queryClient, { type: 'change', collection: POSITIONS_COLLECTION, id: 'user-1', version: 2, doc: [{ ...accountBtc, size: 0.013 }] }));
    // then
    expect(await screen.findByText('$56,000')).toBeInTheDocument();
    expect(screen.queryByText('No stop')).toBeNull();
    expect(reads.orders.length).toBeGreaterThan(before);
  });
});
