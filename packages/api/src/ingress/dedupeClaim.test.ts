import { describe, expect, it } from 'vitest';
import { dedupeClaimEvent, dedupeClaimId, dedupeKeyOf, parseDedupeClaim } from './dedupeClaim.js';

describe('dedupeClaim', () => {
  it('given the same user and key, when derived twice, then the claim id is the same UUID-shaped id; another user gets another', () => {
    // given / when
    const a = dedupeClaimId('u1', 'id:42');
    // then
    expect(a).toBe(dedupeClaimId('u1', 'id:42'));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(dedupeClaimId('u2', 'id:42')).not.toBe(a);
  });

  it('given a body key, when in consecutive window slots, then the previous claim of the later equals the current claim of the earlier', () => {
    // given
    const early = dedupeKeyOf('u1', undefined, '{"a":1}', 59_000, 60_000);
    // when
    const late = dedupeKeyOf('u1', undefined, '{"a":1}', 61_000, 60_000);
    // then
    expect(late.previousClaimId).toBe(early.claimId);
    expect(late.claimId).not.toBe(early.claimId);
    expect(dedupeKeyOf('u1', 'x', '{"a":1}', 0, 60_000).previousClaimId).toBeNull();
  });

  it('given a claim event, when stored and read back, then it names the signal; any other event is an error, none is null', () => {
    // given
    const claim = { signalId: '01a201bb-4a8a-74db-91c2-e47dcb1ec3b3', dedupeKey: 'id:42', receivedAt: '2026-11-22T05:00:00.000Z' };
    const event = dedupeClaimEvent(claim);
    const recorded = { ...event, eventId: 'e', streamId: 'dedupe-x', streamVersion: 0, globalPosition: 1, recordedAt: 0 } as Parameters<
      typeof parseDedupeClaim
    >[0];
    // when / then
    expect(parseDedupeClaim(recorded)).toEqual(claim);
    expect(parseDedupeClaim(undefined)).toBeNull();
    expect(() => parseDedupeClaim({ ...recorded!, type: 'SignalReceived' })).toThrow();
  });
});
