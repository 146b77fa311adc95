import { POSITIONS_COLLECTION, type PositionView } from '@hyperhook/domain';
import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSelectedStrategyStore } from '../../lib/strategies/selectedStrategyStore';
import { positionView, strategyView } from '../../test/fixtures';
import { receiveLive } from '../../test/live';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok, server } from '../../test/server';
import { paperStrategy } from '../../test/strategies';
import { usePositionsSyncStore } from './positionsSyncStore';
import { usePositionsViewStore } from './positionsViewStore';
import PositionsTab from './PositionsTab';

const trend = strategyView({ id: 'st_trend', name: 'Trend', first: false, createdAt: '2026-11-20T09:00:00.000Z' });
/** The account nets Trend's long 0.006 BTC with what Main and the outside part hold: long 0.01 at the venue. */
const accountBtc = positionView({ positionId: 'BTC-long-1', symbol: 'BTC', size: 0.01, entryPrice: 60_000, currentPrice: 61_000, unrealizedPnl: 10 });
const trendBtc = positionView({ positionId: 'BTC-st_trend-1', symbol: 'BTC', size: 0.006, entryPrice: 59_000, currentPrice: 61_000, unrealizedPnl: 12, realizedPnl: 2.5 });

/** The api of issue 39: the account's positions without `strategyId`, a strategy's own with it; each read counted. */
function network({ strategies = [strategyView(), trend], own = () => [trendBtc] }: { strategies?: ReturnType<typeof strategyView>[]; own?: () => PositionView[] } = {}) {
  const reads = { account: 0, own: 0, asked: [] as string[] };
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
    http.get('/api/balance', () => fail(400, 'No API keys configured')),
  );
  return reads;
}

const cell = (label: string) => within(screen.getByRole('table')).getAllByRole('cell').find((c) => c.dataset.label === label);

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
});
