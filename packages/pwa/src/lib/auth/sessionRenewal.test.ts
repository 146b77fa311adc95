import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { testSession } from '../../test/fixtures';
import { ok, server } from '../../test/server';
import { currentAccessToken, renewSession } from './sessionRenewal';
import { useSessionStore } from './sessionStore';
import { msUntilRefresh, REFRESH_MARGIN_MS, tokenExpiresAt } from './tokenExpiry';

/** A session whose access token expires `inMs` from now. */
function sessionExpiringIn(inMs: number, name = 'a') {
  const exp = Math.floor((Date.now() + inMs) / 1000);
  const payload = btoa(JSON.stringify({ exp })).replace(/=+$/, '');
  return { token: `h.${payload}.${name}`, refreshToken: `refresh-${name}`, user: { uid: 'user-1', email: 'trader@example.com' } };
}

describe('session renewal', () => {
  it('given a JWT, when read, then its expiry; an unreadable one is renewed at once', () => {
    const session = sessionExpiringIn(10 * 60_000);
    expect(tokenExpiresAt(session.token)).toBe(Math.floor((Date.now() + 10 * 60_000) / 1000));
    expect(msUntilRefresh(session.token, Date.now())).toBeGreaterThan(10 * 60_000 - REFRESH_MARGIN_MS - 2_000);
    expect(tokenExpiresAt('not-a-jwt')).toBeNull();
    expect(msUntilRefresh('not-a-jwt', Date.now())).toBe(0);
  });

  it('given a token far from expiry, when a call needs one, then it is used as it is, with no refresh', async () => {
    const session = sessionExpiringIn(10 * 60_000);
    useSessionStore.setState({ status: 'signedIn', session });
    await expect(currentAccessToken()).resolves.toBe(session.token);
  });

  it('given a token about to expire and three calls at once, when they need a token, then one refresh serves them all (refresh tokens rotate: spending one twice would sign the user out)', async () => {
    useSessionStore.setState({ status: 'signedIn', session: sessionExpiringIn(10_000) });
    const renewed = sessionExpiringIn(15 * 60_000, 'b');
    let refreshes = 0;
    server.use(
      http.post('/api/auth/refresh', () => {
        refreshes += 1;
        return ok(renewed);
      }),
    );
    const tokens = await Promise.all([currentAccessToken(), currentAccessToken(), currentAccessToken()]);
    expect(tokens).toEqual([renewed.token, renewed.token, renewed.token]);
    expect(refreshes).toBe(1);
    expect(useSessionStore.getState().session).toEqual(renewed);
  });

  it('given another tab already renewed (the stored refresh token changed), when this tab renews, then it adopts the stored session instead of spending its old refresh token', async () => {
    const mine = sessionExpiringIn(10_000, 'mine');
    useSessionStore.setState({ status: 'signedIn', session: mine });
    const theirs = sessionExpiringIn(15 * 60_000, 'theirs');
    localStorage.setItem('hyperhook-session', JSON.stringify({ state: { session: theirs }, version: 0 }));
    server.use(http.post('/api/auth/refresh', () => ok(testSession())));
    let refreshed = false;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/auth/refresh')) refreshed = true;
    });
    await expect(renewSession()).resolves.toBe(theirs.token);
    server.events.removeAllListeners();
    expect(refreshed).toBe(false);
    expect(useSessionStore.getState().session).toEqual(theirs);
  });

  it('given the network is down, when renewing, then the session is kept (offline is not signed out)', async () => {
    const session = sessionExpiringIn(10_000);
    useSessionStore.setState({ status: 'signedIn', session });
    server.use(http.post('/api/auth/refresh', () => Response.error()));
    await expect(renewSession()).resolves.toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedIn', session });
  });
});
