import { describe, expect, it } from 'vitest';
import { ARGON2_HASH, sealed } from '../testing/fixtures.js';
import { REDACTED, redactEventData } from './redactEvent.js';

describe('redactEventData (issue 31, point 3: no secret leaves the store)', () => {
  it('given a sign-up, a webhook secret rotation and saved API keys, then the password hash, the secret hash and every sealed value are redacted, the rest kept', () => {
    expect(redactEventData({ uid: 'u1', email: 'me@x.io', passwordHash: ARGON2_HASH, at: 't' })).toEqual({
      uid: 'u1',
      email: 'me@x.io',
      passwordHash: REDACTED,
      at: 't',
    });
    expect(redactEventData({ secretHash: 'ab'.repeat(32), sealedSecret: sealed(), at: 't' })).toEqual({
      secretHash: REDACTED,
      sealedSecret: REDACTED,
      at: 't',
    });
    expect(redactEventData({ apiWalletAddress: '0xabc', sealedPrivateKey: sealed('dk-9'), isTestnet: true })).toEqual({
      apiWalletAddress: '0xabc',
      sealedPrivateKey: REDACTED,
      isTestnet: true,
    });
  });

  it('given an OIDC account without a password, then its null password hash stays null (nothing to hide, and it says so)', () => {
    expect(redactEventData({ uid: 'u1', passwordHash: null })).toEqual({ uid: 'u1', passwordHash: null });
  });

  it('given notification channels and a push subscription, then sealed tokens inside arrays are redacted, the push keys too, and the endpoint keeps only its origin', () => {
    const channels = {
      channels: [
        { id: 'c1', type: 'telegram', target: '-100777', sealedBotToken: sealed() },
        { id: 'c2', type: 'webhook', target: 'https://x.io/…', sealedUrl: sealed(), sealedSigningSecret: sealed() },
      ],
    };
    expect(redactEventData(channels)).toEqual({
      channels: [
        { id: 'c1', type: 'telegram', target: '-100777', sealedBotToken: REDACTED },
        { id: 'c2', type: 'webhook', target: 'https://x.io/…', sealedUrl: REDACTED, sealedSigningSecret: REDACTED },
      ],
    });
    expect(redactEventData({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc123token', keys: { p256dh: 'x'.repeat(20), auth: 'y'.repeat(10) } })).toEqual({
      endpoint: 'https://fcm.googleapis.com/…',
      keys: REDACTED,
    });
  });

  it("given an alert whose JSON body carries its source's secret, then the secret is redacted in the raw body and the parsed payload; a text body is kept as sent", () => {
    const body = JSON.stringify({ secret: 'eyJhbGciOiJIUzI1NiJ9.bot', bot_uuid: 'b-1', action: 'enter_long' });
    const redacted = redactEventData({ rawBody: body, payload: { secret: 'eyJhbGciOiJIUzI1NiJ9.bot', action: 'enter_long' } }) as {
      rawBody: string;
      payload: unknown;
    };
    expect(JSON.parse(redacted.rawBody)).toEqual({ secret: REDACTED, bot_uuid: 'b-1', action: 'enter_long' });
    expect(redacted.payload).toEqual({ secret: REDACTED, action: 'enter_long' });
    expect(redactEventData({ rawBody: 'buy BTC 100' })).toEqual({ rawBody: 'buy BTC 100' });
    const plain = JSON.stringify({ symbol: 'BTC', action: 'buy' });
    expect((redactEventData({ rawBody: plain }) as { rawBody: string }).rawBody).toBe(plain);
  });

  it('given a fill, then nothing is changed: numbers, strings and nesting as stored', () => {
    const fill = { coin: 'BTC', px: '97000', sz: '0.001', side: 'B', fee: '0.04', closedPnl: '0', tid: 7, nested: [{ a: 1 }] };
    expect(redactEventData(fill)).toEqual(fill);
  });
});
