import { describe, expect, it } from 'vitest';
import { EVENT_STREAM_CATEGORY } from '../eventModel/domainEvent.js';
import { parseEvent } from '../eventModel/parseEvent.js';
import { emailClaimStreamId, identityClaimStreamId, parseStreamId } from '../eventModel/streams.js';

const hash = 'a'.repeat(64);

describe('reservation events (sign-up email uniqueness, OIDC identity uniqueness)', () => {
  it('given an EmailClaimed envelope, when parsed, then it is a domain event of the email category', () => {
    const event = parseEvent({ type: 'EmailClaimed', v: 1, data: { uid: 'u-1', at: '2026-01-01T00:00:00.000Z' } });
    expect(event).toEqual({ type: 'EmailClaimed', v: 1, data: { uid: 'u-1', at: '2026-01-01T00:00:00.000Z' } });
    expect(EVENT_STREAM_CATEGORY.EmailClaimed).toBe('email');
    expect(EVENT_STREAM_CATEGORY.IdentityClaimed).toBe('identity');
  });

  it('given an IdentityClaimed without uid, when parsed, then it is refused', () => {
    expect(() => parseEvent({ type: 'IdentityClaimed', v: 1, data: { at: '2026-01-01T00:00:00.000Z' } })).toThrow(/uid/);
  });

  it('given a hash, when naming claim streams, then the names parse back to their category and hash', () => {
    expect(emailClaimStreamId(hash)).toBe(`email-${hash}`);
    expect(parseStreamId(emailClaimStreamId(hash))).toEqual({ category: 'email', id: hash });
    expect(parseStreamId(identityClaimStreamId(hash))).toEqual({ category: 'identity', id: hash });
  });
});
