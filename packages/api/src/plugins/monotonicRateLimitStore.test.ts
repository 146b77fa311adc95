import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../appDeps.js';
import { monotonicRateLimitStore } from './monotonicRateLimitStore.js';
import { securityPlugin } from './security.js';

const HOUR = 3_600_000;
const WINDOW = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

/** The store's answer for one request of `key`. */
function incr(store: InstanceType<ReturnType<typeof monotonicRateLimitStore>>, key: string, timeWindow = WINDOW) {
  let answer: { current: number; ttl: number } | undefined;
  store.incr(key, (_error, result) => (answer = result), timeWindow, 2);
  if (answer === undefined) throw new Error('the store did not answer synchronously');
  return answer;
}

/** The security plugin on a bare app: a global budget of 3 a minute, a login route of 2. */
async function appWith(elapsed: () => number): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('deps', { config: { publicUrl: 'http://localhost:3000', pwaDir: '/nonexistent' } } as unknown as AppDeps);
  await app.register(securityPlugin, { rateLimit: { max: 3, authMax: 2, timeWindowMs: WINDOW }, elapsed });
  app.get('/ping', async () => 'pong');
  app.post('/login', { config: { rateLimit: { max: 2 } } }, async () => 'in');
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => reply.status(error.statusCode ?? 500).send('refused'));
  await app.ready();
  return app;
}

describe('per-IP and login rate limits when the wall clock jumps (issue 32, point 3)', () => {
  it('issue 32, point 3: given a client over the limit and the wall clock set back an hour, when the window length passes, then it is let in again and Retry-After never says an hour', async () => {
    // given
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    let elapsed = 0;
    const app = await appWith(() => elapsed);
    for (let i = 0; i < 2; i += 1) expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(429);
    // when
    vi.setSystemTime(Date.now() - HOUR);
    elapsed += 1_000;
    const stillRefused = await app.inject({ method: 'POST', url: '/login' });
    elapsed += WINDOW;
    const after = await app.inject({ method: 'POST', url: '/login' });
    // then
    expect(stillRefused.statusCode).toBe(429);
    expect(Number(stillRefused.headers['retry-after'])).toBeLessThanOrEqual(WINDOW / 1000);
    expect(after.statusCode).toBe(200);
    await app.close();
  });

  it('issue 32, point 3: given a client over the global limit and the wall clock set forward an hour, when it asks again at once, then it is still refused (the window does not end early)', async () => {
    // given
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    const app = await appWith(() => 5_000);
    for (let i = 0; i < 3; i += 1) await app.inject({ method: 'GET', url: '/ping' });
    // when
    vi.setSystemTime(Date.now() + HOUR);
    const again = await app.inject({ method: 'GET', url: '/ping' });
    // then
    expect(again.statusCode).toBe(429);
    await app.close();
  });
});

describe('monotonicRateLimitStore', () => {
  it('given a window, then it counts each key apart and starts a fresh count once the window length has passed', () => {
    let elapsed = 100;
    const store = new (monotonicRateLimitStore({ elapsed: () => elapsed }))({});
    expect(incr(store, 'a')).toEqual({ current: 1, ttl: WINDOW });
    elapsed += 10_000;
    expect(incr(store, 'a')).toEqual({ current: 2, ttl: WINDOW - 10_000 });
    expect(incr(store, 'b')).toEqual({ current: 1, ttl: WINDOW });
    elapsed += WINDOW - 10_000;
    expect(incr(store, 'a')).toEqual({ current: 1, ttl: WINDOW });
  });

  it('given more keys than it keeps, then the least recently counted is forgotten first', () => {
    const store = new (monotonicRateLimitStore({ elapsed: () => 0, keys: 2 }))({});
    incr(store, 'a');
    incr(store, 'b');
    incr(store, 'a');
    incr(store, 'c'); // forgets b
    expect(incr(store, 'a').current).toBe(3);
    expect(incr(store, 'b').current).toBe(1);
  });

  it('given a child store (a route with its own limit), then it counts apart from its parent', () => {
    const store = new (monotonicRateLimitStore({ elapsed: () => 0 }))({});
    incr(store, 'a');
    const child = store.child({} as never);
    let answer: { current: number } | undefined;
    child.incr('a', (_error, result) => (answer = result), WINDOW, 2);
    expect(answer?.current).toBe(1);
  });
});
