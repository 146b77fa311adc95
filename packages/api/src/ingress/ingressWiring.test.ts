import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp } from '../testing/testApp.js';

const stack = useTestApp();

describe('ingress in the gateway (buildApp)', () => {
  it('API-31, STATE-11: given a signed-up user, when TradingView posts to the webhook URL, then 200 and the log shows it; after regenerating, the old URL is 404', async () => {
    // given
    const user = await signUp(stack.t.app);
    const url: string = (await call(stack.t.app, 'GET', '/api/auth/webhook-url', user.token)).json().data.webhookUrl;
    const path = new URL(url).pathname;
    // when
    const res = await stack.t.app.inject({
      method: 'POST',
      url: path,
      payload: '{"symbol":"BTCUSDT","action":"buy","size":"25"}',
      headers: { 'content-type': 'text/plain' },
    });
    await call(stack.t.app, 'POST', '/api/auth/regenerate-webhook-secret', user.token);
    const old = await stack.t.app.inject({
      method: 'POST',
      url: path,
      payload: '{"symbol":"ETH","action":"sell"}',
      headers: { 'content-type': 'application/json' },
    });
    // then
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { logId: expect.any(String) } });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ success: false, error: 'Not found' });
    const metrics = await stack.t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/hyperhook_webhook_acks_total\{outcome="accepted"\} 1/);
    expect(metrics.body).toMatch(/hyperhook_webhook_acks_total\{outcome="not_found"\} 1/);
  });
});
