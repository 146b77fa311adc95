import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Switch } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Where } from '../../test/Where';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, ok, server } from '../../test/server';
import { emptyAnalytics, testSession } from '../../test/fixtures';
import { twoStrategies } from '../../test/strategies';
import HistoryView from './HistoryView';
import { hashAt, historyEvent, historyEvents, historyNetwork, historyState } from './history.fixtures';
import { HISTORY_PAGE_SIZE } from './historyFilters';

function renderHistory(route = '/history') {
  return renderWithProviders(
    <Switch>
      <Route path="/history">
        <HistoryView />
        <Where />
      </Route>
    </Switch>,
    { route },
  );
}

const eventsList = () => screen.findByRole('list', { name: 'Events, newest first' });
const items = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((item) => item.classList.contains('history-event'));

afterEach(() => vi.unstubAllGlobals());

describe('the History view (issue 31, point 1)', () => {
  it("issue 31, point 1: given the trader's events, then each shows in plain words, newest first, with its kind, and the raw event one tap away", async () => {
    historyNetwork(() => ({
      events: [
        historyEvent({ position: 12, title: 'Order executed on Hyperliquid', detail: 'BTC buy 0.001 filled at $97,000', category: 'order' }),
        historyEvent({
          position: 9,
          title: 'Alert received',
          detail: 'BTCUSDT buy',
          category: 'alert',
          type: 'SignalReceived',
          stream: 'signal-sig-1',
          version: 0,
          data: { payload: { symbol: 'BTCUSDT' } },
        }),
        historyEvent({
          position: 2,
          title: 'API keys saved',
          detail: null,
          category: 'keys',
          type: 'CredentialsSaved',
          stream: 'user-user-1',
          version: 4,
          strategyId: null,
          data: { sealed: '[redacted]' },
        }),
      ],
      head: { position: 40, hash: hashAt(40) },
    }));
    const { user } = renderHistory();
    const list = await eventsList();
    expect(items(list).map((item) => within(item).getByText(/Order executed|Alert received|API keys saved/).textContent)).toEqual([
      'Order executed on Hyperliquid',
      'Alert received',
      'API keys saved',
    ]);
    const [, received, keys] = items(list) as [HTMLElement, HTMLElement, HTMLElement];
    expect(received).toHaveTextContent('BTCUSDT buy');
    expect(within(received).getByText('Alerts')).toBeInTheDocument();
    expect(within(keys).getByText('API keys')).toBeInTheDocument();
    const raw = within(received).getByText('Raw event #9');
    expect(within(received).getByText('SignalReceived')).not.toBeVisible();
    await user.click(raw);
    expect(within(received).getByText('SignalReceived')).toBeVisible();
    expect(within(received).getByText('signal-sig-1')).toBeVisible();
    expect(within(received).getByText(hashAt(9))).toBeVisible();
    expect(within(received).getByText(/"symbol": "BTCUSDT"/)).toBeVisible();
    expect(screen.getByText('3 events shown, the oldest included.')).toHaveAttribute('role', 'status');
  });

  it("issue 31, point 4: given the log's head, then its position and hash are shown with a way to copy it and why to keep it", async () => {
    historyNetwork(() => ({ events: [historyEvent()], head: { position: 1234, hash: hashAt(1234) } }));
    const { user } = renderHistory();
    const head = await screen.findByRole('region', { name: 'Chain head' });
    expect(await within(head).findByTestId('chain-head-hash')).toHaveTextContent(hashAt(1234));
    expect(head).toHaveTextContent('#1,234');
    const copy = within(head).getByRole('button', { name: 'Copy head' });
    expect(copy).toHaveAccessibleDescription(/hyperhook verify would stop at that event/);
    await user.click(copy);
    await expect(navigator.clipboard.readText()).resolves.toBe(`1234:${hashAt(1234)}`);
  });

  it('issue 31, point 4: given a store that keeps no chain, then the head says so instead of showing a hash', async () => {
    historyNetwork(() => ({ events: [historyEvent({ hash: null })], head: null }));
    renderHistory();
    const head = await screen.findByRole('region', { name: 'Chain head' });
    expect(await within(head).findByText(/keeps no hash chain/)).toBeInTheDocument();
  });

  it('issue 31, point 1: given more events than a page, when "Load more" is tapped, then the next page is asked for before the last event shown and added under it', async () => {
    const { asked } = historyNetwork((query) => {
      const before = query.get('before');
      return before === null
        ? { events: historyEvents(HISTORY_PAGE_SIZE, 80), head: { position: 80, hash: hashAt(80) } }
        : { events: historyEvents(30, Number(before) - 1), head: { position: 80, hash: hashAt(80) } };
    });
    const { user } = renderHistory();
    const list = await eventsList();
    expect(items(list)).toHaveLength(HISTORY_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items(list)).toHaveLength(HISTORY_PAGE_SIZE + 30));
    expect(asked.map((query) => query.get('before'))).toEqual([null, '31']);
    expect(items(list).at(-1)).toHaveTextContent('Event number 1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('issue 31, point 1: given a kind chosen, then the api is asked for that kind only and the URL keeps it; Reset Filters asks for everything again', async () => {
    const { asked } = historyNetwork((query) => ({
      events: query.get('category') === 'fill' ? [historyEvent({ title: 'Fill of 0.001 BTC', category: 'fill', type: 'FillRecorded' })] : historyEvents(3),
      head: null,
    }));
    const { user } = renderHistory();
    await eventsList();
    await user.selectOptions(screen.getByLabelText('Kind'), 'Fills');
    expect(await screen.findByText('Fill of 0.001 BTC')).toBeInTheDocument();
    expect(asked.at(-1)?.get('category')).toBe('fill');
    expect(screen.getByTestId('where')).toHaveTextContent('?category=fill');
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(await screen.findByText('Event number 3')).toBeInTheDocument();
    expect(asked.at(-1)?.has('category')).toBe(false);
    expect(screen.getByRole('button', { name: 'Reset Filters' })).toBeDisabled();
  });

  it('issue 44, point 6: given a phone, then the filters fold behind "Filters" so the events come first; opened, a kind chosen, the button counts it, and a visit with a filter in the URL opens with them shown', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 559px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    historyNetwork(() => ({ events: historyEvents(3), head: null }));
    const { user, unmount } = renderHistory();
    await eventsList();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Kind')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(screen.getByLabelText('Kind'), 'Fills');
    expect(await screen.findByRole('button', { name: 'Filters (1 on)' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Filter history' }).id).toBe(toggle.getAttribute('aria-controls'));
    unmount();

    renderHistory('/history?category=fill');
    expect(await screen.findByRole('button', { name: 'Filters (1 on)' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Kind')).toHaveValue('fill');
  });

  it('issue 31, point 1: given two strategies, when one is chosen, then only its events are asked for, and each event names its strategy', async () => {
    server.use(http.get('/api/strategies', () => ok(twoStrategies())));
    const { asked } = historyNetwork((query) => ({ events: [historyEvent({ strategyId: query.get('strategyId') ?? 'main' })], head: null }));
    const { user } = renderHistory();
    const list = await eventsList();
    await waitFor(() => expect(within(list).getByText('Main')).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Strategy'), 'ETH scalper');
    await waitFor(() => expect(asked.at(-1)?.get('strategyId')).toBe('st_eth'));
    expect(await within(await eventsList()).findByText('ETH scalper')).toBeInTheDocument();
  });

  it('issue 31, point 1: given one strategy only, then there is no strategy filter to choose from', async () => {
    historyNetwork(() => ({ events: [historyEvent()], head: null }));
    renderHistory();
    await eventsList();
    expect(screen.queryByLabelText('Strategy')).toBeNull();
  });

  it('issue 31, point 1: given a time span typed, then the api is asked for events from the start of the first minute to the end of the last', async () => {
    const { asked } = historyNetwork(() => ({ events: [], head: null }));
    const { user } = renderHistory();
    await screen.findByText('No events yet');
    await user.type(screen.getByLabelText('From'), '2026-11-28T09:30');
    await user.type(screen.getByLabelText('To'), '2026-11-28T10:00');
    await waitFor(() => expect(asked.at(-1)?.get('until')).toBe(new Date(2026, 10, 28, 10, 0, 59, 999).toISOString()));
    expect(asked.at(-1)?.get('since')).toBe(new Date(2026, 10, 28, 9, 30).toISOString());
    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
  });

  it('issue 31, point 1: given the api refuses, then its message is shown', async () => {
    server.use(http.get('/api/history', () => fail(400, '`since` must not be after `until`')));
    renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the history. `since` must not be after `until`');
  });
});

describe('the account as of a moment (issue 31, point 2)', () => {
  it('issue 31, point 2: given a moment chosen, when Show is tapped, then the api rebuilds the account to the end of that minute and its settings, keys, positions and log rows are shown', async () => {
    historyNetwork(() => ({ events: [], head: null }));
    const asked: string[] = [];
    server.use(
      http.get('/api/history/state', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('at') ?? '');
        return ok(historyState());
      }),
    );
    const { user } = renderHistory();
    const card = screen.getByRole('region', { name: 'Show my account as it was at…' });
    await user.click(within(card).getByRole('button', { name: 'Show' }));
    expect(within(card).getByText('Choose a date and time.')).toBeInTheDocument();
    expect(asked).toEqual([]);
    await user.type(within(card).getByLabelText('Date and time'), '2026-11-28T12:05');
    await user.click(within(card).getByRole('button', { name: 'Show' }));
    const result = await within(card).findByRole('region', { name: /^As of / });
    expect(asked).toEqual([new Date(2026, 10, 28, 12, 5, 59, 999).toISOString()]);
    expect(result).toHaveTextContent('Rebuilt from 17 of your events, up to event #42.');
    expect(result).toHaveTextContent('$100.00 a trade');
    expect(result).toHaveTextContent('Saved for 0x1234…5678 on testnet');
    expect(result).toHaveTextContent('BTC long 0.001 at');
    expect(result).toHaveTextContent('2 rows:');
    expect(result).toHaveTextContent(/BTCUSDT buy · Executed/i);
  });

  it('issue 43: given a moment chosen, then the live trades closed by then are read as of it: how many, their net P&L, wins and losses, the drawdown', async () => {
    historyNetwork(() => ({ events: [], head: null }));
    const asked: string[] = [];
    server.use(
      http.get('/api/history/state', () => ok(historyState())),
      http.get('/api/analytics', ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok({ ...emptyAnalytics, summary: { ...emptyAnalytics.summary, trades: 2, wins: 1, losses: 1, netPnl: '3', maxDrawdown: '2.5' } });
      }),
    );
    const { user } = renderHistory();
    const card = screen.getByRole('region', { name: 'Show my account as it was at…' });
    await user.type(within(card).getByLabelText('Date and time'), '2026-11-28T12:05');
    await user.click(within(card).getByRole('button', { name: 'Show' }));
    const result = await within(card).findByRole('region', { name: /^As of / });

    expect(await within(result).findByText(/^2 closed trades, net/)).toHaveTextContent('2 closed trades, net +$3.00 · 1 won, 1 lost · max drawdown −$2.50');
    expect(asked).toEqual([`?venue=live&asOf=${encodeURIComponent(historyState().asOf)}`]);
  });

  it('issue 31, point 2: given the api refuses the moment, then its message is shown', async () => {
    historyNetwork(() => ({ events: [], head: null }));
    server.use(http.get('/api/history/state', () => fail(400, 'Invalid ISO datetime')));
    const { user } = renderHistory();
    const card = screen.getByRole('region', { name: 'Show my account as it was at…' });
    await user.type(within(card).getByLabelText('Date and time'), '2026-11-28T12:05');
    await user.click(within(card).getByRole('button', { name: 'Show' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not rebuild the account. Invalid ISO datetime');
  });
});

describe('the exports (issue 31, point 3)', () => {
  it.each([
    ['Download events (NDJSON)', '/api/history/export.ndjson', 'hyperhook-history-2026-11-28.ndjson', 'application/x-ndjson', '{"position":1}\n'],
    ['Download fills (CSV)', '/api/history/fills.csv', 'hyperhook-fills-2026-11-28.csv', 'text/csv', 'time,strategy\n'],
  ])(
    'issue 31, point 3: given "%s" tapped, then the file is fetched with the bearer token and handed to the browser under the api\'s name',
    async (label, path, name, type, body) => {
      historyNetwork(() => ({ events: [], head: null }));
      const seen: (string | null)[] = [];
      server.use(
        http.get(path, ({ request }) => {
          seen.push(request.headers.get('authorization'));
          return new HttpResponse(body, { headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` } });
        }),
      );
      const blobs: Blob[] = [];
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:history'), revokeObjectURL: () => undefined }));
      const clicked: string[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this.download);
      });
      const { user } = renderHistory();
      await user.click(screen.getByRole('button', { name: label }));
      expect(await screen.findByText(`Downloaded ${name}.`)).toHaveAttribute('role', 'status');
      expect(seen).toEqual([`Bearer ${testSession().token}`]);
      expect(clicked).toEqual([name]);
      await expect(blobs[0]?.text()).resolves.toBe(body);
      click.mockRestore();
    },
  );

  it('issue 31, point 3: given the api refuses an export, then its message is shown and nothing is downloaded', async () => {
    historyNetwork(() => ({ events: [], head: null }));
    server.use(http.get('/api/history/fills.csv', () => fail(429, 'Too many requests, retry in 10 s')));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = renderHistory();
    await user.click(screen.getByRole('button', { name: 'Download fills (CSV)' }));
    expect(await screen.findByText('Could not download. Too many requests, retry in 10 s')).toHaveAttribute('role', 'alert');
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});
