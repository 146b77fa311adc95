import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, failureMessage } from '../../lib/api/apiError';
import { queryKeys } from '../../lib/queryKeys';
import { renderWithProviders } from '../../test/renderWithProviders';
import { testSession } from '../../test/fixtures';
import { recordRequests } from '../../test/requestLog';
import { fail, ok, server } from '../../test/server';
import { useSessionStore } from '../../lib/auth/sessionStore';
import { balanceView } from './balance.fixtures';
import { useBalance } from './useBalance';

/** Shows what useBalance holds, and a button to refresh it. */
function BalanceProbe() {
  const state = useBalance();
  return (
    <div>
      <p data-testid="available">{state.balance?.availableBalance ?? 'none'}</p>
      <p data-testid="loading">{String(state.loading)}</p>
      <p data-testid="error">{state.error ?? 'none'}</p>
      <p data-testid="keys-missing">{String(state.keysMissing)}</p>
      <p data-testid="last-updated">{state.lastUpdated ?? 'none'}</p>
      <button type="button" onClick={() => void state.refresh()}>
        refresh
      </button>
    </div>
  );
}

/** Answers GET /api/balance with `answer`, counting the reads (and the refreshing ones). */
function balanceHandler(answer: () => Response) {
  const calls = { plain: 0, refresh: 0 };
  server.use(
    http.get('/api/balance', ({ request }) => {
      if (new URL(request.url).searchParams.get('refresh') === 'true') calls.refresh += 1;
      else calls.plain += 1;
      return answer();
    }),
  );
  return calls;
}

describe('balance (spec §3, §4)', () => {
  it('STATE-12, ENT-19: given a signed-in user, when a screen needs the balance, then it loads once, with loading and lastUpdated (epoch ms)', async () => {
    const calls = balanceHandler(() => ok(balanceView()));
    const before = Date.now();
    renderWithProviders(<BalanceProbe />);
    expect(screen.getByTestId('loading')).toHaveTextContent('true');
    await waitFor(() => expect(screen.getByTestId('available')).toHaveTextContent('800'));
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
    expect(Number(screen.getByTestId('last-updated').textContent)).toBeGreaterThanOrEqual(before);
    expect(calls).toEqual({ plain: 1, refresh: 0 });
  });

  it('STATE-12: given auth still loading or no user, then the balance is not loaded', async () => {
    const calls = balanceHandler(() => ok(balanceView()));
    const sent = recordRequests();
    useSessionStore.setState({ status: 'loading' });
    const { queryClient } = renderWithProviders(<BalanceProbe />, { signedIn: false });
    // Mounting (effects included) started no read: the query is idle, not fetching.
    expect(queryClient.getQueryState(queryKeys.balance)?.fetchStatus).toBe('idle');
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
    expect(screen.getByTestId('available')).toHaveTextContent('none');
    expect(calls.plain).toBe(0);
    // The sign-in bounds the wait: there is no session before it, so a read sent while auth was
    // loading carries no token and reaches the network before the signed-in one.
    const session = testSession();
    act(() => useSessionStore.getState().begin(session));
    await waitFor(() => expect(screen.getByTestId('available')).toHaveTextContent('800'));
    const reads = sent.filter((request) => request.path.startsWith('/api/balance'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((request) => request.authorization !== `Bearer ${session.token}`)).toEqual([]);
  });

  it('STATE-12, ERR-23: given a failed load, then its message is kept and it is not loaded again by itself (a remount, no retry)', async () => {
    let down = true;
    const calls = balanceHandler(() => (down ? fail(502, 'Hyperliquid could not be read: timeout') : ok(balanceView({ availableBalance: 950 }))));
    const { unmount, queryClient } = renderWithProviders(<BalanceProbe />);
    await waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent('Hyperliquid could not be read: timeout'));
    unmount();
    const { user } = renderWithProviders(<BalanceProbe />, { queryClient });
    // The remount (effects included) started no read: the failure is on screen and nothing loads.
    expect(screen.getByTestId('error')).toHaveTextContent('Hyperliquid could not be read: timeout');
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
    // The user's refresh bounds the wait: a reload of the remount's would have been sent before it.
    down = false;
    await user.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(screen.getByTestId('available')).toHaveTextContent('950'));
    expect(calls).toEqual({ plain: 1, refresh: 1 });
  });

  it('ERR-23: given a failure without a message of its own, then "Failed to load balance"', async () => {
    balanceHandler(() => Response.error());
    renderWithProviders(<BalanceProbe />);
    await waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent('Failed to load balance'));
    expect(failureMessage(new ApiError('API request failed', 500), 'Failed to load balance')).toBe('Failed to load balance');
    expect(failureMessage(new Error(''), 'Failed to load balance')).toBe('Failed to load balance');
    expect(failureMessage(new Error('boom'), 'Failed to load balance')).toBe('boom');
  });

  it('given 400 "No API keys configured", then keys are reported missing', async () => {
    balanceHandler(() => fail(400, 'No API keys configured'));
    renderWithProviders(<BalanceProbe />);
    await waitFor(() => expect(screen.getByTestId('keys-missing')).toHaveTextContent('true'));
  });

  it('given a failure, when refreshed (GET /api/balance?refresh=true), then the fresh balance replaces the error', async () => {
    let down = true;
    const calls = balanceHandler(() => (down ? fail(502, 'down') : ok(balanceView({ availableBalance: 950 }))));
    const { user } = renderWithProviders(<BalanceProbe />);
    await waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent('down'));
    down = false;
    await user.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(screen.getByTestId('available')).toHaveTextContent('950'));
    expect(screen.getByTestId('error')).toHaveTextContent('none');
    expect(calls).toEqual({ plain: 1, refresh: 1 });
  });

  it('STATE-13: given a loaded balance, when the user signs out, then it is cleared', async () => {
    balanceHandler(() => ok(balanceView()));
    const { queryClient } = renderWithProviders(<BalanceProbe />);
    await waitFor(() => expect(screen.getByTestId('available')).toHaveTextContent('800'));
    act(() => useSessionStore.getState().end());
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.balance)).toBeUndefined());
  });
});
