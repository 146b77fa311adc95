import { emailClaimStreamId, userStreamId } from '@hyperhook/domain';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { claim, CLAIM_ABANDONED_AFTER_MS, claimOwner } from './claims.js';
import { sha256Hex } from './sha256Hex.js';

let store: SqliteStore;
const at = '2026-01-01T00:00:00.000Z';
beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
});
afterEach(async () => {
  await store.close();
});

describe('uniqueness claims (email-<sha256>, identity-<sha256>)', () => {
  it('given an unclaimed email, when claimed, then EmailClaimed is on email-<sha256 of the lower-cased email>', async () => {
    expect(await claim(store.eventStore, { kind: 'email', email: 'Ann@Example.com' }, 'u-1', at)).toBe(true);
    const stream = await store.eventStore.readStream(emailClaimStreamId(sha256Hex('ann@example.com')));
    expect(stream.map((e) => [e.type, e.data])).toEqual([['EmailClaimed', { uid: 'u-1', at }]]);
    expect(await claimOwner(store.eventStore, { kind: 'email', email: 'ann@example.com' })).toEqual({ uid: 'u-1', version: 0, at });
  });

  it('given an email claimed by an existing account, when claimed again, then refused', async () => {
    await claim(store.eventStore, { kind: 'email', email: 'ann@example.com' }, 'u-1', at);
    await store.eventStore.append(userStreamId('u-1'), [
      toNewEvent({ type: 'UserSignedUp', v: 1, data: { uid: 'u-1', email: 'ann@example.com', passwordHash: null, at } }),
    ]);
    expect(await claim(store.eventStore, { kind: 'email', email: 'ann@example.com' }, 'u-2', at)).toBe(false);
  });

  it('given a claim whose account was never created (crash in between), when claimed again after the grace period, then taken over', async () => {
    await claim(store.eventStore, { kind: 'email', email: 'ann@example.com' }, 'u-1', at);
    const later = new Date(Date.parse(at) + CLAIM_ABANDONED_AFTER_MS).toISOString();
    expect(await claim(store.eventStore, { kind: 'email', email: 'ann@example.com' }, 'u-2', later)).toBe(true);
    expect((await claimOwner(store.eventStore, { kind: 'email', email: 'ann@example.com' }))?.uid).toBe('u-2');
  });

  it('ERR-25: given a claim whose account is still being created (within the grace period), when another sign-up claims the email, then refused, and the first keeps it', async () => {
    await claim(store.eventStore, { kind: 'email', email: 'ann@example.com' }, 'u-1', at);
    const soon = new Date(Date.parse(at) + CLAIM_ABANDONED_AFTER_MS - 1).toISOString();
    expect(await claim(store.eventStore, { kind: 'email', email: 'ann@example.com' }, 'u-2', soon)).toBe(false);
    expect((await claimOwner(store.eventStore, { kind: 'email', email: 'ann@example.com' }))?.uid).toBe('u-1');
  });

  it('given identities, when claimed, then issuer and subject both matter', async () => {
    expect(await claim(store.eventStore, { kind: 'identity', issuer: 'https://a', subject: 's' }, 'u-1', at)).toBe(true);
    expect(await claimOwner(store.eventStore, { kind: 'identity', issuer: 'https://b', subject: 's' })).toBeNull();
  });
});
