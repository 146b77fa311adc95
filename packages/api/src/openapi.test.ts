import { DEFAULT_SETTINGS } from '@hyperhook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPushService, type LocalPushService } from './push/testing/localPushService.js';
import { createTestBrowser } from './push/testing/testBrowser.js';
import { holdForApproval } from './testing/holdForApproval.js';
import { openBtcLong } from './testing/openBtcLong.js';
import { registeredRoutes } from './testing/registeredRoutes.js';
import { ADDRESSES, call, keysBody, KEYS, signUp, useTestApp } from './testing/testApp.js';

// Notification channels may target the local push service (on loopback) for the envelope check.
const stack = useTestApp({ config: { notifications: { allowPrivateTargets: true } } });

// The test push of the envelope check needs a push service that answers.
let pushService: LocalPushService;
beforeAll(async () => {
  pushService = await startLocalPushService();
});
afterAll(async () => {
  await pushService?.close();
});

type JsonSchema = { type?: string; properties?: Record<string, unknown>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };
type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema & { required?: string[] } }> }>;
};
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The object a body schema describes, also when it may be null (`anyOf: [object, null]`). */
const objectOf = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.type === 'object' ? schema : [...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].find((member) => member.type === 'object');

/** `:symbol` → `{symbol}`, as OpenAPI writes path parameters. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Routes that take no body by contract: API-07, API-10, API-13, API-23, and the test push. */
const NO_BODY = new Set([
  'POST /api/auth/regenerate-webhook-secret',
  'DELETE /api/keys',
  'POST /api/settings/reset',
  'POST /api/referral/join-click',
  'POST /api/push/test',
  'POST /api/notifications/test',
  'POST /api/trading/pause-all',
  'POST /api/trading/resume-all',
  'POST /api/strategies/:id/pause',
  'POST /api/strategies/:id/resume',
  'POST /api/strategies/:id/reset-settings',
  'POST /api/strategies/:id/regenerate-webhook-secret',
  'POST /api/strategies/:id/promote',
  'DELETE /api/strategies/:id',
  'POST /api/approvals/:logId/approve',
  'POST /api/approvals/:logId/reject',
]);

/** Routes whose body is a file as text, not JSON: a backtest's List of trades (issue 43). */
const TEXT_BODY = new Map([['POST /api/strategies/:id/backtests', 'text/csv']]);

