import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/passwordHasher.js';
import { call, createTestApp, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

describe('POST /api/auth/signup', () => {
  it('API-26, API-27, VAL-01, API-04, API-05, ENT-01: given a new email and password, when signing up with POST /api/auth/signup, then 201 with tokens and the normalised user, which GET /api/auth/user answers as {uid, email}', async () => {
    const res = await stack.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: '  New.User@Example.com ', password: 'secret1' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toEqual({ uid: expect.any(String), email: 'new.user@example.com' });
    expect(body.data.token).toMatch(/^ey/);
    expect(body.data.refreshToken).toMatch(/^ey/);
    const me = await call(stack.t.app, 'GET', '/api/auth/user', body.data.token);
    expect(me.json()).toEqual({ success: true, data: body.data.user });
  });

  it('VAL-02: given a 5-character password, when signing up, then 400 "Password must be at least 6 characters"', async () => {
    const res = await stack.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'short@example.com', password: '12345' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Password must be at least 6 characters' });
  });

  it('VAL-03: given a confirmation that differs, when signing up, then 400 "Passwords do not match"', async () => {
    const res = await stack.t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'confirm@example.com', password: '123456', confirmPassword: '1234567' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Passwords do not match');
  });

  it('VAL-01: given no email, when signing up, then 400 naming the email', async () => {
    const res = await stack.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { password: '123456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please enter your email address.');
  });

  it('ERR-25: given a non-string email, when signing up, then 400 whose message names the field', async () => {
    const res = await stack.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 42, password: '123456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('email') });
  });

  it('ERR-25: given an email already taken (in any case), when signing up, then 409 with a clear message', async () => {
    await signUp(stack.t.app, 'taken@example.com');
    const res = await stack.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'TAKEN@example.com', password: 'another1' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, error: 'An account with this email already exists. Sign in instead.' });
  });

  it('ERR-25: given two sign-ups racing for one email, when both run, then exactly one succeeds (the event store guarantees it)', async () => {
    const attempt = () => stack.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'race@example.com', password: 'secret1' } });
    const statuses = (await Promise.all([attempt(), attempt(), attempt()])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });
});

describe('POST /api/auth/login', () => {
  it('API-26, API-27: given the right password, when logging in with POST /api/auth/login {email, password}, then 200 with tokens for the same uid', async () => {
    const user = await signUp(stack.t.app, 'login@example.com', 'pa55word');
    const res = await stack.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'Login@Example.com', password: 'pa55word' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toEqual({ uid: user.uid, email: 'login@example.com' });
  });

  it('ERR-25, ERR-02: given a wrong password or an unknown email, when logging in, then the same 401 whose error string (the message ERR-02\'s failed sign-in shows) is "Invalid email or password"', async () => {
    await signUp(stack.t.app, 'known@example.com', 'pa55word');
    const wrong = await stack.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'known@example.com', password: 'nope-nope' } });
    const unknown = await stack.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'unknown@example.com', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, error: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('tokens: ROLE-04 bearer on every /api call', () => {
  it('ROLE-04: given no token, a malformed header, or a forged token, when calling /api/auth/user, then 401', async () => {
    const none = await call(stack.t.app, 'GET', '/api/auth/user', null);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, error: 'Authentication required' });
    const basic = await stack.t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(401);
    const forged = await call(stack.t.app, 'GET', '/api/auth/user', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe('Invalid token');
  });

  it("ROLE-01: given a sign-up that asks to be an admin, when reading its answer, its token's claims and the documented /api routes, then the user is only {uid, email}, the token carries no role, scope or permission, and no route is an admin route", async () => {
    // given
    const res = await stack.t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'would-be-admin@example.com', password: 'secret1', role: 'admin', isAdmin: true },
    });
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json().data;
    // when
    const claims = JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const paths = Object.keys((await stack.t.app.inject({ method: 'GET', url: '/api/docs' })).json<{ paths: Record<string, unknown> }>().paths);
    // then
    expect(user).toEqual({ uid: expect.any(String), email: 'would-be-admin@example.com' });
    expect((await call(stack.t.app, 'GET', '/api/auth/user', token)).json().data).toEqual(user);
    expect(claims).toMatchObject({ sub: user.uid, email: user.email, kind: 'access' });
    expect(Object.keys(claims).filter((claim) => /role|scope|perm|admin|group/i.test(claim))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/user', '/api/keys', '/api/settings', '/api/webhook-logs']));
    expect(paths.filter((path) => /admin|role|\/users\b/i.test(path))).toEqual([]);
  });

  it('ROLE-04: given a refresh token used as access token, when calling, then 401', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'GET', '/api/auth/user', user.refreshToken);
    expect(res.statusCode).toBe(401);
  });

  it('ROLE-04: given an access token older than 15 minutes, when calling, then 401 "Token expired"', async () => {
    const user = await signUp(stack.t.app);
    expect((await call(stack.t.app, 'GET', '/api/auth/user', user.token)).statusCode).toBe(200);
    stack.t.advanceClock(16 * 60 * 1000);
    try {
      const res = await call(stack.t.app, 'GET', '/api/auth/user', user.token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Token expired');
      // The refresh token (30 days) still gets a new pair.
      const refreshed = await stack.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } });
      expect(refreshed.statusCode).toBe(200);
      expect((await call(stack.t.app, 'GET', '/api/auth/user', refreshed.json().data.token)).statusCode).toBe(200);
    } finally {
      stack.t.advanceClock(-16 * 60 * 1000);
    }
  });

  it('API-26, API-27: given logout with POST /api/auth/logout, when the same token is used again, then 401 (SessionRevoked is checked on every request)', async () => {
    const user = await signUp(stack.t.app);
    const out = await call(stack.t.app, 'POST', '/api/auth/logout', user.token, { refreshToken: user.refreshToken });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, data: { signedOut: true } });
    const again = await call(stack.t.app, 'GET', '/api/auth/user', user.token);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('Session has been signed out');
    const refresh = await stack.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    const events = await stack.t.store.eventStore.readStream(`user-${user.uid}`);
    expect(events.filter((e) => e.type === 'SessionRevoked')).toHaveLength(2);
  });

  it('API-26, API-27: given a refresh token used once with POST /api/auth/refresh, when reused, then 401 (rotation)', async () => {
    const user = await signUp(stack.t.app);
    const first = await stack.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user.uid).toBe(user.uid);
    const second = await stack.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } });
    expect(second.statusCode).toBe(401);
  });

  it('API-26: given a missing refresh token, when refreshing, then 400 naming the field', async () => {
    const res = await stack.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('refreshToken');
  });
});

