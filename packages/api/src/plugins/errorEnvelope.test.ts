import { DomainError } from '@hyperhook/domain';
import { WrongExpectedVersionError } from '@hyperhook/store';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/apiError.js';
import { errorEnvelopePlugin } from './errorEnvelope.js';

async function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  await app.register(errorEnvelopePlugin);
  app.get('/boom', async () => {
    throw error;
  });
  return app;
}

describe('errorEnvelopePlugin', () => {
  it('ERR-01: given a version conflict that survived the retry, when answered, then 409 with a readable message', async () => {
    const app = await appThrowing(new WrongExpectedVersionError('user-1', 3, 4));
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, error: 'Your data was changed by another request at the same time. Please try again.' });
  });

  it('VAL-25: given the domain refusing an unauthenticated referral, when answered, then 401 with its words', async () => {
    const app = await appThrowing(new DomainError('UNAUTHENTICATED', 'Not signed in', 'User must be authenticated to update referral info'));
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: 'User must be authenticated to update referral info', code: 'UNAUTHENTICATED' });
  });

  it('ERR-01: given an ApiError, when answered, then its status, message and details', async () => {
    const res = await (await appThrowing(new ApiError(418, 'short and stout', { hint: 'tea' }))).inject('/boom');
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ success: false, error: 'short and stout', hint: 'tea' });
  });

  it('ERR-01: given a plain Error, when answered, then 500 "Internal server error" and no detail', async () => {
    const res = await (await appThrowing(new Error('ECONNREFUSED 10.0.0.5:5432 password=hunter2'))).inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toEqual({ success: false, error: 'Internal server error' });
  });
});
