import type { WebhookLogView } from '@hyperhook/domain';
import { http } from 'msw';
import { ok, server } from '../../test/server';

const NO_STAGES = { validated: null, sized: null, signed: null, sent: null, acknowledged: null, filled: null };

/** A log received `agoMs` before `now` (default: a minute ago), with a fixed id for tests to name. */
export function aLog(webhookLogId: string, overrides: Partial<WebhookLogView> & { agoMs?: number; now?: number } = {}): WebhookLogView {
  const { agoMs = 60_000, now = Date.now(), ...rest } = overrides;
  const createdAt = new Date(now - agoMs).toISOString();
  return {
    webhookLogId,
    payload: { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market', size: 100 },
    status: 'received',
    createdAt,
    stages: { received: createdAt, ...NO_STAGES },
    duplicates: 0,
    strategyId: 'main',
    strategyName: 'Main',
    ...rest,
  };
}

/** An executed log: every stage, latency `latencyMs`, a fill. */
export function anExecutedLog(webhookLogId: string, overrides: Partial<WebhookLogView> & { agoMs?: number; latencyMs?: number } = {}): WebhookLogView {
  const { latencyMs = 420, agoMs, ...rest } = overrides;
  const base = aLog(webhookLogId, { ...rest, ...(agoMs !== undefined ? { agoMs } : {}) });
  const at = (ms: number) => new Date(Date.parse(base.createdAt) + ms).toISOString();
  return {
    ...base,
    status: 'executed',
    executedAt: at(latencyMs),
    latencyMs,
    stages: { received: base.createdAt, validated: at(20), sized: at(25), signed: at(30), sent: at(35), acknowledged: at(latencyMs), filled: at(latencyMs) },
    fill: { status: 'filled', avgPx: 65_432.1, totalSz: 0.0015, oid: 77 },
    ...rest,
  };
}

/** Answers GET /api/webhook-logs with `logs` (or the handler's answer), counting the calls. */
export function serveLogs(logs: WebhookLogView[] | (() => Response | Promise<Response>)) {
  const calls = { count: 0 };
  server.use(
    http.get('/api/webhook-logs', () => {
      calls.count += 1;
      return typeof logs === 'function' ? logs() : ok(logs);
    }),
  );
  return calls;
}
