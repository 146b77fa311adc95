import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../queryKeys';
import { configuredKeys, testSession } from '../../test/fixtures';
import { testQueryClient } from '../../test/renderWithProviders';
import { ok, server } from '../../test/server';
import { AuthProvider } from './AuthProvider';
import { useSessionStore } from './sessionStore';
import { useAuth } from './useAuth';

function Probe() {
  const { status, user, signOut } = useAuth();
  return (
    <div>
      <p>status: {status}</p>
      <p>user: {user?.email ?? 'none'}</p>
      <button type="button" onClick={() => void signOut()}>
        out
      </button>
    </div>
  );
}

function renderProvider() {
  const queryClient = testQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('AuthProvider', () => {
  it('ENT-01, ENT-02, STATE-01: given a stored session, when the app starts, then loading until the api confirms the user, then signed in', async () => {
    let answer: () => void = () => undefined;
    const confirmed = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/auth/user', async () => {
        await confirmed;
        return ok({ uid: 'user-1', email: 'confirmed@example.com' });
      }),
    );
    localStorage.setItem('hyperhook-session', JSON.stringify({ state: { session: testSession() }, version: 0 }));
    await useSessionStore.persist.rehydrate();
    renderProvider();
    expect(screen.getByText('status: loading')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('status: signedIn')).toBeInTheDocument();
    expect(screen.getByText('user: confirmed@example.com')).toBeInTheDocument();
  });

  it('DASH-05, STATE-13, STATE-15: given a signed-in user with loaded data, when they log out, then the server revokes the session, and the balance, referral info and every other cached and persisted answer are gone', async () => {
    const revoked: unknown[] = [];
    server.use(
      http.post('/api/auth/logout', async ({ request }) => {
        revoked.push({ auth: request.headers.get('authorization'), body: await request.json() });
        return ok({ signedOut: true });
      }),
    );
    const session = testSession();
    useSessionStore.setState({ status: 'signedIn', session, endedBecause: null });
    const queryClient = renderProvider();
    act(() => {
      queryClient.setQueryData(queryKeys.balance, { availableBalance: 1 });
      queryClient.setQueryData(queryKeys.referral, { referralCode: 'X' });
      queryClient.setQueryData(queryKeys.keys, configuredKeys);
    });
    await waitFor(() => expect(localStorage.getItem('hyperhook-cache-user-1')).toContain('availableBalance'), { timeout: 3_000 });
    act(() => screen.getByRole('button', { name: 'out' }).click());
    expect(await screen.findByText('status: signedOut')).toBeInTheDocument();
    expect(revoked).toEqual([{ auth: `Bearer ${session.token}`, body: { refreshToken: session.refreshToken } }]);
    expect([queryClient.getQueryData(queryKeys.balance), queryClient.getQueryData(queryKeys.referral), queryClient.getQueryData(queryKeys.keys)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(localStorage.getItem('hyperhook-cache-user-1')).toBeNull();
    expect(localStorage.getItem('hyperhook-session')).not.toContain(session.refreshToken);
  });

  it('DASH-05: given an access token due for renewal, when the user logs out, then the session is renewed first and the logout revokes the new refresh token, not the spent one', async () => {
    // given: a token that expires within the renewal margin
    const stale = testSession();
    const payload = btoa(JSON.stringify({ sub: 'user-1', email: 'trader@example.com', exp: Math.floor(Date.now() / 1000) + 5 })).replace(/=+$/, '');
    const due = { ...stale, token: `header.${payload}.signature` };
    const renewed = { ...testSession(), refreshToken: 'refresh.renewed.signature' };
    const revoked: unknown[] = [];
    server.use(
      http.post('/api/auth/refresh', () => ok(renewed)),
      http.post('/api/auth/logout', async ({ request }) => {
        revoked.push(await request.json());
        return ok({ signedOut: true });
      }),
    );
    useSessionStore.setState({ status: 'signedIn', session: due, endedBecause: null });
    renderProvider();
    // when
    act(() => screen.getByRole('button', { name: 'out' }).click());
    // then
    expect(await screen.findByText('status: signedOut')).toBeInTheDocument();
    expect(revoked).toEqual([{ refreshToken: 'refresh.renewed.signature' }]);
  });

  it('given the app starts signed out while a public screen loads its data, then that data is not wiped by the start-up (only a change of user clears the cache)', () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(['publicConfig'], { referralCode: 'HYPERHOOK', supportEmail: 's@x' });
    render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(queryClient.getQueryData(['publicConfig'])).toEqual({ referralCode: 'HYPERHOOK', supportEmail: 's@x' });
  });
});
