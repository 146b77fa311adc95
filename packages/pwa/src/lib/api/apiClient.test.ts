import { SessionViewSchema, UserViewSchema } from '@hyperhook/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useSessionStore } from '../auth/sessionStore';
import { useToastStore } from '../toasts/toastStore';
import { testSession } from '../../test/fixtures';
import { fail, ok, server } from '../../test/server';
import { api, apiFile } from './apiClient';
import { ApiError } from './apiError';

const signIn = () => useSessionStore.setState({ status: 'signedIn', session: testSession(), endedBecause: null });

describe('api client (spec §7)', () => {
  it('API-01, ROLE-04, API-03: given a signed-in user, when calling, then the bearer token and JSON body are sent and the data of the envelope is answered', async () => {
    signIn();
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.put('/api/settings', async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), type: request.headers.get('content-type'), body: await request.json() };
        return ok({ uid: 'user-1', email: 'a@b.c' });
      }),
    );
    const answer = await api('/api/settings', { method: 'PUT', body: { x: 1 }, schema: UserViewSchema });
    expect(answer).toEqual({ uid: 'user-1', email: 'a@b.c' });
    expect(seen).toEqual({ auth: `Bearer ${testSession().token}`, type: 'application/json', body: { x: 1 } });
  });

  it('issue 43, point 2: given a text body (a CSV upload), then it is POSTed as it is, with its own content type and the bearer token', async () => {
    signIn();
    let seen: { auth: string | null; type: string | null; body: string } | undefined;
    server.use(
      http.post('/api/strategies/st_1/backtests', async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), type: request.headers.get('content-type'), body: await request.text() };
        return ok({ uid: 'user-1', email: 'a@b.c' });
      }),
    );
    await api('/api/strategies/st_1/backtests', { text: { contentType: 'text/csv', body: 'Trade #,Type\n1,Entry long' }, schema: UserViewSchema });
    expect(seen).toEqual({ auth: `Bearer ${testSession().token}`, type: 'text/csv', body: 'Trade #,Type\n1,Entry long' });
  });

  it('ERR-01: given a refusal with an error string, then that string; without one, "API request failed"', async () => {
    signIn();
    server.use(http.get('/api/keys', () => fail(400, 'No API keys configured')));
    await expect(api('/api/keys', { schema: z.unknown() })).rejects.toMatchObject({
      message: 'No API keys configured',
      status: 400,
      serverMessage: 'No API keys configured',
    });
    server.use(http.get('/api/keys', () => new HttpResponse('<html>gateway down</html>', { status: 502 })));
    await expect(api('/api/keys', { schema: z.unknown() })).rejects.toMatchObject({ message: 'API request failed', status: 502, serverMessage: null });
  });

  it('ERR-01: given no network, then "API request failed" marked as a network error', async () => {
    server.use(http.get('/api/keys', () => HttpResponse.error()));
    const error = await api('/api/keys', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).message, (error as ApiError).isNetworkError]).toEqual(['API request failed', true]);
  });

  it('given an answer of an unexpected shape, then it is refused as "API request failed" rather than trusted', async () => {
    server.use(http.get('/api/auth/user', () => ok({ uid: 7 })));
    await expect(api('/api/auth/user', { schema: UserViewSchema })).rejects.toMatchObject({ message: 'API request failed' });
  });

  it('given an expired access token (401), when calling, then the session is renewed once through /api/auth/refresh and the call retried with the new token', async () => {
    signIn();
    const renewed = testSession('renewed@example.com');
    const tokens: (string | null)[] = [];
    let refreshes = 0;
    server.use(
      http.get('/api/auth/user', ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        return tokens.length === 1 ? fail(401, 'Token expired') : ok({ uid: 'user-1', email: 'renewed@example.com' });
      }),
      http.post('/api/auth/refresh', async ({ request }) => {
        refreshes += 1;
        expect(await request.json()).toEqual({ refreshToken: testSession().refreshToken });
        return ok(SessionViewSchema.parse({ ...renewed, token: `${renewed.token}x` }));
      }),
    );
    await expect(api('/api/auth/user', { schema: UserViewSchema })).resolves.toEqual({ uid: 'user-1', email: 'renewed@example.com' });
    expect(refreshes).toBe(1);
    expect(tokens).toEqual([`Bearer ${testSession().token}`, `Bearer ${renewed.token}x`]);
    expect(useSessionStore.getState().session?.token).toBe(`${renewed.token}x`);
  });

  it("given a 401 that renewal cannot cure, then the user is signed out cleanly with the answer's message", async () => {
    signIn();
    server.use(
      http.get('/api/keys', () => fail(401, 'Session has been signed out')),
      http.post('/api/auth/refresh', () => fail(401, 'Session has been signed out')),
    );
    await expect(api('/api/keys', { schema: z.unknown() })).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedOut', session: null, endedBecause: 'Session has been signed out' });
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({ variant: 'warning', title: 'You have been signed out', description: 'Session has been signed out' }),
    ]);
  });

  it('given a 401 and a renewal the api cannot answer (a 5xx), then the call fails but the session is kept for the next try', async () => {
    signIn();
    server.use(
      http.get('/api/keys', () => fail(401, 'Token expired')),
      http.post('/api/auth/refresh', () => fail(503, 'Service unavailable')),
    );
    await expect(api('/api/keys', { schema: z.unknown() })).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedIn', endedBecause: null });
    expect(useSessionStore.getState().session).not.toBeNull();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('issue 31, point 3: given an export behind an expired token, when fetched as a file, then the session is renewed once and the file answered with the name the api gives', async () => {
    signIn();
    const renewed = testSession('renewed@example.com');
    const tokens: (string | null)[] = [];
    server.use(
      http.get('/api/history/fills.csv', ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        if (tokens.length === 1) return fail(401, 'Token expired');
        return new HttpResponse('time,strategy\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="hyperhook-fills-2026-11-29.csv"' },
        });
      }),
      http.post('/api/auth/refresh', () => ok(SessionViewSchema.parse({ ...renewed, token: `${renewed.token}y` }))),
    );
    const file = await apiFile('/api/history/fills.csv');
    expect([file.filename, await file.blob.text()]).toEqual(['hyperhook-fills-2026-11-29.csv', 'time,strategy\n']);
    expect(tokens).toEqual([`Bearer ${testSession().token}`, `Bearer ${renewed.token}y`]);
  });

  it("issue 31, point 3: given an export the api refuses, then the answer's message, as for a JSON call", async () => {
    signIn();
    server.use(http.get('/api/history/export.ndjson', () => fail(429, 'Too many requests')));
    await expect(apiFile('/api/history/export.ndjson')).rejects.toMatchObject({ message: 'Too many requests', status: 429 });
  });
});
