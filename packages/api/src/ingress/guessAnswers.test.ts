/**
 * Issue 32, point 4: what a guesser sees. Through the whole gateway (buildApp), a near miss of a
 * real URL, a random URL and URLs of the wrong length get the same bytes back, so the answer says
 * nothing about how close a guess came; only the Date header and a request id may differ.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp } from '../testing/testApp.js';

const stack = useTestApp();

/** Headers that differ between any two requests, guessed or not. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'request-id']);

async function answerTo(path: string) {
  const res = await stack.t.app.inject({
    method: 'POST',
    url: path,
    payload: '{"symbol":"BTC","action":"buy"}',
    headers: { 'content-type': 'text/plain' },
    remoteAddress: '198.51.100.40',
  });
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REQUEST.has(name)));
  return { status: res.statusCode, body: res.body, headers };
}

describe('answers to guessed webhook URLs', () => {
  it('issue 32, point 4: given a real webhook URL, when its near miss (31 characters right), a random secret and secrets of the wrong length are posted, then every answer is byte-identical (status, body, headers but the date)', async () => {
    // given
    const user = await signUp(stack.t.app);
    const url = (await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token)).json<{ data: { webhookUrl: string } }>().data.webhookUrl;
    const secret = new URL(url).pathname.slice('/hook/'.length);
    expect(secret).toHaveLength(32);
    const nearMiss = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const guesses = {
      nearMiss,
      firstCharWrong: `${secret.startsWith('A') ? 'B' : 'A'}${secret.slice(1)}`,
      random: randomBytes(24).toString('base64url'),
      oneShort: secret.slice(0, -1),
      oneLong: `${secret}A`,
      // The router's longest parameter; past it the router answers 414 for any path, right prefix or not.
      longest: `${secret}${'A'.repeat(68)}`,
    };
    // when
    const answers = await Promise.all(Object.values(guesses).map((guess) => answerTo(`/hook/${guess}`)));
    // then
    const [first, ...rest] = answers;
    expect(first).toMatchObject({ status: 404, body: JSON.stringify({ success: false, error: 'Not found' }) });
    for (const answer of rest) expect(answer).toEqual(first);
    expect(JSON.stringify(answers)).not.toContain(secret.slice(0, 31));
  });
});
