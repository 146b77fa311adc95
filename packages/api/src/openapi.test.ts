import { describe, expect, it } from 'vitest';
import { useTestApp } from './testing/testApp.js';

const stack = useTestApp();

type JsonSchema = { type?: string; properties?: Record<string, unknown>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };
type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/**
 * Every method + path the app serves, read from `printRoutes({ commonPrefix: false })`: one line
 * per node, indented four characters per level, a child's text continuing its parent's path.
 */
function registeredRoutes(tree: string): { method: string; url: string }[] {
  const parents: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = url;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

/** The object a body schema describes, also when it may be null (`anyOf: [object, null]`). */
const objectOf = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.type === 'object' ? schema : [...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].find((member) => member.type === 'object');

/** `:symbol` → `{symbol}`, as OpenAPI writes path parameters. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Routes that take no body by contract: API-07, API-10, API-13, API-23. */
const NO_BODY = new Set(['POST /api/auth/regenerate-webhook-secret', 'DELETE /api/keys', 'POST /api/settings/reset', 'POST /api/referral/join-click']);

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
      .filter(({ method, url }) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(method) && !NO_BODY.has(`${method} ${url}`))
      .filter(({ method, url }) => {
        const schema = objectOf(doc.paths[openApiPath(url)]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema);
        return Object.keys(schema?.properties ?? {}).length === 0;
      });
    expect(withoutBodySchema).toEqual([]);
  });

  it('CARD-28, CARD-25: given the push and live routes, when reading /api/docs, then the subscription bodies and the WebSocket handshake are described', async () => {
    const doc = (await stack.t.app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
    const bodyOf = (method: string, path: string) => doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
    expect(Object.keys(bodyOf('post', '/api/push/subscription')?.properties ?? {})).toEqual(expect.arrayContaining(['endpoint', 'keys']));
    expect(Object.keys(bodyOf('delete', '/api/push/subscription')?.properties ?? {})).toEqual(['endpoint']);
    expect(doc.paths['/api/live']?.get).toMatchObject({ tags: ['live'], responses: { 101: expect.anything(), 401: expect.anything() } });
  });
});
