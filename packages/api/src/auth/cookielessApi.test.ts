/**
 * Issue 32, point 4: the api has no CSRF surface because no session rides ambient credentials. It
 * never sets a cookie (sign-up, login, refresh), and a request carrying only cookies — what a
 * cross-site form would send — is anonymous.
 */
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../testing/testApp.js';

const stack = useTestApp();

describe('a cookie-less api', () => {
  it('issue 32, point 4: given sign-up, login and refresh, when answered, then no answer sets a cookie', async () => {
    // given
    const user = await signUp(stack.t.app);
    // when
    const answers = [
      await stack.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `cookie-${Date.now()}@example.com`, password: 'correct horse' } }),
      await stack.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } }),
      await stack.t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } }),
    ];
    // then
    expect(answers.map((r) => r.statusCode)).toEqual([201, 200, 200]);
    for (const res of answers) expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("issue 32, point 4: given a cross-site form posting with the user's token only in cookies, when it reaches a protected route, then 401 and nothing is changed", async () => {
    // given
    const user = await signUp(stack.t.app);
    const before = await stack.t.store.eventStore.headPosition();
    // when
    const res = await stack.t.app.inject({
      method: 'POST',
      url: '/api/auth/regenerate-webhook-secret',
      headers: {
        origin: 'https://evil.example',
        cookie: `token=${user.token}; accessToken=${user.token}; authorization=Bearer%20${user.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    // then
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).not.toBe('https://evil.example');
    expect(await stack.t.store.eventStore.headPosition()).toBe(before);
  });
});
