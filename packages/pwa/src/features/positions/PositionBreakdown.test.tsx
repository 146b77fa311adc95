import { POSITIONS_COLLECTION, type PositionBreakdown } from '@hyperhook/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSelectedStrategyStore } from '../../lib/strategies/selectedStrategyStore';
import { positionView, strategyView } from '../../test/fixtures';
import { receiveLive } from '../../test/live';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok, server } from '../../test/server';
import { usePositionsSyncStore } from './positionsSyncStore';
import { usePositionsViewStore } from './positionsViewStore';
import PositionsTab from './PositionsTab';

const trend = strategyView({ id: 'st_trend', name: 'Trend', first: false, createdAt: '2026-11-20T09:00:00.000Z' });
const btc = positionView({ positionId: 'BTC-long-1', symbol: 'BTC', size: 0.01 });
const eth = positionView({ positionId: 'ETH-short-1', symbol: 'ETH', side: 'short', size: 0.5, currentPrice: 3000, updatedAt: '2026-11-24T11:00:00.000Z' });
/** BTC: Trend long 0.006, Main short 0.002, 0.006 outside hyperhook. ETH: Main's alone. */
const split: PositionBreakdown[] = [
  { symbol: 'BTC', strategies: [{ strategyId: 'st_trend', size: 0.006 }, { strategyId: 'main', size: -0.002 }], outside: 0.006 },
  { symbol: 'ETH', strategies: [{ strategyId: 'main', size: -0.5 }], outside: 0 },
];

/** The account holds BTC and ETH; the breakdown answers `breakdown()`, counting its reads. */
function network(breakdown: () => PositionBreakdown[] = () => split) {
  const reads = { breakdown: 0 };
  server.use(
    http.get('/api/strategies', () => ok([strategyView(), trend])),
    http.get('/api/positions', () => ok([btc, eth])),
    http.get('/api/positions/sync', () => ok([btc, eth])),
    http.get('/api/positions/breakdown', () => {
      reads.breakdown += 1;
      return ok(breakdown());
    }),
    http.get('/api/balance', () => fail(400, 'No API keys configured')),
  );
  return reads;
}

const holders = (symbol: string) => within(screen.getByRole('list', { name: `Who holds ${symbol}` })).getAllByRole('listitem');

beforeEach(() => {
  usePositionsSyncStore.setState({ syncing: false, lastSync: null });
  usePositionsViewStore.setState({ view: 'account' });
});
afterEach(() => {
  useSelectedStrategyStore.setState({ selectedId: null });
});

describe('POSITIONS tab, whole account: who holds each coin (issue 39, point 6)', () => {
  it('issue 39.6: given BTC held by Trend, Main and outside hyperhook, when the account view opens, then beneath BTC a line per strategy by name and an "Outside hyperhook" line the help text explains', async () => {
    // given
    network();
    // when
    renderWithProviders(<PositionsTab />);
    // then
    await screen.findByRole('list', { name: 'Who holds BTC' });
    expect(holders('BTC').map((line) => line.textContent)).toEqual(['Main short 0.002', 'Trend long 0.006', 'Outside hyperhook long 0.006']);
    const outside = holders('BTC')[2];
    expect(outside).toHaveAccessibleDescription('Outside hyperhook: held before hyperhook or traded in Hyperliquid’s app; no strategy’s alerts act on it.');
    expect(holders('ETH').map((line) => line.textContent)).toEqual(['Main short 0.5']);
    // The help is said once, however many coins have an outside part.
    expect(screen.getAllByText(/^Outside hyperhook: held before hyperhook/)).toHaveLength(1);
  });

  it('issue 39.6: given no coin has a part outside hyperhook, then no outside line and no help text', async () => {
    // given
    network(() => [{ symbol: 'BTC', strategies: [{ strategyId: 'main', size: 0.01 }], outside: 0 }]);
    // when
    renderWithProviders(<PositionsTab />);
    // then
    await screen.findByRole('list', { name: 'Who holds BTC' });
    expect(holders('BTC').map((line) => line.textContent)).toEqual(['Main long 0.01']);
    expect(screen.queryByText(/Outside hyperhook/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Who holds ETH' })).toBeNull();
  });

  it('issue 39.6: given the breakdown cannot be read, then the account\'s positions show as before, without it', async () => {
    // given
    network();
    server.use(http.get('/api/positions/breakdown', () => fail(500, 'boom')));
    // when
    renderWithProviders(<PositionsTab />);
    // then
    expect(await screen.findByRole('table', { name: 'Open positions' })).toHaveTextContent('0.01 BTC');
    expect(screen.queryByRole('list', { name: /^Who holds/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('issue 39.6: given the account view open, when the live socket pushes the account\'s changed positions, then the breakdown is read again and shows the new shares', async () => {
    // given
    let answer = split;
    const reads = network(() => answer);
    const { queryClient } = renderWithProviders(<PositionsTab />);
    await screen.findByRole('list', { name: 'Who holds BTC' });
    const before = reads.breakdown;
    // when: Trend closed its BTC
    answer = [{ symbol: 'BTC', strategies: [{ strategyId: 'main', size: -0.002 }], outside: 0.006 }, split[1]!];
    act(() => receiveLive(queryClient, { type: 'change', collection: POSITIONS_COLLECTION, id: 'user-1', version: 2, doc: [{ ...btc, size: 0.004 }, eth] }));
    // then
    await waitFor(() => expect(holders('BTC').map((line) => line.textContent)).toEqual(['Main short 0.002', 'Outside hyperhook long 0.006']));
    expect(reads.breakdown).toBeGreaterThan(before);
  });
});
