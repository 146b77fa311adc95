import type { FastifyInstance } from 'fastify';
import { call } from './testApp.js';

/**
 * Posts an alert to the user's own webhook URL the way TradingView does (text/plain JSON) and
 * resolves the log id intake answers. Bodies must differ within a minute: intake treats the same
 * body from the same user as a re-delivery.
 */
export async function postWebhook(app: FastifyInstance, token: string, alert: Record<string, unknown>): Promise<string> {
  const url: string = (await call(app, 'GET', '/api/auth/webhook-url', token)).json().data.webhookUrl;
  const res = await app.inject({ method: 'POST', url: new URL(url).pathname, payload: JSON.stringify(alert), headers: { 'content-type': 'text/plain' } });
  if (res.statusCode !== 200) throw new Error(`webhook refused: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { logId: string } }>().data.logId;
}
