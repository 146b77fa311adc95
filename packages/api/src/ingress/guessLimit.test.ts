/**
 * Issue 32, point 4: how fast anyone may guess webhook URLs. Each source address may try 60
 * unknown URLs at once and 60 a minute after that; past it its unknown URLs answer 429. Its valid
 * URLs are still served: alert services post for every trader from a few shared addresses.
 */
import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp } from '../testing/testApp.js';

const stack = useTestApp({ frozenClock: true });

const ALERT = '{"symbol":"BTC","action":"buy"}';

function post(path: string, remoteAddress: string) {
  return stack.t.app.inject({ method: 'POST', url: path, payload: ALERT, headers: { 'content-type': 'text/plain' }, remoteAddress });
}

/** A made-up 32-character secret, the i-th guess of an address. */
const guess = (i: number) => `/hook/${`guess${i}`.padEnd(32, 'x')}`;

async function webhookPath() {
  const user = await signUp(stack.t.app);
  const url = (await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token)).json<{ data: { webhookUrl: string } }>().data.webhookUrl;
  return { user, path: new URL(url).pathname };
}

async function headOf() {
  return stack.t.store.eventStore.headPosition();
}

describe('per-address budget of unknown webhook URLs (default configuration)', () => {
  it('issue 32, point 4: given one address, when it posts 61 unknown URLs at once, then the first 60 answer 404 and the 61st answers 429 with Retry-After — nothing is recorded; and a valid URL from that address (a shared alert service) is still served', async () => {
    // given
    const ip = '198.51.100.1';
    const { path } = await webhookPath();
    const before = await headOf();
    // when
    const answers = [];
    for (let i = 0; i < 61; i += 1) answers.push(await post(guess(i), ip));
    const guessesRecorded = await headOf();
    const rightGuess = await post(path, ip);
    // then
    expect(answers.slice(0, 60).every((a) => a.statusCode === 404)).toBe(true);
    const refused = answers[60];
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json()).toEqual({ success: false, error: 'Too many requests to unknown webhook URLs from this address, please slow down.' });
    expect(refused?.headers['retry-after']).toBe('1');
    expect(guessesRecorded).toBe(before);
    expect(rightGuess.statusCode).toBe(200);
  });

  it('issue 32, point 4: given an address that spent its budget, when another address posts, then it is served; and a minute later the first may guess once more', async () => {
    // given
    const spent = '198.51.100.2';
    for (let i = 0; i < 60; i += 1) await post(guess(i), spent);
    const { path } = await webhookPath();
    // when
    const other = await post(path, '198.51.100.3');
    const stillSpent = await post(guess(60), spent);
    stack.t.advanceClock(1_000);
    const afterASecond = await post(guess(61), spent);
    const thenSpent = await post(guess(62), spent);
    // then
    expect(other.statusCode).toBe(200);
    expect(stillSpent.statusCode).toBe(429);
    expect(afterASecond.statusCode).toBe(404);
    expect(thenSpent.statusCode).toBe(429);
  });

  it('issue 32, point 4: given an alert service posting only valid URLs, when it sends more than the guess budget, then none is refused as a guess and its budget is untouched', async () => {
    // given
    const service = '198.51.100.4';
    const { path } = await webhookPath();
    // when: the per-URL budget (60 at once) refuses some as rate limited, never as guesses
    const valid = [];
    for (let i = 0; i < 70; i += 1) valid.push(await post(path, service));
    const unknown = [];
    for (let i = 0; i < 60; i += 1) unknown.push(await post(guess(i), service));
    // then
    expect(valid.filter((a) => a.statusCode === 200)).toHaveLength(60);
    expect(
      valid.filter((a) => a.statusCode === 429).every((a) => a.json<{ error: string }>().error === 'Too many requests for this webhook, please slow down.'),
    ).toBe(true);
    expect(unknown.every((a) => a.statusCode === 404)).toBe(true);
  });

  it('issue 32, point 4: given one IPv6 /64, when its addresses share the guesses, then they share one budget', async () => {
    // given
    const inPrefix = (i: number) => `2001:db8:1:2::${(i + 1).toString(16)}`;
    // when
    const answers = [];
    for (let i = 0; i < 61; i += 1) answers.push(await post(guess(i), inPrefix(i)));
    const otherPrefix = await post(guess(99), '2001:db8:1:3::1');
    // then
    expect(answers.slice(0, 60).every((a) => a.statusCode === 404)).toBe(true);
    expect(answers[60]?.statusCode).toBe(429);
    expect(otherPrefix.statusCode).toBe(404);
  });
});
