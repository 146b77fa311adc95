import type { SignalStatus } from '@hyperhook/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDateTime } from '../../lib/format/time';
import { renderWithProviders } from '../../test/renderWithProviders';
import LogsTab from './LogsTab';
import { aLog, anExecutedLog, serveLogs } from './logs.fixtures';

const row = (id: string) => screen.getByRole('table').querySelector(`#log-${id}`) as HTMLTableRowElement;
const cell = (id: string, label: string) => row(id).querySelector(`td[data-label="${label}"]`) as HTMLElement;
const rowIds = () => [...screen.getByRole('table').querySelectorAll('tr.log-row')].map((r) => r.id.replace(/^log-/, ''));

describe('WEBHOOK LOGS tab: the table (spec §2)', () => {
  it('TAB-LOGS-24, TAB-LOGS-25 decided: the columns, in order, and each cell named for phones (table--cards)', async () => {
    serveLogs([aLog('sig-1')]);
    renderWithProviders(<LogsTab />);
    const table = await screen.findByRole('table');
    expect(table).toHaveClass('table', 'table--cards');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Signal', 'Order', 'Size', 'Status', 'Latency', 'Received', 'Details']);
    expect([...row('sig-1').querySelectorAll('td')].map((td) => td.getAttribute('data-label'))).toEqual([
      'Signal',
      'Order',
      'Size',
      'Status',
      'Latency',
      'Received',
      'Details',
    ]);
  });

  it('TAB-LOGS-26..TAB-LOGS-33, TAB-LOGS-28 decided: symbol, a red SELL badge, the log id; the order type and "5x leverage"; the size with the price in dollars', async () => {
    serveLogs([aLog('sig-eth', { payload: { symbol: 'ETHUSDT', coin: 'ETH', action: 'sell', orderType: 'limit', size: 250, price: 3125.5, leverage: 5 } })]);
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    const signal = cell('sig-eth', 'Signal');
    expect(within(signal).getByText('ETHUSDT')).toBeInTheDocument();
    expect(within(signal).getByText('SELL')).toHaveClass('badge--red');
    expect(within(signal).getByText('sig-eth')).toBeInTheDocument();
    expect(cell('sig-eth', 'Order')).toHaveTextContent(/^LIMIT5x leverage$/);
    expect(cell('sig-eth', 'Size')).toHaveTextContent('$250.00');
    expect(cell('sig-eth', 'Size')).toHaveTextContent('$3,125.5');
  });

  it('TAB-LOGS-26, TAB-LOGS-27, TAB-LOGS-28 decided, TAB-LOGS-30, TAB-LOGS-31: BUY green, CLOSE neutral; no symbol "UNKNOWN", no or unknown action "N/A", no order type "MARKET", no leverage no text', async () => {
    serveLogs([
      aLog('sig-buy', { agoMs: 1_000, payload: { symbol: 'BTC', action: 'buy' } }),
      aLog('sig-close', { agoMs: 2_000, payload: { symbol: 'SOL', action: 'close', orderType: 'market' } }),
      aLog('sig-bare', { agoMs: 3_000, payload: {}, status: 'failed', error: 'Field "symbol" is required' }),
      aLog('sig-odd', { agoMs: 4_000, payload: { symbol: 'BTC', action: 'hodl' }, status: 'failed', error: 'Field "action" must be "buy", "sell" or "close"' }),
    ]);
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(within(cell('sig-buy', 'Signal')).getByText('BUY')).toHaveClass('badge--green');
    expect(within(cell('sig-close', 'Signal')).getByText('CLOSE')).toHaveClass('badge--grey');
    expect(cell('sig-bare', 'Signal')).toHaveTextContent(/^UNKNOWNN\/Asig-bare$/);
    expect(within(cell('sig-odd', 'Signal')).getByText('N/A')).toHaveClass('badge--grey');
    expect(cell('sig-bare', 'Order').textContent).toBe('MARKET');
    expect(cell('sig-bare', 'Size').textContent).toBe('—');
    expect(cell('sig-buy', 'Size').textContent).toBe('—');
  });

  it('issue 29, point 6: given an executed market order whose alert named no size, when its fill size is known, then SIZE shows the filled size in the coin; an alert\'s own size still shows as sent; a resting order keeps "—"', async () => {
    serveLogs([
      anExecutedLog('sig-filled', { agoMs: 1_000, payload: { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market' } }),
      anExecutedLog('sig-close', {
        agoMs: 2_000,
        payload: { symbol: 'ETH', coin: 'ETH', action: 'close', orderType: 'market' },
        fill: { status: 'filled', avgPx: 3_000, totalSz: 2.5, oid: 78 },
      }),
      anExecutedLog('sig-sized', { agoMs: 3_000, payload: { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market', size: 100 } }),
      anExecutedLog('sig-resting', {
        agoMs: 4_000,
        payload: { symbol: 'SOL', coin: 'SOL', action: 'buy', orderType: 'limit', price: 140 },
        fill: { status: 'resting', oid: 79 },
      }),
    ]);
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(cell('sig-filled', 'Size').textContent).toBe('0.0015 BTC');
    expect(cell('sig-close', 'Size').textContent).toBe('2.5 ETH');
    expect(cell('sig-sized', 'Size').textContent).toBe('$100.00');
    expect(cell('sig-resting', 'Size')).toHaveTextContent(/^—Price \$140$/);
  });

  it('TAB-LOGS-34, STATE-03: every status in its colour: executed green, failed red, executing blue, validating yellow, received grey; awaiting approval (issue 42) yellow', async () => {
    const statuses: SignalStatus[] = ['executed', 'failed', 'executing', 'validating', 'received', 'awaiting_approval'];
    serveLogs(statuses.map((status, i) => aLog(`sig-${status}`, { status, agoMs: (i + 1) * 1_000 })));
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    const badges = statuses.map((status) => cell(`sig-${status}`, 'Status').querySelector('.badge') as HTMLElement);
    expect(badges.map((b) => [b.textContent, b.className])).toEqual([
      ['Executed', 'badge badge--green'],
      ['Failed', 'badge badge--red'],
      ['Executing', 'badge badge--blue'],
      ['Validating', 'badge badge--yellow'],
      ['Received', 'badge badge--grey'],
      ['Awaiting approval', 'badge badge--yellow'],
    ]);
  });

  it('issue 42, point 1: given an entry a guard held back, then its row says Guard beside Failed with the numbers, and the Success Rate card counts it apart', async () => {
    // given
    const why = 'An entry in ETH 2 min ago; this strategy waits 15 min between entries in a coin (the next from 10:13 UTC).';
    serveLogs([
      aLog('sig-guarded', { status: 'failed', error: why, guard: 'GUARD_COOLDOWN' }),
      aLog('sig-failed', { status: 'failed', error: 'No API keys configured', agoMs: 2_000 }),
    ]);
    // when
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    // then
    expect([...cell('sig-guarded', 'Status').querySelectorAll('.badge')].map((b) => b.textContent)).toEqual(['Failed', 'Guard']);
    expect(cell('sig-guarded', 'Status').querySelector('.log-reason')?.textContent).toBe(why);
    expect([...cell('sig-failed', 'Status').querySelectorAll('.badge')].map((b) => b.textContent)).toEqual(['Failed']);
    expect(screen.getByText('2 failed · 1 held back by guards')).toBeTruthy();
  });

  it('TAB-LOGS-34: given a failed log, then why it failed reads under its badge (whole on hover); an executed one carries no reason', async () => {
    // given
    const why = 'Unknown coin NOPECOIN: Hyperliquid lists no such perpetual';
    serveLogs([aLog('sig-failed', { status: 'failed', error: why }), anExecutedLog('sig-done', { agoMs: 2_000 })]);
    // when
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    // then
    const reason = cell('sig-failed', 'Status').querySelector('.log-reason') as HTMLElement;
    expect([reason.textContent, reason.title]).toEqual([why, why]);
    expect(cell('sig-done', 'Status').querySelector('.log-reason')).toBeNull();
  });

  it('TAB-LOGS-35, CONST-03..CONST-06: latency under 1000 ms in ms (at least 1), from 1000 ms in seconds with two decimals, none as "—"', async () => {
    serveLogs([
      anExecutedLog('fast', { latencyMs: 420, agoMs: 1_000 }),
      anExecutedLog('tiny', { latencyMs: 0.4, agoMs: 2_000 }),
      anExecutedLog('slow', { latencyMs: 1_234, agoMs: 3_000 }),
      aLog('failed', { status: 'failed', error: 'Insufficient margin', agoMs: 4_000 }),
    ]);
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(['fast', 'tiny', 'slow', 'failed'].map((id) => cell(id, 'Latency').textContent)).toEqual(['420 ms', '1 ms', '1.23 s', '—']);
  });

  it('TAB-LOGS-36, CONST-24 decided: the received time reads relative, with the absolute time on hover', async () => {
    const log = aLog('sig-1', { agoMs: 2 * 60_000 });
    serveLogs([log]);
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    const time = cell('sig-1', 'Received').querySelector('time') as HTMLElement;
    expect(time).toHaveTextContent(/2 min/);
    expect(time).toHaveAttribute('title', formatDateTime(log.createdAt));
    expect(time).toHaveAttribute('dateTime', log.createdAt);
  });

  it('TAB-LOGS-44: given no log matches, then "No webhook logs match your filters" and the hint, no table', async () => {
    serveLogs([]);
    renderWithProviders(<LogsTab />);
    expect(await screen.findByText('No webhook logs match your filters')).toBeInTheDocument();
    expect(screen.getByText('Try clearing the search query or expanding the timeframe window.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('0 / 200 recent signals')).toBeInTheDocument();
  });
});

describe('WEBHOOK LOGS tab: pagination (spec §2, §9)', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => aLog(`sig-${String(i).padStart(2, '0')}`, { agoMs: (i + 1) * 60_000 }));

  it('TAB-LOGS-41, TAB-LOGS-42: given 45 logs, then 20 a page, Previous and Next, and "Page X of Y"', async () => {
    serveLogs(many(45));
    const { user } = renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    const pages = screen.getByRole('navigation', { name: 'Webhook log pages' });
    expect(rowIds()).toHaveLength(20);
    expect(rowIds()[0]).toBe('sig-00');
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(rowIds()).toEqual(
      many(45)
        .slice(20, 40)
        .map((l) => l.webhookLogId),
    );
    expect(pages).toHaveTextContent('Page 2 of 3');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(rowIds()).toEqual(['sig-40', 'sig-41', 'sig-42', 'sig-43', 'sig-44']);
    expect(pages).toHaveTextContent('Page 3 of 3');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(pages).toHaveTextContent('Page 2 of 3');
    expect(rowIds()[0]).toBe('sig-20');
  });

  it('TAB-LOGS-43: given 20 logs (one page), then no pagination', async () => {
    serveLogs(many(20));
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(rowIds()).toHaveLength(20);
    expect(screen.queryByRole('navigation', { name: 'Webhook log pages' })).toBeNull();
    expect(screen.queryByText(/^Page \d+ of \d+$/)).toBeNull();
  });
});

describe('WEBHOOK LOGS tab: paper alerts (issue 30, point 4)', () => {
  it('issue 30, point 4: given an alert traded on paper and one live, then only the paper one carries the Paper badge, beside its action', async () => {
    serveLogs([
      aLog('sig-paper', { status: 'executed', venue: 'paper', strategyId: 'st_paper', strategyName: 'Paper BTC' }),
      aLog('sig-live', { status: 'executed', venue: 'live', agoMs: 120_000 }),
    ]);
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(within(cell('sig-paper', 'Signal')).getByText('Paper')).toHaveClass('badge--paper');
    expect(within(cell('sig-live', 'Signal')).queryByText('Paper')).toBeNull();
  });
});

describe('WEBHOOK LOGS tab: entries held for approval (issue 42, point 1)', () => {
  const at = (ms: number) => new Date(ms).toISOString();
  const NOW = Date.now();
  const approval = { heldAt: at(NOW - 60_000), expiresAt: at(NOW + 240_000), coin: 'BTC', side: 'buy' as const, size: '0.0033', price: '60010' };
  const reason = (id: string) => cell(id, 'Status').querySelector('.log-reason');

  it('issue 42: given an entry waiting for approval, then its row says Awaiting approval, what waits and until when; its chip counts it and filters to it', async () => {
    serveLogs([aLog('sig-held', { status: 'awaiting_approval', approval, agoMs: 60_000 }), anExecutedLog('sig-done', { agoMs: 120_000 })]);
    const { user } = renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(within(cell('sig-held', 'Status')).getByText('Awaiting approval')).toHaveClass('badge--yellow');
    expect(reason('sig-held')?.textContent).toBe(`Until ${formatClockTime(approval.expiresAt)}: BUY 0.0033 BTC at $60,010`);
    expect(reason('sig-held')).toHaveAttribute('title', `Until ${formatDateTime(approval.expiresAt)}`);
    await user.click(screen.getByRole('button', { name: 'Awaiting approval 1' }));
    expect(rowIds()).toEqual(['sig-held']);
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Awaiting approval');
  });

  it('issue 42: given entries approved in the app and from a notification, then each row says where and when it was approved, as it goes on and once executed', async () => {
    serveLogs([
      aLog('sig-app', { status: 'validating', approval: { ...approval, approvedAt: at(NOW - 30_000), via: 'app' }, agoMs: 60_000 }),
      anExecutedLog('sig-push', { approval: { ...approval, approvedAt: at(NOW - 20_000), via: 'push' }, agoMs: 70_000 }),
    ]);
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(reason('sig-app')?.textContent).toBe(`Approved in the app at ${formatClockTime(at(NOW - 30_000))}`);
    expect(reason('sig-push')?.textContent).toBe(`Approved from a notification at ${formatClockTime(at(NOW - 20_000))}`);
  });

  it('issue 42: given one expired and one rejected, then each fails with its error text under the badge, as any failed row does, and no Guard badge', async () => {
    const expired = 'Not approved within 5 min: the entry was not sent.';
    const rejected = 'Rejected by you: the entry was not sent.';
    serveLogs([
      aLog('sig-expired', { status: 'failed', error: expired, approval, agoMs: 60_000 }),
      aLog('sig-rejected', { status: 'failed', error: rejected, approval, agoMs: 70_000 }),
    ]);
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(reason('sig-expired')?.textContent).toBe(expired);
    expect(reason('sig-rejected')?.textContent).toBe(rejected);
    expect([...cell('sig-expired', 'Status').querySelectorAll('.badge')].map((b) => b.textContent)).toEqual(['Failed']);
  });
});
