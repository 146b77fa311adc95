import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../testing/registeredRoutes.js';
import { call, keysBody, signUp, useTestApp, type TestUser } from '../testing/testApp.js';
import { fuzzRuns, fuzzSeed } from './fuzzSeed.js';
import { hostileBody, hostileContentType, hostileJson, hostileKey } from './hostileBodies.js';

// Budgets no run reaches: these properties are about what each route does with what it is sent.
const stack = useTestApp({ config: { rateLimit: { max: 1_000_000, authMax: 1_000_000 } } });
const seed = fuzzSeed('/api routes');

/** A path parameter as a sender might fill it: real ids, traversal, escapes, very long, or anything. */
const hostileParam = fc.oneof(
  fc.constantFrom('main', 'BTC', 'ETH', 'st_missing', '..', '../../etc/passwd', '%00', '\u0000', ' ', 'a'.repeat(300), '__proto__', 'constructor'),
  fc.string({ maxLength: 40 }),
);

/** A query string of hostile keys and values (the routes' own names among them). */
const hostileQuery = fc.dictionary(
  fc.oneof(hostileKey, fc.constantFrom('limit', 'before', 'type', 'category', 'strategyId', 'since', 'until', 'at', 'status', 'refresh', 'token')),
  fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('-1', '0', '1e309', 'NaN', '9'.repeat(40), '2026-13-45T99:99:99Z')),
  { maxKeys: 4 },
);

type Route = { method: string; url: string };
type Answer = { success?: unknown; error?: unknown };

/** The routes of /api with a body where one is taken: WebSocket and docs aside. */
function apiRoutes(): Route[] {
  return registeredRoutes(stack.t.app.printRoutes({ commonPrefix: false })).filter(
    ({ method, url }) => url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(method) && url !== '/api/live' && !url.startsWith('/api/docs'),
  );
}

/** The route's URL with its parameters filled and a query after it. */
function urlOf(route: Route, params: readonly string[], query: Record<string, string>): string {
  let index = 0;
  const path = route.url.replace(/:(\w+)/g, () => encodeURIComponent(params[index++ % params.length] ?? 'x'));
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * Never a crash: no 500, and every refusal says why. A 502 or 503 is allowed only as the
 * venue's own failure, in words (a route that reads Hyperliquid when it is unreachable).
 */
function expectHandled(route: Route, status: number, body: string): void {
  const where = `${route.method} ${route.url} → ${status} ${body.slice(0, 300)}`;
  expect(status, where).not.toBe(500);
  expect(status < 500 || status === 502 || status === 503, where).toBe(true);
  if (status >= 400 && status !== 404) {
    const answer = JSON.parse(body) as Answer;
    expect(answer.success, where).toBe(false);
    expect(typeof answer.error === 'string' && answer.error.length > 0 && answer.error !== 'Internal server error', where).toBe(true);
  }
}

let user: TestUser;
beforeAll(async () => {
  user = await signUp(stack.t.app);
  // Keys of a funded simulator account: the routes that read the venue get that far.
  expect((await call(stack.t.app, 'POST', '/api/keys', user.token, keysBody('A'))).statusCode).toBe(200);
});

describe('/api routes under hostile input (issue 32, point 1)', () => {
  it('issue 32, point 1: given every /api route, when sent hostile JSON bodies, parameters and queries with a valid token, then never a 500 and every refusal says why', async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.array(hostileParam, { minLength: 1, maxLength: 2 }), hostileQuery, hostileJson, async (params, query, body) => {
          const withBody = !['GET', 'DELETE'].includes(route.method) || body !== null;
          const res = await stack.t.app.inject({
            method: route.method as 'GET',
            url: urlOf(route, params, query),
            headers: { authorization: `Bearer ${user.token}`, ...(withBody && route.method !== 'GET' ? { 'content-type': 'application/json' } : {}) },
            ...(withBody && route.method !== 'GET' ? { payload: JSON.stringify(body) ?? 'null' } : {}),
          });
          expectHandled(route, res.statusCode, res.body);
        }),
        { seed, numRuns: fuzzRuns(12) },
      );
    }
  });

  it('issue 32, point 1: given every body-taking /api route, when sent bytes that are not JSON under any content type, then never a 500 and every refusal says why', async () => {
    for (const route of apiRoutes().filter(({ method }) => ['POST', 'PUT', 'PATCH'].includes(method))) {
      await fc.assert(
        fc.asyncProperty(hostileBody, hostileContentType, async (body, contentType) => {
          const res = await stack.t.app.inject({
            method: route.method as 'POST',
            url: urlOf(route, ['main'], {}),
            headers: { authorization: `Bearer ${user.token}`, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
            payload: body,
          });
          expectHandled(route, res.statusCode, res.body);
        }),
        { seed, numRuns: fuzzRuns(8) },
      );
    }
  });

  it("issue 32, point 1: given a URL the router cannot read (a broken percent-escape, a segment too long), then the api's own envelope, never the path quoted back", async () => {
    const cases: ['GET' | 'POST', string][] = [
      ['GET', '/api/positions/%E0%A4%A'],
      ['GET', '/api/positions/%'],
      ['GET', `/api/positions/${'a'.repeat(500)}`],
      ['POST', '/hook/%ZZ'],
      ['POST', `/hook/${'b'.repeat(500)}`],
    ];
    for (const [method, url] of cases) {
      const res = await stack.t.app.inject({ method, url, headers: { authorization: `Bearer ${user.token}` } });
      expect([400, 414], url).toContain(res.statusCode);
      expect(res.json(), url).toEqual({ success: false, error: expect.stringMatching(/^The request|^A part of the request URL/) });
      expect(res.body, url).not.toContain(url.slice(url.lastIndexOf('/') + 1));
    }
  });

  it('issue 32, points 1 and 4: given a forged, truncated or foreign token on every /api route, then 401 or a public answer, never a 500', async () => {
    const [header, payload] = user.token.split('.');
    const forged = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom(
        `${header}.${payload}.`,
        `${header}.${payload}`,
        `eyJhbGciOiJub25lIn0.${payload}.`,
        user.refreshToken,
        `${user.token}x`,
        user.token.slice(0, -3),
      ),
    );
    for (const route of apiRoutes()) {
      await fc.assert(
        fc.asyncProperty(forged, async (token) => {
          const res = await stack.t.app.inject({
            method: route.method as 'GET',
            url: urlOf(route, ['main'], {}),
            headers: { authorization: `Bearer ${token}` },
          });
          expectHandled(route, res.statusCode, res.body);
          expect(
            res.statusCode === 401 || res.statusCode < 300 || res.statusCode === 400 || res.statusCode === 404 || res.statusCode === 429,
            `${route.method} ${route.url} took ${token.slice(0, 20)}… → ${res.statusCode}`,
          ).toBe(true);
        }),
        { seed, numRuns: fuzzRuns(6) },
      );
    }
  });
});
