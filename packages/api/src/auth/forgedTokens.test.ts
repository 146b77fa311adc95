/**
 * Issue 32, point 4: tokens the api did not sign as they are are refused, each on its own (the
 * token property of apiFuzz.test.ts also accepts public answers, so it cannot tell a protected
 * route that let one through). `alg: none`, another key and a payload changed under the original
 * signature each answer 401 on protected routes, and never show whose data the claims named.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp } from '../testing/testApp.js';

const stack = useTestApp();

const PROTECTED = ['/api/auth/user', '/api/settings', '/api/webhook-logs', '/api/auth/webhook-url'] as const;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

async function answersTo(token: string) {
  return Promise.all(PROTECTED.map(async (url) => ({ url, res: await call(stack.t.app, 'GET', url, token) })));
}

describe('forged access tokens', () => {
  it('issue 32, point 4: given a real token\'s claims under alg "none" and no signature, when calling protected routes, then every one answers 401 "Invalid token"', async () => {
    // given
    const user = await signUp(stack.t.app);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf(user.token))}.`;
    // when
    const answers = await answersTo(unsigned);
    // then
    for (const { url, res } of answers) expect([url, res.statusCode, res.json()]).toEqual([url, 401, { success: false, error: 'Invalid token' }]);
  });

  it('issue 32, point 4: given the same claims signed HS256 with another key, when calling protected routes, then every one answers 401 "Invalid token"', async () => {
    // given
    const user = await signUp(stack.t.app);
    const claims = claimsOf(user.token);
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(randomBytes(32));
    // when
    const answers = await answersTo(otherKey);
    // then
    for (const { url, res } of answers) expect([url, res.statusCode, res.json()]).toEqual([url, 401, { success: false, error: 'Invalid token' }]);
  });

  it("issue 32, point 4: given A's token with its payload changed to name B under A's signature, when calling protected routes, then 401 and nothing of B in any answer", async () => {
    // given
    const a = await signUp(stack.t.app);
    const b = await signUp(stack.t.app);
    const [header, , signature] = a.token.split('.');
    const tampered = `${header}.${b64({ ...claimsOf(a.token), sub: b.uid, email: b.email })}.${signature}`;
    // when
    const answers = await answersTo(tampered);
    // then
    for (const { url, res } of answers) {
      expect([url, res.statusCode]).toEqual([url, 401]);
      expect(res.body).not.toContain(b.uid);
      expect(res.body).not.toContain(b.email);
    }
    expect((await call(stack.t.app, 'GET', '/api/auth/user', a.token)).statusCode).toBe(200);
  });
});
