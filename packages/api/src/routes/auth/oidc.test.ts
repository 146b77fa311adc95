import { OidcProviderViewSchema } from '@hyperhook/domain';
import type { Simulator } from '@hyperhook/venue-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { completeProviderLogin, startOidcProvider, type TestOidcProvider } from '../../testing/startOidcProvider.js';
import { call, createTestApp, signUp, startTestSimulator, type TestApp } from '../../testing/testApp.js';

const CALLBACK = 'https://hyperhook.test/api/auth/oidc/google/callback';

let sim: Simulator;
let idp: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  sim = await startTestSimulator();
  idp = await startOidcProvider(CALLBACK);
  t = await createTestApp({
    sim,
    config: {
      oidcProviders: [
        { id: 'google', label: 'Google', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowInsecureRequests: true },
      ],
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await sim.close();
});

/** The message the callback page posts to its opener. */
function postedMessage(html: string): Record<string, unknown> {
  const json = /var message = (.*);/.exec(html)?.[1];
  if (json === undefined) throw new Error(`no message in ${html}`);
  return JSON.parse(json) as Record<string, unknown>;
}

/** Runs the whole popup flow for `login` and answers the callback page. */
async function signInWithProvider(login: string) {
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0] as string;
  const location = String(start.headers.location);
  expect(location).toContain('code_challenge_method=S256');
  const callbackUrl = await completeProviderLogin(location, login, CALLBACK);
  const url = new URL(callbackUrl);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie } });
}

describe('OIDC sign-in (authorization code + PKCE)', () => {
  it('API-26: given a first sign-in, when the callback returns, then the page posts tokens to PUBLIC_URL and the account is created without a password', async () => {
    const page = await signInWithProvider('alice');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
    expect(page.body).toContain('"https://hyperhook.test"');
    const message = postedMessage(page.body);
    expect(message).toMatchObject({ type: 'hyperhook:oidc', ok: true, user: { email: 'alice@oidc.test' } });
    const me = await call(t.app, 'GET', '/api/auth/user', message.token as string);
    expect(me.json().data.email).toBe('alice@oidc.test');
    const uid = me.json().data.uid as string;
    const events = await t.store.eventStore.readStream(`user-${uid}`);
    expect(events.map((e) => e.type)).toEqual(['UserSignedUp', 'ExternalIdentityLinked', 'WebhookSecretRotated', 'StrategyCreated']);
    expect((events[0]?.data as { passwordHash: unknown }).passwordHash).toBeNull();
    // No password: email login is refused like any wrong password.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'alice@oidc.test', password: 'anything' } });
    expect(login.statusCode).toBe(401);

    // A second sign-in lands in the same account.
    const again = postedMessage((await signInWithProvider('alice')).body);
    expect((again.user as { uid: string }).uid).toBe(uid);
  });

  it('API-26: given a password account with the same verified email, when signing in with the provider, then the identity is linked to it', async () => {
    const user = await signUp(t.app, 'bob@oidc.test');
    const message = postedMessage((await signInWithProvider('bob')).body);
    expect((message.user as { uid: string }).uid).toBe(user.uid);
    expect((await t.store.eventStore.readStream(`user-${user.uid}`)).map((e) => e.type)).toContain('ExternalIdentityLinked');
  });

  it('ERR-03: given an unverified email that belongs to a password account, when signing in, then the page posts a clear error and links nothing', async () => {
    await signUp(t.app, 'unverified-carol@oidc.test');
    const message = postedMessage((await signInWithProvider('unverified-carol')).body);
    expect(message).toEqual({ type: 'hyperhook:oidc', ok: false, error: 'An account with this email already exists. Sign in with your password.' });
  });

  it('ERR-04: given the user cancelled at the provider, when the callback returns access_denied, then the page posts cancelled', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/google/callback?error=access_denied&state=x' });
    expect(postedMessage(page.body)).toEqual({ type: 'hyperhook:oidc', ok: false, cancelled: true });
  });

  it('ERR-03: given a callback without the flow cookie (forged or expired), when it returns, then "Failed to sign in with Google"', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/google/callback?code=abc&state=def' });
    expect(postedMessage(page.body)).toEqual({ type: 'hyperhook:oidc', ok: false, error: 'Failed to sign in with Google' });
  });

  it('ERR-03: given a stolen code replayed with another flow cookie, when it returns, then "Failed to sign in with Google"', async () => {
    const victimStart = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
    const callbackUrl = new URL(await completeProviderLogin(String(victimStart.headers.location), 'dave', CALLBACK));
    const attacker = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
    const cookie = String(attacker.headers['set-cookie']).split(';')[0] as string;
    const page = await t.app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}`, headers: { cookie } });
    expect(postedMessage(page.body)).toMatchObject({ ok: false, error: 'Failed to sign in with Google' });
  });

  it('API-26: given an unknown provider, when starting, then JSON 404; the provider list names Google', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/github/start' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Unknown sign-in provider "github"' });
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(list.json().data).toEqual([{ id: 'google', label: 'Google', startUrl: '/api/auth/oidc/google/start' }]);
  });

  it("API-26, CARD-24: given the provider list, when reading /api/docs, then its answer is documented as the envelope of the domain's provider view, and the route as public", async () => {
    // when
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const operation = doc.paths['/api/auth/oidc/providers'].get;
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    // then
    expect(operation.security).toEqual([]);
    expect(operation.responses['200'].content['application/json'].schema).toMatchObject({
      required: expect.arrayContaining(['success', 'data']),
      properties: { data: { type: 'array', items: { type: 'object', required: ['id', 'label', 'startUrl'] } } },
    });
    expect(z.array(OidcProviderViewSchema).parse(list.json().data)).toEqual(list.json().data);
  });
});
