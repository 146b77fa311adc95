import { OidcProviderListSchema, type OidcPopupMessage } from '@hyperhook/domain';
import * as client from 'openid-client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OidcProviderConfig } from '../../appDeps.js';
import { popupPage } from '../../auth/oidc/popupPage.js';
import { oidcCookieName, OIDC_STATE_TTL_SECONDS, openFlowState, readCookie, sealFlowState } from '../../auth/oidc/oidcState.js';
import { resolveOidcAccount } from '../../auth/oidc/resolveOidcAccount.js';
import { issueSession } from '../../auth/tokens.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from './schemas.js';

const DEFAULT_SCOPE = 'openid email profile';

/**
 * Sign in with Google or any OpenID Connect provider: authorization code + PKCE (S256),
 * state and nonce, all kept in a signed HttpOnly cookie scoped to the provider's path.
 * GET /api/auth/oidc/:provider/start redirects to the provider; its callback renders a page that
 * posts `{token, refreshToken, user}` to the PWA (PUBLIC_URL origin) and closes. A cancelled
 * sign-in posts `{cancelled: true}` (ignored by the PWA); a failure posts
 * "Failed to sign in with <label>", the detail going to the log only.
 */
export const oidcRoutes: FastifyPluginAsyncZod<{ authRateLimit: number }> = async (app, options) => {
  const { config } = app.deps;
  const providers = new Map(config.oidcProviders.map((p) => [p.id, p]));
  const discovered = new Map<string, Promise<client.Configuration>>();
  const origin = new URL(config.publicUrl).origin;
  const secureCookie = config.publicUrl.startsWith('https:');

  const providerOf = (id: string): OidcProviderConfig => {
    const provider = providers.get(id);
    if (provider === undefined) throw new ApiError(404, `Unknown sign-in provider "${id}"`);
    return provider;
  };
  const configurationOf = (provider: OidcProviderConfig): Promise<client.Configuration> => {
    let found = discovered.get(provider.id);
    if (found === undefined) {
      found = client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret,
        provider.clientSecret === undefined ? client.None() : undefined,
        provider.allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      // A failed discovery (provider down) must not be cached forever.
      found.catch(() => discovered.delete(provider.id));
      discovered.set(provider.id, found);
    }
    return found;
  };
  const redirectUri = (provider: OidcProviderConfig) => `${config.publicUrl}/api/auth/oidc/${provider.id}/callback`;
  const cookiePath = (provider: OidcProviderConfig) => `/api/auth/oidc/${provider.id}`;
  const cookie = (provider: OidcProviderConfig, value: string, maxAge: number) =>
    `${oidcCookieName(provider.id)}=${value}; Path=${cookiePath(provider)}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`;

  const Params = z.object({ provider: z.string().regex(/^[a-z0-9_]{1,50}$/) });
  const routeConfig = { rateLimit: { max: options.authRateLimit } };

  app.get('/auth/oidc/providers', { schema: { tags: ['auth'], security: [], response: { 200: envelopeOf(OidcProviderListSchema) } } }, async () =>
    ok(config.oidcProviders.map((p) => ({ id: p.id, label: p.label, startUrl: `/api/auth/oidc/${p.id}/start` }))),
  );

  app.get('/auth/oidc/:provider/start', { config: routeConfig, schema: { tags: ['auth'], params: Params } }, async (request, reply) => {
    const provider = providerOf(request.params.provider);
    let configuration: client.Configuration;
    try {
      configuration = await configurationOf(provider);
    } catch (error) {
      request.log.warn({ err: error, provider: provider.id }, 'OIDC discovery failed');
      throw new ApiError(502, `Failed to sign in with ${provider.label}`);
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const flow = { provider: provider.id, state: client.randomState(), nonce: client.randomNonce(), codeVerifier };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri(provider),
      scope: provider.scope ?? DEFAULT_SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    const sealed = await sealFlowState(config.jwtSecret, app.deps.clock(), flow);
    return reply.header('set-cookie', cookie(provider, sealed, OIDC_STATE_TTL_SECONDS)).redirect(url.href, 302);
  });

  app.get(
    '/auth/oidc/:provider/callback',
    { config: routeConfig, schema: { tags: ['auth'], params: Params, querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])) } },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const render = (message: OidcPopupMessage) => {
        const page = popupPage(message, origin);
        return (
          reply
            .header('set-cookie', cookie(provider, '', 0))
            .header('content-security-policy', page.csp)
            // The page must keep its window.opener across the provider's cross-origin pages.
            .header('cross-origin-opener-policy', 'unsafe-none')
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(page.html)
        );
      };
      const failed = (message = `Failed to sign in with ${provider.label}`) => render({ type: 'hyperhook:oidc', ok: false, error: message });

      if (request.query.error === 'access_denied') return render({ type: 'hyperhook:oidc', ok: false, cancelled: true });
      const flow = await openFlowState(config.jwtSecret, app.deps.clock(), readCookie(request.headers.cookie, oidcCookieName(provider.id)), provider.id);
      if (flow === null) return failed();
      try {
        const configuration = await configurationOf(provider);
        const tokens = await client.authorizationCodeGrant(configuration, new URL(request.url, config.publicUrl), {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (claims === undefined) return failed();
        // Some providers put email only in the UserInfo answer (scope claims), not the ID token;
        // fetchUserInfo checks that its `sub` is the ID token's.
        const profile = typeof claims.email === 'string' ? claims : await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        const account = await resolveOidcAccount(app.deps, {
          issuer: claims.iss,
          subject: claims.sub,
          email: typeof profile.email === 'string' ? profile.email : null,
          emailVerified: profile.email_verified === true,
        });
        await awaitProjection(app.deps, request.log, account.position);
        const session = await issueSession(config.jwtSecret, app.deps.clock(), { uid: account.uid, email: account.email });
        return render({ type: 'hyperhook:oidc', ok: true, ...session });
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 409) return failed(error.message);
        request.log.warn({ err: error, provider: provider.id }, 'OIDC sign-in failed');
        return failed();
      }
    },
  );
};
