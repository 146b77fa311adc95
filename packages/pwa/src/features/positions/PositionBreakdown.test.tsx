import { POSITIONS_COLLECTION, type PositionBreakdown, type ProtectiveOrderView } from '@hyperhook/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSelectedStrategyStore } from '../../entities/strategies/selectedStrategyStore';
import { positionView, strategyView } from '../../test/fixtures';
import { receiveLive } from '../../test/live';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok, server } from '../../test/server';
import { protectiveOrder } from './protection.fixtures';
import { usePositionsSyncStore } from './positionsSyncStore';
import { usePositionsViewStore } from './positionsViewStore';
import PositionsTab from './PositionsTab';

const trend = strategyView({ id: 'st_trend', name: 'Trend', first: false, createdAt: '2026-11-20T09:00:00.000Z' });
const btc = positionView({ positionId: 'BTC-long-1', symbol: 'BTC', size: 0.01 });
const eth = positionView({ positionId: 'ETH-short-1', symbol: 'ETH', side: 'short', size: 0.5, currentPrice: 3000, updatedAt: '2026-11-24T11:00:00.000Z' });
/** BTC: Trend long 0.006, Main short 0.002, 0.006 outside hyperhook. ETH: Main's alone. */
const split: PositionBreakdown[] = [
  {
    symbol: 'BTC',
    strategies: [
      { strategyId: 'st_trend', size: 0.006 },
      { strategyId: 'main', size: -0.002 },
    ],
    outside: 0.006,
  },
  { symbol: 'ETH', strategies: [{ strategyId: 'main', size: -0.5 }], outside: 0 },
];

/** The account holds BTC and ETH; the breakdown answers `breakdown()`, counting its reads. */
function network(breakdown: () => PositionBreakdown[] = () => split, orders: () => ProtectiveOrderView[] = () => []) {
  const reads = { breakdown: 0, orders: [] as (string | null)[] };
  server.use(
    http.get('/api/strategies', () => ok([strategyView(), trend])),
    http.get('/api/positions', () => ok([btc, eth])),
    http.get('/api/positions/sync', () => ok([btc, eth])),
    http.get('/api/positions/breakdown', () => {
      reads.breakdown += 1;
      return ok(breakdown());
    }),
    http.get('/api/orders/open', ({ request }) => {
      reads.orders.push(new URL(request.url).searchParams.get('strategyId'));
      return ok(orders());
    }),
    http.get('/api/balance', () => fail(400, 'No API keys configured')),
  );
  return reads;
}

/** The lines beneath a coin (not the triggers listed within them). */
const holders = (symbol: string) => [...screen.getByRole('list', { name: `Who holds ${symbol}` }).querySelectorAll<HTMLElement>(':scope > li')];
/** Each line's holder and share: "Trend long 0.006". */
const shareTexts = (symbol: string) =>
  holders(symbol).map((line) => `${line.querySelector('.breakdown__name')?.textContent ?? ''} ${line.querySelector('.breakdown__size')?.textContent ?? ''}`);

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
    expect(shareTexts('BTC')).toEqual(['Main short 0.002', 'Trend long 0.006', 'Outside hyperhook long 0.006']);
    const outside = holders('BTC')[2];
    expect(outside).toHaveAccessibleDescription('Outside hyperhook: held before hyperhook or traded in Hyperliquid’s app; no strategy’s alerts act on it.');
    expect(shareTexts('ETH')).toEqual(['Main short 0.5']);
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
    expect(shareTexts('BTC')).toEqual(['Main long 0.01']);
    expect(screen.queryByText(/Outside hyperhook/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Who holds ETH' })).toBeNull();
  });

  it("issue 39.6: given the breakdown cannot be read, then the account's positions show as before, without it", async () => {
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

  it("issue 39.6: given the account view open, when the live socket pushes the account's changed positions, then the breakdown is read again and shows the new shares", async () => {
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
    await waitFor(() => expect(shareTexts('BTC')).toEqual(['Main short 0.002', 'Outside hyperhook long 0.006']));
    expect(reads.breakdown).toBeGreaterThan(before);
  });

  it('issue 39.6 (39.2): given Trend’s stop-loss and take-profit live in BTC and none for Main, when the account view opens, then Trend’s share lists both with their trigger price and size, and Main’s share warns “No stop”', async () => {
    // given
    const reads = network(
      () => split,
      () => [
        protectiveOrder({ strategyId: 'st_trend', symbol: 'BTC', kind: 'stopLoss', triggerPrice: 55_000, size: 0.006 }),
        protectiveOrder({ strategyId: 'st_trend', symbol: 'BTC', kind: 'takeProfit', triggerPrice: 70_000, size: 0.006 }),
      ],
    );
    // when
    renderWithProviders(<PositionsTab />);
    // then
    const trendTriggers = await screen.findByRole('list', { name: 'Trend’s protection of BTC' });
    expect(
      within(trendTriggers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Stop-loss $55,000 for 0.006', 'Take-profit $70,000 for 0.006']);
    const mainTriggers = screen.getByRole('list', { name: 'Main’s protection of BTC' });
    expect(within(mainTriggers).getByText('No stop')).toHaveClass('badge--yellow');
    // The outside part has no strategy to protect it: nothing is said of it.
    expect(holders('BTC')[2]).toHaveTextContent(/^Outside hyperhook long 0\.006$/);
    // Every strategy's triggers, in one read.
    expect(reads.orders).toContain(null);
  });

  it('issue 39.6: given the triggers cannot be read, then the shares show without them and nothing claims a position has no stop', async () => {
    // given
    network();
    server.use(http.get('/api/orders/open', () => fail(500, 'boom')));
    // when
    renderWithProviders(<PositionsTab />);
    // then
    await screen.findByRole('list', { name: 'Who holds BTC' });
    expect(shareTexts('BTC')).toEqual(['Main short 0.002', 'Trend long 0.006', 'Outside hyperhook long 0.006']);
    expect(screen.queryByText('No stop')).toBeNull();
  });
});
