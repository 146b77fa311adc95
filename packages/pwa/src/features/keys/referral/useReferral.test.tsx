import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/queryKeys';
import { testSession } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ok, server } from '../../../test/server';
import { useSessionStore } from '../../../lib/auth/sessionStore';
import { referralInfo } from './referral.fixtures';
import { useReferralInfo } from './useReferral';

function Probe() {
  const { data } = useReferralInfo();
  return <p>referral: {data === undefined ? 'none' : `${data.referralCode} clicks ${data.joinClicks}`}</p>;
}

/** Another user's session (the test session's user is user-1). */
function otherSession() {
  const session = testSession('other@example.com');
  return { ...session, token: `${session.token}-2`, user: { uid: 'user-2', email: 'other@example.com' } };
}

/** Answers GET /api/referral per bearer token, recording who asked ('nobody': no token). */
function referralByUser() {
  const asked: string[] = [];
  server.use(
    http.get('/api/referral', ({ request }) => {
      const authorization = request.headers.get('authorization');
      const user2 = authorization?.endsWith('-2') === true;
      asked.push(authorization === null ? 'nobody' : user2 ? 'user-2' : 'user-1');
      return ok(referralInfo({ joinClicks: user2 ? 2 : 1 }));
    }),
  );
  return asked;
}

describe('referral info (spec §4)', () => {
  it('API-19, STATE-14: given a signed-in user, then their referral info loads; when another user signs in, it loads again for that user', async () => {
    const asked = referralByUser();
    renderWithProviders(<Probe />);
    expect(await screen.findByText('referral: HYPERHOOK clicks 1')).toBeInTheDocument();
    act(() => useSessionStore.getState().begin(otherSession()));
    expect(await screen.findByText('referral: HYPERHOOK clicks 2')).toBeInTheDocument();
    expect(asked).toEqual(['user-1', 'user-2']);
  });

  it('STATE-15: given loaded referral info, when the user signs out, then AuthProvider clears the query client: the info is gone and not loaded again', async () => {
    const asked = referralByUser();
    const { queryClient } = renderWithProviders(<Probe />);
    expect(await screen.findByText('referral: HYPERHOOK clicks 1')).toBeInTheDocument();
    act(() => useSessionStore.getState().end());
    expect(await screen.findByText('referral: none')).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.referral)).toBeUndefined();
    // Another user's sign-in bounds the wait: a load after the sign-out would have been asked for
    // (without a token) before theirs. (The sign-in may ask twice: its cache clear drops a first
    // load.)
    act(() => useSessionStore.getState().begin(otherSession()));
    expect(await screen.findByText('referral: HYPERHOOK clicks 2')).toBeInTheDocument();
    expect(asked.filter((who) => who !== 'user-2')).toEqual(['user-1']);
    expect(asked.indexOf('user-2')).toBe(1);
  });

  it('given no signed-in user, then referral info is not asked for', async () => {
    const asked = referralByUser();
    renderWithProviders(<Probe />, { signedIn: false });
    expect(screen.getByText('referral: none')).toBeInTheDocument();
    // A sign-in bounds the wait: a load without a user would have been asked for (without a token)
    // before the signed-in one. (The sign-in may ask twice: its cache clear drops a first load.)
    act(() => useSessionStore.getState().begin(otherSession()));
    expect(await screen.findByText('referral: HYPERHOOK clicks 2')).toBeInTheDocument();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((who) => who !== 'user-2')).toEqual([]);
  });

  it('ERR-24: given the referral info fails to load, then it is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/referral', () => new Response(null, { status: 500 })));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load referral info', expect.objectContaining({ message: 'API request failed' })));
    expect(screen.getByText('referral: none')).toBeInTheDocument();
    logged.mockRestore();
  });
});
