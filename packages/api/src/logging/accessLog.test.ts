import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog } from './accessLog.js';
import { loggerOptions } from './loggerOptions.js';

describe('AccessLog', () => {
  it('given requests that succeed and fail, then each writes one line with its redacted URL, status and time, and none says "incoming request"', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: loggerOptions({ level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } }),
      logController: new AccessLog(),
    });
    app.post('/hook/:secret', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('broken');
    });
    await app.inject({ method: 'POST', url: '/hook/s3cr3t-value' });
    await app.inject({ method: 'GET', url: '/boom' });
    await app.close();

    const access = lines.filter((line) => line.msg === 'request completed' || line.msg === 'request errored' || line.msg === 'incoming request');
    expect(access.map((line) => [line.msg, (line.req as { url: string }).url, (line.res as { statusCode: number }).statusCode])).toEqual([
      ['request completed', '/hook/[REDACTED]', 200],
      ['request completed', '/boom', 500],
    ]);
    expect(access.every((line) => typeof line.responseTime === 'number')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('s3cr3t-value');
  });
});
