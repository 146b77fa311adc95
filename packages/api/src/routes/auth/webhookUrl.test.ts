import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../accounts/sha256Hex.js';
import { call, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

describe('GET /api/auth/webhook-url, POST /api/auth/regenerate-webhook-secret', () => {
  it('API-06, ENT-23: given a new user, when reading the webhook URL, then {PUBLIC_URL}/hook/<≥128-bit base64url secret>, stored only hashed and sealed', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.webhookUrl;
    const match = /^https:\/\/hyperhook\.test\/hook\/([A-Za-z0-9_-]+)$/.exec(url);
    expect(match).not.toBeNull();
    const secret = match?.[1] as string;
    expect(Buffer.from(secret, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const events = await stack.t.store.eventStore.readStream(`user-${user.uid}`);
    const rotated = events.find((e) => e.type === 'WebhookSecretRotated');
    expect((rotated?.data as { secretHash: string }).secretHash).toBe(sha256Hex(secret));
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  it('API-07, STATE-11: given a URL, when regenerated, then a different URL is answered and read back', async () => {
    const user = await signUp(stack.t.app);
    const before = (await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token)).json().data.webhookUrl;
    const regen = await call(stack.t.app, 'POST', '/api/auth/regenerate-webhook-secret', user.token);
    expect(regen.statusCode).toBe(200);
    const after = regen.json().data.webhookUrl;
    expect(after).not.toBe(before);
    expect((await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token)).json().data.webhookUrl).toBe(after);
    const hashes = (await stack.t.store.eventStore.readStream(`user-${user.uid}`)).filter((e) => e.type === 'WebhookSecretRotated');
    expect(hashes).toHaveLength(2);
  });
});
