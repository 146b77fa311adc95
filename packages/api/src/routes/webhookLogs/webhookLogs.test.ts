import { describe, expect, it } from 'vitest';
import { receiveSignal } from '../../testing/receiveSignal.js';
import { call, signUp, useTestApp } from '../../testing/testApp.js';

const stack = useTestApp();

describe('GET /api/webhook-logs', () => {
  it('API-28, API-30, ENT-07: given three signals, when listing, then newest receivedAt first as the derived view with stages', async () => {
    const user = await signUp(stack.t.app);
    const ids = [];
    for (const at of ['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:03.000Z', '2026-01-01T00:00:02.000Z']) ids.push(await receiveSignal(stack.t, user.uid, at));
    const res = await call(stack.t.app, 'GET', '/api/webhook-logs', user.token);
    expect(res.statusCode).toBe(200);
    const logs = res.json().data;
    expect(logs.map((l: { createdAt: string }) => l.createdAt)).toEqual(['2026-01-01T00:00:03.000Z', '2026-01-01T00:00:02.000Z', '2026-01-01T00:00:01.000Z']);
    expect(logs[0]).toMatchObject({ webhookLogId: ids[1], status: 'received', payload: expect.objectContaining({ symbol: 'BTC', action: 'buy' }), stages: { received: '2026-01-01T00:00:03.000Z' } });
    const limited = await call(stack.t.app, 'GET', '/api/webhook-logs?limit=2', user.token);
    expect(limited.json().data).toHaveLength(2);
  });

  it('CONST-02: given limit 201, when listing, then 400 naming limit', async () => {
    const user = await signUp(stack.t.app);
    const res = await call(stack.t.app, 'GET', '/api/webhook-logs?limit=201', user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('limit');
  });
});
