import { createServer, type Server } from 'node:net';
import Provider from 'oidc-provider';

/** A free loopback port: the issuer must contain its port, so it is chosen before the provider starts. */
async function freePort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A running local OpenID Connect provider (oidc-provider with its development login form). */
export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  close(): Promise<void>;
}

/**
 * Starts oidc-provider on loopback (toolchain.md §9): one confidential client whose redirect URI is
 * the gateway's callback, PKCE required, and accounts whose email is `<login>@oidc.test`
 * (verified unless the login starts with "unverified").
 */
export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'web',
        client_secret: 'dev-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        scope: 'openid email profile',
      },
    ],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@oidc.test`, email_verified: !sub.startsWith('unverified') }),
    }),
    cookies: { keys: ['test-cookie-key'] },
  });
  provider.on('server_error', (_ctx: unknown, error: unknown) => console.error('oidc-provider server_error', error));
  const server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    clientId: 'web',
    clientSecret: 'dev-secret',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Drives the provider's development login like a browser: follows redirects with a cookie jar and
 * submits each form (login as `login`, then consent) until the provider redirects to `callbackPrefix`.
 * Resolves that callback URL.
 */
export async function completeProviderLogin(authorizationUrl: string, login: string, callbackPrefix: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
  };
  let response = await fetch(authorizationUrl, { redirect: 'manual' });
  let url = authorizationUrl;
  for (let step = 0; step < 20; step += 1) {
    remember(response);
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location') ?? '', url).href;
      if (location.startsWith(callbackPrefix)) return location;
      url = location;
      response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (action === undefined) throw new Error(`no form at ${url} (${response.status}): ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]+)"/.exec(tag)?.[1];
      if (name !== undefined) fields.set(name, /value="([^"]*)"/.exec(tag)?.[1] ?? '');
    }
    if (fields.has('login')) fields.set('login', login);
    if (fields.has('password')) fields.set('password', 'any');
    url = new URL(action, url).href;
    response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
  }
  throw new Error('the provider never redirected to the callback');
}
