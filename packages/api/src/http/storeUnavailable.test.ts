import { StoreUnavailableError } from '@hyperhook/store';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorEnvelopePlugin } from '../plugins/errorEnvelope.js';
import { STORE_RETRY_AFTER_SECONDS, STORE_UNREACHABLE_RETRY_AFTER_SECONDS } from './storeUnavailable.js';

async function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  await app.register(errorEnvelopePlugin);
  app.put('/api/settings', async () => {
    throw error;
  });
  return app;
}

describe('a write the disk refused, answered (issue 32, point 3)', () => {
  it('issue 32, point 3: given the store refused a write for a full disk, when answered, then 503 with Retry-After and the plain reason, never "saved" nor "Internal server error"', async () => {
    const res = await (await appThrowing(new StoreUnavailableError('full', 'SQLITE_FULL'))).inject({ method: 'PUT', url: '/api/settings' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({
      success: false,
      code: 'STORE_UNAVAILABLE',
      error: 'The store refused the write: disk full. Nothing was saved; please try again later.',
    });
  });

  it('issue 32, point 3: given the store refused a write with an I/O error, when answered, then 503 saying the disk could not be written, with no SQL or path in it', async () => {
    const res = await (await appThrowing(new StoreUnavailableError('io', 'SQLITE_IOERR_WRITE'))).inject({ method: 'PUT', url: '/api/settings' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(/^The store refused the write: the disk could not be written/) });
    expect(res.body).not.toContain('SQLITE');
  });

  it('issue 32, point 3: given the PostgreSQL server is restarting (the driver\'s own ECONNREFUSED, or 57P01 as it shuts down), when answered, then 503 "could not be reached" with a short Retry-After, not 500', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    for (const error of [refused, shutdown, new Error('Connection terminated unexpectedly')]) {
      const res = await (await appThrowing(error)).inject({ method: 'PUT', url: '/api/settings' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(STORE_UNREACHABLE_RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({
        success: false,
        code: 'STORE_UNAVAILABLE',
        error: 'The store could not be reached. Nothing was saved; please try again shortly.',
      });
      expect(res.body).not.toContain('5432');
    }
  });
});
