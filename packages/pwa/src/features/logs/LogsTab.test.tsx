import { WEBHOOK_LOGS_COLLECTION, type SignalStatus, type WebhookLogView } from '@hyperhook/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format/time';
import { queryKeys } from '../../lib/queryKeys';
import { renderWithProviders } from '../../test/renderWithProviders';
import { recordRequests } from '../../test/requestLog';
import { fail, ok, server } from '../../test/server';
import { useSessionStore } from '../../lib/auth/sessionStore';
import { testSession } from '../../test/fixtures';
import { receiveLive } from '../../test/live';
import LogsTab from './LogsTab';
import { aLog, anExecutedLog, serveLogs } from './logs.fixtures';

const HOUR = 3_600_000;

const card = (label: string) =>
  within(screen.getByRole('group', { name: 'Webhook summary' }))
    .getByText(label)
    .closest('.stat') as HTMLElement;
const value = (label: string) => card(label).querySelector('.stat__value') as HTMLElement;
const rowIds = () => [...screen.getByRole('table').querySelectorAll('tr.log-row')].map((row) => row.querySelector('.mono')?.textContent);
const chips = () => within(screen.getByRole('list', { name: 'Signals by status' })).getAllByRole('button');

describe('WEBHOOK LOGS tab: header and states (spec §2, §8)', () => {
  it('TAB-LOGS-01, TAB-LOGS-02, TAB-LOGS-03, TAB-LOGS-04, API-28, API-30: given logs from GET /api/webhook-logs, then the title, subtitle and "N / 200 recent signals" with N the logs loaded, newest first', async () => {
    const calls = serveLogs([aLog('sig-new', { agoMs: 1_000 }), aLog('sig-mid', { agoMs: 2 * HOUR }), aLog('sig-old', { agoMs: 30 * 24 * HOUR })]);
    renderWithProviders(<LogsTab />);
    expect(screen.getByRole('heading', { level: 2, name: 'Webhook Performance' })).toBeInTheDocument();
    expect(screen.getByText('Monitor signal throughput, errors, and processing latency in real time')).toBeInTheDocument();
    // Every loaded log counts, also the one outside the 24h shown below.
    expect(await screen.findByText('3 / 200 recent signals')).toBeInTheDocument();
    expect(rowIds()).toEqual(['sig-new', 'sig-mid']);
    expect(calls.count).toBe(1);
  });

  it('CONST-02, TAB-LOGS-04: given the 200 most recent logs, then "200 / 200 recent signals"', async () => {
    serveLogs(Array.from({ length: 200 }, (_, i) => aLog(`sig-${i}`, { agoMs: (i + 1) * 1_000 })));
    renderWithProviders(<LogsTab />);
    expect(await screen.findByText('200 / 200 recent signals')).toBeInTheDocument();
  });

  it('TAB-LOGS-45, TAB-LOGS-46: given the logs loading, then "Loading..."; given the read fails, then "Failed to load webhook logs: <message>"', async () => {
    serveLogs(async () => {
      await delay(50);
      return fail(500, 'Read model unavailable');
    });
    renderWithProviders(<LogsTab />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load webhook logs: Read model unavailable');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('TAB-LOGS-46, ENT-07: given an answer without an error string, or not of the log view\'s shape, then "Failed to load webhook logs: API request failed"', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveLogs(() => ok([{ webhookLogId: 'x', status: 'received' }]));
    renderWithProviders(<LogsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load webhook logs: API request failed');
    logged.mockRestore();
  });

  it('TAB-LOGS-47: given a signed-out visitor, then "Please sign in to view webhook logs." and no call', async () => {
    const calls = serveLogs([aLog('sig-1')]);
    const sent = recordRequests();
    const { queryClient, unmount } = renderWithProviders(<LogsTab />, { signedIn: false });
    expect(screen.getByText('Please sign in to view webhook logs.')).toBeInTheDocument();
    // Mounting (effects included) did not even create the logs query, so nothing can load it.
    expect(queryClient.getQueryCache().find({ queryKey: queryKeys.webhookLogs })).toBeUndefined();
    // A signed-in visit afterwards bounds the wait: a call of the signed-out one carries no token
    // and reaches the network before the signed-in read.
    unmount();
    renderWithProviders(<LogsTab />, { queryClient });
    expect(await screen.findByText('1 / 200 recent signals')).toBeInTheDocument();
    const token = useSessionStore.getState().session?.token;
    expect(sent.filter((request) => request.path === '/api/webhook-logs')).toEqual([
      { method: 'GET', path: '/api/webhook-logs', authorization: `Bearer ${token}` },
    ]);
    expect(calls.count).toBe(1);
  });
});

describe('WEBHOOK LOGS tab: cards and chips (spec §2, §4, §9)', () => {
  const statuses: SignalStatus[] = ['failed', 'validating', 'executing', 'received'];
  const mixed = () => [
    ...[1_000, 1_200, 1_400, 1_600].map((latencyMs, i) => anExecutedLog(`ok-${i}`, { latencyMs, agoMs: (i + 2) * 60_000 })),
    ...statuses.map((status, i) => aLog(`other-${i}`, { status, agoMs: (i + 10) * 60_000 })),
    anExecutedLog('ok-old', { latencyMs: 90_000, agoMs: 48 * HOUR }),
  ];

  it('TAB-LOGS-06..TAB-LOGS-13, CONST-04, STATE-06: given logs of the last 24h (and an older one left out), then Signals, a yellow 50% with the failed count, In Flight, Avg Latency and the last signal', async () => {
    const logs = mixed();
    serveLogs(logs);
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(value('Signals')).toHaveTextContent(/^8$/);
    expect(value('Success Rate')).toHaveTextContent(/^50%$/);
    expect(value('Success Rate')).toHaveClass('tone-warn');
    expect(card('Success Rate')).toHaveTextContent('1 failed');
    expect(value('In Flight')).toHaveTextContent(/^2$/);
    // (1000 + 1200 + 1400 + 1600) / 4 = 1300 ms; the 90 s of the older log is outside the timeframe.
    expect(value('Avg Latency')).toHaveTextContent(/^1\.30 s$/);
    const last = card('Avg Latency').querySelector('time') as HTMLElement;
    expect(card('Avg Latency')).toHaveTextContent(/^Avg Latency1\.30 sLast signal 2 min/);
    expect(last).toHaveAttribute('dateTime', logs[0]?.createdAt);
    expect(last).toHaveAttribute('title', formatDateTime(logs[0]?.createdAt));
  });

  it('TAB-LOGS-08, TAB-LOGS-13: given 4 of 5 executed, then 80% in green', async () => {
    serveLogs([
      ...[1, 2, 3, 4].map((i) => anExecutedLog(`ok-${i}`, { agoMs: i * 60_000 })),
      aLog('bad', { status: 'failed', error: 'No API keys configured' }),
    ]);
    renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(value('Success Rate')).toHaveTextContent(/^80%$/);
    expect(value('Success Rate')).toHaveClass('tone-good');
  });

  it('TAB-LOGS-12, TAB-LOGS-13, CONST-05, CONST-06: given no signals in the timeframe, then 0, "—" for the rate and the latency, and "Last signal —"', async () => {
    serveLogs([anExecutedLog('old', { agoMs: 48 * HOUR })]);
    renderWithProviders(<LogsTab />);
    expect(await screen.findByText('No webhook logs match your filters')).toBeInTheDocument();
    expect(value('Signals')).toHaveTextContent(/^0$/);
    expect(value('Success Rate').textContent).toBe('—');
    expect(value('Success Rate')).not.toHaveClass('tone-good');
    expect(value('Success Rate')).not.toHaveClass('tone-warn');
    expect(card('Success Rate')).toHaveTextContent('0 failed');
    expect(value('In Flight')).toHaveTextContent(/^0$/);
    expect(value('Avg Latency').textContent).toBe('—');
    expect(card('Avg Latency')).toHaveTextContent('Last signal —');
  });

  it("TAB-LOGS-14, STATE-04, STATE-05 decided, STATE-03: a count chip for every status in §4's order, in its colour; a chip filters by its status", async () => {
    serveLogs(mixed());
    const { user } = renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(chips().map((chip) => chip.textContent)).toEqual(['Executed 4', 'Executing 1', 'Validating 1', 'Received 1', 'Failed 1']);
    expect(chips().map((chip) => chip.className.match(/badge--(\w+)/)?.[1])).toEqual(['green', 'blue', 'yellow', 'grey', 'red']);
    await user.click(screen.getByRole('button', { name: 'Failed 1' }));
    expect(rowIds()).toEqual(['other-0']);
    expect(screen.getByRole('button', { name: 'Failed 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Failed');
    await user.click(screen.getByRole('button', { name: 'Failed 1' }));
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('All');
  });

  it('issue 42: given an entry waiting for its trader, then an "Awaiting approval" chip shows among those in flight, and filters by it', async () => {
    serveLogs([...mixed(), aLog('sig-waiting', { status: 'awaiting_approval', agoMs: 1_000 })]);
    const { user } = renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    expect(chips().map((chip) => chip.textContent)).toEqual(['Executed 4', 'Executing 1', 'Awaiting approval 1', 'Validating 1', 'Received 1', 'Failed 1']);
    await user.click(screen.getByRole('button', { name: 'Awaiting approval 1' }));
    expect(rowIds()).toEqual(['sig-waiting']);
  });
});

describe('WEBHOOK LOGS tab: live (spec §2, §4)', () => {
  it('TAB-LOGS-05, STATE-02, STATE-07, API-28: given the tab open, when the live socket brings a new alert and then its status changes, then the row appears and its status follows, without any refetch', async () => {
    const calls = serveLogs([aLog('sig-first', { status: 'executed', agoMs: 5 * 60_000 })]);
    const { queryClient } = renderWithProviders(<LogsTab />);
    await screen.findByRole('table');
    const versions = new Map<string, number>();
    const arriving = aLog('sig-live', { agoMs: 0 });
    const push = (doc: WebhookLogView, version: number) =>
      act(() => receiveLive(queryClient, { type: 'change', collection: WEBHOOK_LOGS_COLLECTION, id: doc.webhookLogId, version, doc }, versions));
    const statusOf = (id: string) =>
      within(screen.getByRole('table').querySelector(`#log-${id}`) as HTMLElement).getByText(/^(Received|Validating|Executing|Executed|Failed)$/);

    push(arriving, 1);
    await waitFor(() => expect(rowIds()).toEqual(['sig-live', 'sig-first']));
    expect(statusOf('sig-live')).toHaveTextContent('Received');
    expect(screen.getByText('2 / 200 recent signals')).toBeInTheDocument();

    push({ ...arriving, status: 'validating' }, 2);
    await waitFor(() => expect(statusOf('sig-live')).toHaveClass('badge--yellow'));
    expect(value('In Flight')).toHaveTextContent(/^1$/);
    push({ ...arriving, status: 'executing' }, 3);
    await waitFor(() => expect(statusOf('sig-live')).toHaveTextContent('Executing'));
    const done = anExecutedLog('sig-live', { agoMs: 0, latencyMs: 640 });
    push({ ...done, createdAt: arriving.createdAt }, 4);
    await waitFor(() => expect(statusOf('sig-live')).toHaveTextContent('Executed'));
    expect(statusOf('sig-live')).toHaveClass('badge--green');
    expect(value('In Flight')).toHaveTextContent(/^0$/);
    expect(value('Success Rate')).toHaveTextContent(/^100%$/);
    expect(rowIds()).toEqual(['sig-live', 'sig-first']);
    // No push started a read: the query is not fetching, nor due for a refetch.
    expect(queryClient.getQueryState(queryKeys.webhookLogs)).toMatchObject({ fetchStatus: 'idle', isInvalidated: false });
    // A read asked for now bounds the wait: one a push had started would have reached the server
    // before it, so this one would not be the second.
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.webhookLogs }));
    expect(calls.count).toBe(2);
  });
});

describe('WEBHOOK LOGS tab: another user signs in while it is open', () => {
  it("ROLE-02, STATE-01: given user-1's logs on screen, when user-2 signs in (another browser tab), then user-2's logs load in their place", async () => {
    const second = { token: 'header.user-2.signature', refreshToken: 'refresh.user-2.signature', user: { uid: 'user-2', email: 'second@example.com' } };
    serveLogs(() => ok([]));
    const sent = recordRequests();
    server.use(
      http.get('/api/webhook-logs', ({ request }) =>
        ok([aLog(request.headers.get('authorization') === `Bearer ${second.token}` ? 'sig-second' : 'sig-first')]),
      ),
    );
    renderWithProviders(<LogsTab />);
    await waitFor(() => expect(rowIds()).toEqual(['sig-first']));
    act(() => useSessionStore.setState({ session: second }));
    await waitFor(() => expect(rowIds()).toEqual(['sig-second']));
    expect(sent.filter((request) => request.path === '/api/webhook-logs').at(-1)?.authorization).toBe(`Bearer ${second.token}`);
  });
});

describe('WEBHOOK LOGS tab: a sign-in while it is open', () => {
  it('STATE-01, TAB-LOGS-47: given the tab open with nobody signed in, when a user signs in, then their logs load (the first read is not lost to the cache reset)', async () => {
    serveLogs([aLog('sig-mine')]);
    renderWithProviders(<LogsTab />, { signedIn: false });
    act(() => useSessionStore.setState({ status: 'signedIn', session: testSession(), endedBecause: null }));
    await waitFor(() => expect(rowIds()).toEqual(['sig-mine']));
  });
});
