import { describe, expect, it } from 'vitest';
import { dedupeKeyOf, dedupeSignalId } from './dedupeSignalId.js';

describe('dedupeSignalId', () => {
  it('given the same user and key, when derived twice, then the id is the same UUID-shaped id; another user gets another', () => {
    // given / when
    const a = dedupeSignalId('u1', 'id:42');
    // then
    expect(a).toBe(dedupeSignalId('u1', 'id:42'));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(dedupeSignalId('u2', 'id:42')).not.toBe(a);
  });

  it('given a body key, when in consecutive window slots, then the previous slot id of the later equals the current id of the earlier', () => {
    // given
    const early = dedupeKeyOf('u1', undefined, '{"a":1}', 59_000, 60_000);
    // when
    const late = dedupeKeyOf('u1', undefined, '{"a":1}', 61_000, 60_000);
    // then
    expect(late.previousSignalId).toBe(early.signalId);
    expect(late.signalId).not.toBe(early.signalId);
    expect(dedupeKeyOf('u1', 'x', '{"a":1}', 0, 60_000).previousSignalId).toBeNull();
  });
});
