import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import LogsTab from './LogsTab';
import { aLog, anExecutedLog, serveLogs } from './logs.fixtures';

const HOUR = 3_600_000;

const rowIds = () => [...(screen.queryByRole('table')?.querySelectorAll('tr.log-row') ?? [])].map((r) => r.id.replace(/^log-/, ''));
const signals = () =>
  (
    within(screen.getByRole('group', { name: 'Webhook summary' }))
      .getByText('Signals')
      .closest('.stat') as HTMLElement
  ).querySelector('.stat__value')?.textContent;
const pageText = () => screen.queryByRole('navigation', { name: 'Webhook log pages' })?.textContent ?? null;
const search = () => screen.getByRole('searchbox', { name: 'Search' });
const status = () => screen.getByRole('combobox', { name: 'Status' });
const timeframe = () => screen.getByRole('combobox', { name: 'Timeframe' });
const reset = () => screen.getByRole('button', { name: 'Reset Filters' });

const logs = () => [
  anExecutedLog('sig-btc', { agoMs: 10 * 60_000, payload: { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market', size: 100 } }),
  aLog('sig-eth', {
    agoMs: 2 * HOUR,
    status: 'failed',
    error: 'Insufficient margin on the exchange',
    payload: { symbol: 'ETHUSDT', coin: 'ETH', action: 'sell', orderType: 'limit', price: 3000 },
  }),
  aLog('sig-sol', {
    agoMs: 3 * HOUR,
    status: 'executing',
    payload: { symbol: 'SOLUSDT', coin: 'SOL', action: 'close', orderType: 'market', note: 'trail-exit' },
  }),
  anExecutedLog('sig-old', { agoMs: 2 * 24 * HOUR, payload: { symbol: 'BTCUSDT', coin: 'BTC', action: 'sell', orderType: 'market' } }),
  anExecutedLog('sig-ancient', { agoMs: 30 * 24 * HOUR }),
];

/** 45 logs within the hour, to start on a later page. */
const many = () =>
  Array.from({ length: 45 }, (_, i) => aLog(`sig-${String(i).padStart(2, '0')}`, { agoMs: (i + 1) * 60_000, status: i % 2 === 0 ? 'executed' : 'failed' }));

async function renderTab(list = logs()) {
  serveLogs(list);
  const rendered = renderWithProviders(<LogsTab />);
  await screen.findByRole('group', { name: 'Webhook summary' });
  return rendered;
}

describe('WEBHOOK LOGS tab: filters (spec §2, §4, §5)', () => {
  it("TAB-LOGS-15, TAB-LOGS-16, TAB-LOGS-17, TAB-LOGS-18, TAB-LOGS-19, TAB-LOGS-21: the placeholder; status options in §2's order (with issue 42's Awaiting approval among those in flight), All by default; timeframes, Last 24h by default; Reset Filters disabled", async () => {
    await renderTab();
    expect(search()).toHaveAttribute('placeholder', 'Search symbol, action, payload, or log id');
    expect(
      within(status())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Executed', 'Failed', 'Executing', 'Awaiting approval', 'Validating', 'Received']);
    expect(status()).toHaveDisplayValue('All');
    expect(
      within(timeframe())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Last 1h', 'Last 24h', 'Last 3d', 'Last 7d', 'All Time']);
    expect(timeframe()).toHaveDisplayValue('Last 24h');
    expect(reset()).toBeDisabled();
    expect(rowIds()).toEqual(['sig-btc', 'sig-eth', 'sig-sol']);
  });

  it('TAB-LOGS-15, VAL-22: the search matches symbol, action, order type, log id, error and payload text, in any case', async () => {
    const { user } = await renderTab();
    const find = async (text: string) => {
      await user.clear(search());
      await user.type(search(), text);
      return rowIds();
    };
    expect(await find('ethusdt')).toEqual(['sig-eth']);
    expect(await find('CLOSE')).toEqual(['sig-sol']);
    expect(await find('limit')).toEqual(['sig-eth']);
    expect(await find('SIG-BTC')).toEqual(['sig-btc']);
    expect(await find('margin')).toEqual(['sig-eth']);
    expect(await find('trail-exit')).toEqual(['sig-sol']);
    expect(await find('doge')).toEqual([]);
    expect(screen.getByText('No webhook logs match your filters')).toBeInTheDocument();
    expect(reset()).toBeEnabled();
  });

  it('TAB-LOGS-16: choosing a status keeps only logs with it', async () => {
    const { user } = await renderTab();
    await user.selectOptions(status(), 'Failed');
    expect(rowIds()).toEqual(['sig-eth']);
    await user.selectOptions(status(), 'Executing');
    expect(rowIds()).toEqual(['sig-sol']);
    await user.selectOptions(status(), 'Received');
    expect(rowIds()).toEqual([]);
    await user.selectOptions(status(), 'Awaiting approval');
    expect(rowIds()).toEqual([]);
    expect(reset()).toBeEnabled();
  });

  it('TAB-LOGS-18, TAB-LOGS-20, TAB-LOGS-13 decided: each timeframe keeps the logs received within it before now, and the cards follow it', async () => {
    const { user } = await renderTab();
    expect(signals()).toBe('3');
    await user.selectOptions(timeframe(), 'Last 1h');
    expect([rowIds(), signals()]).toEqual([['sig-btc'], '1']);
    await user.selectOptions(timeframe(), 'Last 3d');
    expect([rowIds(), signals()]).toEqual([['sig-btc', 'sig-eth', 'sig-sol', 'sig-old'], '4']);
    await user.selectOptions(timeframe(), 'Last 7d');
    expect(rowIds()).toEqual(['sig-btc', 'sig-eth', 'sig-sol', 'sig-old']);
    await user.selectOptions(timeframe(), 'All Time');
    expect([rowIds(), signals()]).toEqual([['sig-btc', 'sig-eth', 'sig-sol', 'sig-old', 'sig-ancient'], '5']);
  });

  it('TAB-LOGS-13 decided: the cards count the timeframe, not the status or the search', async () => {
    const { user } = await renderTab();
    await user.selectOptions(status(), 'Failed');
    await user.type(search(), 'eth');
    expect(rowIds()).toEqual(['sig-eth']);
    expect(signals()).toBe('3');
  });

  it('TAB-LOGS-21, TAB-LOGS-22: Reset Filters is enabled off the defaults and restores empty search, All, Last 24h and page 1', async () => {
    const { user } = await renderTab(many());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(timeframe(), 'Last 7d');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(search(), 'sig');
    expect(reset()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(pageText()).toContain('Page 2 of 3');
    await user.click(reset());
    expect(search()).toHaveValue('');
    expect(status()).toHaveDisplayValue('All');
    expect(timeframe()).toHaveDisplayValue('Last 24h');
    expect(pageText()).toContain('Page 1 of 3');
    expect(reset()).toBeDisabled();
  });

  it('STATE-23, TAB-LOGS-23 decided: changing the status, the search or the timeframe returns to page 1', async () => {
    const { user } = await renderTab(many());
    const toPage2 = async () => {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(pageText()).toContain('Page 2 of');
    };
    await toPage2();
    await user.selectOptions(timeframe(), 'Last 1h');
    expect(pageText()).toContain('Page 1 of 3');
    await toPage2();
    await user.type(search(), 's');
    expect(pageText()).toContain('Page 1 of 3');
    await toPage2();
    await user.selectOptions(status(), 'Executed');
    // 23 executed logs: two pages, back on the first.
    expect(pageText()).toContain('Page 1 of 2');
    expect(rowIds()[0]).toBe('sig-00');
  });

  it('given filters chosen, when the user visits another tab and comes back, then they are kept (client state)', async () => {
    const { user, unmount } = await renderTab();
    await user.selectOptions(status(), 'Failed');
    unmount();
    await renderTab();
    expect(status()).toHaveDisplayValue('Failed');
    expect(rowIds()).toEqual(['sig-eth']);
  });
});