describe('password storage, rate limits, logout scope, token lifetimes', () => {
  it('VAL-04, SIGNUP-02: given a sign-up, when reading its UserSignedUp event from the store, then the password is kept only as an argon2id hash (m=19456, t=2, p=1) that verifies', async () => {
    // given
    const password = 'Argon-Check-Pa55';
    const user = await signUp(stack.t.app, undefined, password);
    // when
    const events = await stack.t.store.eventStore.readStream(`user-${user.uid}`);
    // then
    const signedUp = events.find((e) => e.type === 'UserSignedUp');
    const { passwordHash } = signedUp?.data as { passwordHash: string };
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await verifyPassword(passwordHash, password)).toBe(true);
    expect(await verifyPassword(passwordHash, `${password}x`)).toBe(false);
    expect(JSON.stringify(events)).not.toContain(password);
  });

  it('ERR-25: given an auth budget of 2 per minute, when signup, login, refresh, OIDC start and OIDC callback are each called a third time, then 429 in the envelope, while other routes keep the global budget', async () => {
    const strict = await createTestApp({ sim: stack.sim, config: { rateLimit: { max: 1000, authMax: 2 } } });
    try {
      const routes: [string, 'GET' | 'POST', unknown][] = [
        ['/api/auth/signup', 'POST', { email: 'burst@example.com', password: '12345' }],
        ['/api/auth/login', 'POST', { email: 'burst@example.com', password: 'wrong-one' }],
        ['/api/auth/refresh', 'POST', { refreshToken: 'not-a-token' }],
        ['/api/auth/oidc/google/start', 'GET', undefined],
        ['/api/auth/oidc/google/callback?code=x&state=y', 'GET', undefined],
      ];
      for (const [url, method, payload] of routes) {
        const attempt = () => strict.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
        const statuses = [(await attempt()).statusCode, (await attempt()).statusCode];
        expect(
          statuses.every((s) => s !== 429),
          `${url}: ${statuses.join(',')}`,
        ).toBe(true);
        const limited = await attempt();
        expect(limited.statusCode, url).toBe(429);
        expect(limited.json()).toEqual({ success: false, error: 'Too many requests, please try again later.' });
      }
      for (let i = 0; i < 3; i += 1) expect((await strict.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it("API-26, ROLE-03: given A logs out naming B's refresh token, when B refreshes and calls the API, then B's session is untouched and only A's token is revoked", async () => {
    // given
    const a = await signUp(stack.t.app);
    const b = await signUp(stack.t.app);
    // when
    const out = await call(stack.t.app, 'POST', '/api/auth/logout', a.token, { refreshToken: b.refreshToken });
    // then
    expect(out.json()).toEqual({ success: true, data: { signedOut: true } });
    expect((await call(stack.t.app, 'GET', '/api/auth/user', a.token)).statusCode).toBe(401);
    expect((await call(stack.t.app, 'GET', '/api/auth/user', b.token)).json().data.uid).toBe(b.uid);
    const refreshed = await stack.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: b.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.user.uid).toBe(b.uid);
    const revokedOf = async (uid: string) => (await stack.t.store.eventStore.readStream(`user-${uid}`)).filter((e) => e.type === 'SessionRevoked').length;
    expect(await revokedOf(a.uid)).toBe(1);
    expect(await revokedOf(b.uid)).toBe(1); // B's own refresh rotation, not A's logout
  });

  it('ROLE-04: given a refresh token older than 30 days, when refreshing, then 401 "Token expired"; a day earlier it still works', async () => {
    const user = await signUp(stack.t.app);
    const day = 24 * 60 * 60 * 1000;
    stack.t.advanceClock(29 * day);
    try {
      const fresh = await signUp(stack.t.app);
      stack.t.advanceClock(day + 60_000);
      const expired = await stack.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ success: false, error: 'Token expired' });
      const stillValid = await stack.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: fresh.refreshToken } });
      expect(stillValid.statusCode).toBe(200);
    } finally {
      stack.t.advanceClock(-(30 * day + 60_000));
    }
  });
});
