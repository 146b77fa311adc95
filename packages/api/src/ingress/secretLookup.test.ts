/**
 * Issue 32, point 4: resolving a webhook secret says nothing about how close a guess was. Proven by
 * structure, not by timing (a timed assertion would be flaky on shared runners and prove little):
 * the store is only ever asked for the SHA-256 of the secret, and a near miss takes exactly the
 * path a random guess takes.
 */
import { randomBytes } from 'node:crypto';
import type { ReadStore } from '@hyperhook/store';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveWebhook } from './resolveWebhook.js';
import { ingressFixture, sha256 } from './testing/ingressFixture.js';

type Fixture = Awaited<ReturnType<typeof ingressFixture>>;
const open: Fixture[] = [];
afterEach(async () => {
  for (const f of open.splice(0)) await f.close();
});

/** A 32-character base64url secret, as newWebhookSecret issues them. */
const issuedLike = () => randomBytes(24).toString('base64url');

/** The same secret with its last character changed: 31 characters right. */
function nearMissOf(secret: string): string {
  const last = secret.at(-1) === 'A' ? 'B' : 'A';
  return `${secret.slice(0, -1)}${last}`;
}

/** The read store, recording every get(collection, id) it is asked. */
function recording(readStore: ReadStore) {
  const asked: [string, string][] = [];
  const spy = new Proxy(readStore, {
    get(target, property, receiver) {
      if (property === 'get') {
        return (collection: string, id: string) => {
          asked.push([collection, id]);
          return target.get(collection, id);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { spy, asked };
}

async function withIssuedSecret() {
  const f = await ingressFixture();
  open.push(f);
  const secret = issuedLike();
  await f.signUp('u1', secret);
  return { f, secret };
}

describe('resolveWebhook: a guess is looked up by digest only', () => {
  it('issue 32, point 4: given an issued secret, when it, its near miss and a random secret are resolved, then the store is asked only for SHA-256 digests, never for the secret or part of it', async () => {
    // given
    const { f, secret } = await withIssuedSecret();
    const { spy, asked } = recording(f.store.readStore);
    const guesses = [secret, nearMissOf(secret), issuedLike()];
    // when
    for (const guess of guesses) await resolveWebhook(spy, guess);
    // then
    const ids = asked.map(([, id]) => id);
    for (const guess of guesses) {
      expect(ids.some((id) => id.includes(guess.slice(0, 8)))).toBe(false);
    }
    const routeIds = asked.filter(([collection]) => collection === 'webhookRoutes').map(([, id]) => id);
    expect(routeIds).toEqual(guesses.map(sha256));
  });

  it('issue 32, point 4: given an issued secret, when its near miss and a random secret are resolved, then both take the same path — one lookup of their digest, then null — and only the right secret reads further', async () => {
    // given
    const { f, secret } = await withIssuedSecret();
    const nearMiss = nearMissOf(secret);
    const random = issuedLike();
    // when
    const calls = async (guess: string) => {
      const { spy, asked } = recording(f.store.readStore);
      const resolved = await resolveWebhook(spy, guess);
      return { resolved, path: asked.map(([collection, id]) => [collection, id === sha256(guess) ? '<digest of the guess>' : id]) };
    };
    const near = await calls(nearMiss);
    const far = await calls(random);
    const right = await calls(secret);
    // then
    expect(near).toEqual({ resolved: null, path: [['webhookRoutes', '<digest of the guess>']] });
    expect(far).toEqual(near);
    expect(right.resolved).toMatchObject({ uid: 'u1' });
    expect(right.path).toEqual([
      ['webhookRoutes', '<digest of the guess>'],
      ['webhookAccess', 'u1'],
    ]);
  });
});
