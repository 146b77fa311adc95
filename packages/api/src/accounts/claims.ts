import { emailClaimStreamId, identityClaimStreamId, userStreamId } from '@hyperhook/domain';
import { isWrongExpectedVersionError, type EventStore } from '@hyperhook/store';
import { decodeStreamEvents, toNewEvent } from '@hyperhook/eventsourcing';
import { sha256Hex } from './sha256Hex.js';

/** A uniqueness claim: an email address or an external identity. */
export type ClaimKey = { readonly kind: 'email'; readonly email: string } | { readonly kind: 'identity'; readonly issuer: string; readonly subject: string };

function streamOf(key: ClaimKey): string {
  return key.kind === 'email'
    ? emailClaimStreamId(sha256Hex(key.email.trim().toLowerCase()))
    : identityClaimStreamId(sha256Hex(`${key.issuer}\u241f${key.subject}`));
}

/**
 * How long a claim whose account does not exist yet is taken to be a sign-up in progress (the
 * claim is appended before the account, with a password hash and a sealed secret made in between).
 * Only an older one is an abandoned claim (the process died in between) that another may take.
 */
export const CLAIM_ABANDONED_AFTER_MS = 5 * 60_000;

/** The account that holds a claim (its latest claimant, claiming at `at`), or null when unclaimed. */
export async function claimOwner(eventStore: EventStore, key: ClaimKey): Promise<{ uid: string; version: number; at: string } | null> {
  const recorded = await eventStore.readStream(streamOf(key));
  const last = recorded.at(-1);
  if (last === undefined) return null;
  const [event] = decodeStreamEvents([last]);
  return event?.type === 'EmailClaimed' || event?.type === 'IdentityClaimed' ? { uid: event.data.uid, version: last.streamVersion, at: event.data.at } : null;
}

async function accountExists(eventStore: EventStore, uid: string): Promise<boolean> {
  const first = await eventStore.readStream(userStreamId(uid), { maxCount: 1 });
  return first[0]?.type === 'UserSignedUp';
}

/**
 * Claims `key` for `uid`: appended with expectedVersion 'no_stream', so of two sign-ups racing for
 * one email exactly one wins — the event store, not a lagging read model, is the guarantee.
 * A claim whose account was never created (the process died between the claim and the sign-up)
 * is taken over with the claim stream's version as expectedVersion, still race-free, once it is
 * older than CLAIM_ABANDONED_AFTER_MS: a younger one may be a sign-up still on its way, which
 * would otherwise go on to create a second account for the same email.
 * Resolves false when another account holds the claim, or may be about to.
 */
export async function claim(eventStore: EventStore, key: ClaimKey, uid: string, at: string): Promise<boolean> {
  const event =
    key.kind === 'email' ? ({ type: 'EmailClaimed', v: 1, data: { uid, at } } as const) : ({ type: 'IdentityClaimed', v: 1, data: { uid, at } } as const);
  try {
    await eventStore.append(streamOf(key), [toNewEvent(event)], { expectedVersion: 'no_stream' });
    return true;
  } catch (error) {
    if (!isWrongExpectedVersionError(error)) throw error;
  }
  const owner = await claimOwner(eventStore, key);
  if (owner === null || Date.parse(at) - Date.parse(owner.at) < CLAIM_ABANDONED_AFTER_MS || (await accountExists(eventStore, owner.uid))) return false;
  try {
    await eventStore.append(streamOf(key), [toNewEvent(event)], { expectedVersion: owner.version });
    return true;
  } catch (error) {
    if (isWrongExpectedVersionError(error)) return false;
    throw error;
  }
}