describe('OpenAPI document at /api/docs', () => {
  it('CARD-24, API-01: given every route registered on the app, when reading /api/docs as JSON, then each /api method and path is documented, and every body-taking route has a request schema', async () => {
    // given
    const routes = registeredRoutes(stack.t.app.printRoutes({ commonPrefix: false })).filter(
      // HEAD and OPTIONS are Fastify's and CORS's automatic companions; /api/docs is the document itself.
      ({ method, url }) => url.startsWith('/api/') && method !== 'HEAD' && method !== 'OPTIONS' && url !== '/api/docs',
    );
    // when
    const res = await stack.t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = res.json<OpenApiDocument>();
    // then
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    expect(routes.length).toBeGreaterThan(30);
    const undocumented = routes.filter(({ method, url }) => doc.paths[openApiPath(url)]?.[method.toLowerCase()] === undefined);
    expect(undocumented).toEqual([]);
    const withoutBodySchema = routes
      .filter(
        ({ method, url }) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(method) && !NO_BODY.has(`${method} ${url}`) && !TEXT_BODY.has(`${method} ${url}`),
      )
      .filter(({ method, url }) => {
        const schema = objectOf(doc.paths[openApiPath(url)]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema);
        return Object.keys(schema?.properties ?? {}).length === 0;
      });
    expect(withoutBodySchema).toEqual([]);
    for (const [operation, contentType] of TEXT_BODY) {
      const [method = '', url = ''] = operation.split(' ');
      expect(doc.paths[openApiPath(url)]?.[method.toLowerCase()]?.requestBody?.content?.[contentType]?.schema, operation).toMatchObject({ type: 'string' });
    }
  });

  it('CARD-28, CARD-25: given the push and live routes, when reading /api/docs, then the subscription bodies and the WebSocket handshake are described', async () => {
    const doc = (await stack.t.app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
    const bodyOf = (method: string, path: string) => doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
    expect(Object.keys(bodyOf('post', '/api/push/subscription')?.properties ?? {})).toEqual(expect.arrayContaining(['endpoint', 'keys']));
    expect(Object.keys(bodyOf('delete', '/api/push/subscription')?.properties ?? {})).toEqual(['endpoint']);
    expect(doc.paths['/api/live']?.get).toMatchObject({ tags: ['live'], responses: { 101: expect.anything(), 401: expect.anything() } });
  });

  it('API-03: given every documented /api route and the webhook intake, when each answers successfully, then its content is under `data` of {success: true, data}, as its documented 2xx JSON answer says', async () => {
    // given: a user with keys of an account holding a BTC long, so every read has something to answer
    const placed = await openBtcLong(
      stack.t.client,
      { accountAddress: ADDRESSES.masterA, agentPrivateKey: KEYS.agentA, isTestnet: true },
      '0.01',
      `0x${'78'.repeat(16)}`,
    );
    expect(placed.outcome.kind).toBe('filled');
    const doc = (await stack.t.app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
    const user = await signUp(stack.t.app, 'envelope@example.com', 'secret1');
    const endpoint = `${pushService.origin}/envelope`;
    // Two entries awaiting the user's approval: one to approve, one to reject.
    const [toApprove, toReject] = [await holdForApproval(stack.t, user.uid), await holdForApproval(stack.t, user.uid)];
    // [documented operation, method, url, body, token]: every success the contract offers.
    const calls: [string, string, string, unknown, string | null][] = [
      ['POST /api/auth/login', 'POST', '/api/auth/login', { email: 'envelope@example.com', password: 'secret1' }, null],
      ['POST /api/auth/refresh', 'POST', '/api/auth/refresh', { refreshToken: user.refreshToken }, null],
      ['GET /api/auth/oidc/providers', 'GET', '/api/auth/oidc/providers', undefined, null],
      ['GET /api/config', 'GET', '/api/config', undefined, null],
      ['GET /api/auth/user', 'GET', '/api/auth/user', undefined, user.token],
      ['GET /api/auth/webhook-url', 'GET', '/api/auth/webhook-url', undefined, user.token],
      ['POST /api/auth/regenerate-webhook-secret', 'POST', '/api/auth/regenerate-webhook-secret', undefined, user.token],
      ['GET /api/webhook/ip-allowlist', 'GET', '/api/webhook/ip-allowlist', undefined, user.token],
      ['PUT /api/webhook/ip-allowlist', 'PUT', '/api/webhook/ip-allowlist', { ips: [] }, user.token],
      ['POST /api/keys', 'POST', '/api/keys', keysBody('A'), user.token],
      ['GET /api/keys', 'GET', '/api/keys', undefined, user.token],
      ['GET /api/settings', 'GET', '/api/settings', undefined, user.token],
      ['PUT /api/settings', 'PUT', '/api/settings', DEFAULT_SETTINGS, user.token],
      ['POST /api/settings/reset', 'POST', '/api/settings/reset', undefined, user.token],
      ['GET /api/positions/sync', 'GET', '/api/positions/sync', undefined, user.token],
      ['GET /api/positions', 'GET', '/api/positions', undefined, user.token],
      ['GET /api/positions/breakdown', 'GET', '/api/positions/breakdown', undefined, user.token],
      ['GET /api/orders/open', 'GET', '/api/orders/open', undefined, user.token],
      ['GET /api/positions/{symbol}', 'GET', '/api/positions/BTC', undefined, user.token],
      ['GET /api/balance', 'GET', '/api/balance', undefined, user.token],
      ['POST /api/orders/preview', 'POST', '/api/orders/preview', { alert: '{"symbol":"BTCUSDT","action":"buy"}' }, user.token],
      ['GET /api/market/{coin}', 'GET', '/api/market/BTC', undefined, user.token],
      ['GET /api/exchange-budget', 'GET', '/api/exchange-budget', undefined, user.token],
      ['GET /api/trading', 'GET', '/api/trading', undefined, user.token],
      ['POST /api/trading/pause-all', 'POST', '/api/trading/pause-all', undefined, user.token],
      ['POST /api/trading/resume-all', 'POST', '/api/trading/resume-all', undefined, user.token],
      ['POST /api/positions/close-all', 'POST', '/api/positions/close-all', { confirm: 'CLOSE ALL' }, user.token],
      ['GET /api/strategies', 'GET', '/api/strategies', undefined, user.token],
      ['POST /api/strategies', 'POST', '/api/strategies', { name: 'Envelope check' }, user.token],
      ['PATCH /api/strategies/{id}', 'PATCH', '/api/strategies/main', { name: 'First' }, user.token],
      ['PUT /api/strategies/{id}/settings', 'PUT', '/api/strategies/main/settings', DEFAULT_SETTINGS, user.token],
      ['PUT /api/strategies/{id}/filters', 'PUT', '/api/strategies/main/filters', { cooldownMinutes: 15 }, user.token],
      ['PUT /api/account/filters', 'PUT', '/api/account/filters', { dailyLossLimitUsd: 500 }, user.token],
      ['GET /api/account/filters', 'GET', '/api/account/filters', undefined, user.token],
      ['POST /api/strategies/{id}/pause', 'POST', '/api/strategies/main/pause', undefined, user.token],
      ['POST /api/strategies/{id}/resume', 'POST', '/api/strategies/main/resume', undefined, user.token],
      ['POST /api/strategies/{id}/reset-settings', 'POST', '/api/strategies/main/reset-settings', undefined, user.token],
      ['POST /api/strategies/{id}/regenerate-webhook-secret', 'POST', '/api/strategies/main/regenerate-webhook-secret', undefined, user.token],
      ['GET /api/webhook-logs', 'GET', '/api/webhook-logs', undefined, user.token],
      ['GET /api/webhook-logs/refusals', 'GET', '/api/webhook-logs/refusals', undefined, user.token],
      ['GET /api/approvals', 'GET', '/api/approvals', undefined, user.token],
      ['POST /api/approvals/{logId}/approve', 'POST', `/api/approvals/${toApprove.logId}/approve`, undefined, user.token],
      ['POST /api/approvals/{logId}/reject', 'POST', `/api/approvals/${toReject.logId}/reject`, undefined, user.token],
      ['GET /api/history', 'GET', '/api/history', undefined, user.token],
      ['GET /api/history/state', 'GET', `/api/history/state?at=${new Date().toISOString()}`, undefined, user.token],
      ['GET /api/analytics', 'GET', '/api/analytics?strategyId=main', undefined, user.token],
      ['GET /api/strategies/{id}/backtests', 'GET', '/api/strategies/main/backtests', undefined, user.token],
      ['GET /api/referral', 'GET', '/api/referral', undefined, user.token],
      ['POST /api/referral/self-report', 'POST', '/api/referral/self-report', { joinedViaReferral: true }, user.token],
      ['POST /api/referral/decline', 'POST', '/api/referral/decline', { reason: 'later' }, user.token],
      ['POST /api/referral/join-click', 'POST', '/api/referral/join-click', undefined, user.token],
      ['POST /api/referral/events', 'POST', '/api/referral/events', { type: 'envelope_check', metadata: {} }, user.token],
      ['GET /api/push/vapid-public-key', 'GET', '/api/push/vapid-public-key', undefined, null],
      ['POST /api/push/subscription', 'POST', '/api/push/subscription', { endpoint, keys: createTestBrowser().keys, expirationTime: null }, user.token],
      ['POST /api/push/test', 'POST', '/api/push/test', undefined, user.token],
      ['DELETE /api/push/subscription', 'DELETE', '/api/push/subscription', { endpoint }, user.token],
      ['GET /api/notifications', 'GET', '/api/notifications', undefined, user.token],
      ['PUT /api/notifications', 'PUT', '/api/notifications', { channels: [{ type: 'webhook', url: `${pushService.origin}/notify` }] }, user.token],
      ['POST /api/notifications/test', 'POST', '/api/notifications/test', undefined, user.token],
      ['GET /api/notifications/deliveries', 'GET', '/api/notifications/deliveries', undefined, user.token],
      ['DELETE /api/keys', 'DELETE', '/api/keys', undefined, user.token],
      ['POST /api/auth/logout', 'POST', '/api/auth/logout', { refreshToken: user.refreshToken }, user.token],
    ];
    // when
    const answers: { operation: string; status: number; body: Record<string, unknown> }[] = [];
    const signup = await stack.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'envelope-2@example.com', password: 'secret1' } });
    answers.push({ operation: 'POST /api/auth/signup', status: signup.statusCode, body: signup.json() });
    // Before the calls sign the user out: a backtest's List of trades is posted as the CSV file it is, then compared again by its id.
    const exported =
      'Trade #,Type,Signal,Date/Time,Price USDT,Contracts,Profit USDT\n1,Exit Long,Close,2026-12-01 16:00,3100,0.5,50\n1,Entry Long,Long,2026-12-01 10:00,3000,0.5,';
    const uploaded = await stack.t.app.inject({
      method: 'POST',
      url: '/api/strategies/main/backtests',
      payload: exported,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/csv' },
    });
    answers.push({ operation: 'POST /api/strategies/{id}/backtests', status: uploaded.statusCode, body: uploaded.json() });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const compared = await call(stack.t.app, 'GET', `/api/strategies/main/backtests/${uploaded.json().data.backtestId}`, user.token);
    answers.push({ operation: 'GET /api/strategies/{id}/backtests/{backtestId}', status: compared.statusCode, body: compared.json() });
    for (const [operation, method, url, body, token] of calls) {
      if (operation === 'GET /api/auth/webhook-url') {
        // The intake answers the same way: post one alert to the URL this read answers.
        const res = await call(stack.t.app, 'GET', url, token);
        answers.push({ operation, status: res.statusCode, body: res.json() });
        const hook = await stack.t.app.inject({
          method: 'POST',
          url: new URL(res.json().data.webhookUrl).pathname,
          payload: '{"symbol":"BTC","action":"buy"}',
          headers: { 'content-type': 'text/plain' },
        });
        answers.push({ operation: 'POST /hook/{secret}', status: hook.statusCode, body: hook.json() });
        continue;
      }
      const res = await call(stack.t.app, method as 'GET', url, token, body);
      answers.push({ operation, status: res.statusCode, body: res.json() });
      if (operation === 'POST /api/strategies') {
        // Only a strategy created here can be deleted (the first one is kept).
        const removed = await call(stack.t.app, 'DELETE', `/api/strategies/${res.json().data.id}`, token);
        answers.push({ operation: 'DELETE /api/strategies/{id}', status: removed.statusCode, body: removed.json() });
        // A paper strategy's resting orders are read, it is reset, then promoted (the user has keys by now).
        const paper = (await call(stack.t.app, 'POST', '/api/strategies', token, { name: 'Envelope paper', venue: 'paper' })).json().data.id as string;
        for (const [paperOperation, paperUrl, paperBody] of [
          ['GET /api/orders/paper', `/api/orders/paper?strategyId=${paper}`, undefined],
          ['POST /api/strategies/{id}/paper-reset', `/api/strategies/${paper}/paper-reset`, { balance: 5000 }],
          ['POST /api/strategies/{id}/promote', `/api/strategies/${paper}/promote`, undefined],
        ] as const) {
          const answer = await call(stack.t.app, paperOperation.startsWith('GET') ? 'GET' : 'POST', paperUrl, token, paperBody);
          answers.push({ operation: paperOperation, status: answer.statusCode, body: answer.json() });
        }
      }
    }
    // then: every answer is the envelope, with something under data
    for (const { operation, status, body } of answers) {
      expect([operation, status >= 200 && status < 300], JSON.stringify(body)).toEqual([operation, true]);
      expect([operation, Object.keys(body).sort(), body.success], JSON.stringify(body)).toEqual([operation, ['data', 'success'], true]);
      expect(body.data, operation).not.toBeUndefined();
    }
    // Every documented operation was answered above, except the redirect and page of the OIDC flow, the WebSocket upgrade
    // and the downloads (NDJSON and CSV files, tested in history.test.ts and analytics.test.ts).
    const NOT_JSON = new Set([
      'GET /api/auth/oidc/{provider}/start',
      'GET /api/auth/oidc/{provider}/callback',
      'GET /api/live',
      'GET /api/history/export.ndjson',
      'GET /api/history/fills.csv',
      'GET /api/analytics/trades.csv',
    ]);
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const answered = new Set(answers.map((a) => a.operation));
    expect(documented.filter((operation) => !NOT_JSON.has(operation) && !answered.has(operation))).toEqual([]);
    // And every documented 2xx JSON answer is described as that envelope.
    const notEnvelope = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.entries(operation.responses ?? {})
          .filter(([code, response]) => code.startsWith('2') && response.content?.['application/json'] !== undefined)
          .filter(([, response]) => {
            const schema = response.content?.['application/json']?.schema;
            return !(schema?.required?.includes('success') && schema.required.includes('data') && schema.properties?.data !== undefined);
          })
          .map(([code]) => `${method.toUpperCase()} ${path} ${code}`),
      ),
    );
    expect(notEnvelope).toEqual([]);
  });
});
