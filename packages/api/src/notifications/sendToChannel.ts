import { createHmac } from 'node:crypto';
import type { NoticeEvent } from '@hyperhook/domain';
import { postJson, type PostAnswer } from './postJson.js';
import { TargetRefusedError, type TargetPolicy } from './targetGuard.js';

/** A channel with its secrets opened, only ever in memory while delivering. */
export type OpenChannel =
  | { readonly id: string; readonly type: 'telegram'; readonly botToken: string; readonly chatId: string }
  | { readonly id: string; readonly type: 'discord'; readonly url: string }
  | { readonly id: string; readonly type: 'webhook'; readonly url: string; readonly signingSecret: string };

/** What a notice says: the strategy, the symbol, the reason and a link to the log row. */
export interface Notice {
  readonly event: NoticeEvent | 'test';
  readonly title: string;
  readonly strategy: { readonly id: string; readonly name: string | null } | null;
  readonly symbol: string | null;
  readonly reason: string | null;
  readonly signalId: string | null;
  /** Absolute link to the log row (or to Settings for a test). */
  readonly url: string;
  readonly at: string;
  /**
   * Until when an entry awaiting approval waits (`alert.awaiting_approval` only): web push makes
   * its Approve and Reject links from it. Channels never carry those links.
   */
  readonly approvalExpiresAt?: string;
}

/** How one attempt went. */
export type AttemptOutcome =
  | { readonly ok: true; readonly status: number }
  | { readonly ok: false; readonly status?: number; readonly error: string; readonly retryable: boolean; readonly retryAfterMs?: number };

/** Where deliveries may go, and the Telegram Bot API base. */
export interface DeliveryTargets extends TargetPolicy {
  readonly telegramApiUrl: string;
}

/** `sha256=<hex HMAC-SHA256 of the raw body>`, as `X-Hyperhook-Signature` carries it. */
export function signatureOf(signingSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', signingSecret).update(rawBody, 'utf8').digest('hex')}`;
}

/** The notice as plain text (Telegram, Discord). */
export function noticeText(notice: Notice): string {
  const lines = [notice.title];
  if (notice.strategy) lines.push(`Strategy: ${notice.strategy.name ?? notice.strategy.id}`);
  if (notice.symbol) lines.push(`Symbol: ${notice.symbol}`);
  if (notice.reason) lines.push(`Reason: ${notice.reason}`);
  lines.push(notice.url);
  return lines.join('\n');
}

/** The JSON an outgoing webhook receives. */
export function webhookPayload(notice: Notice, deliveryId: string): Record<string, unknown> {
  return {
    id: deliveryId,
    event: notice.event,
    at: notice.at,
    title: notice.title,
    strategy: notice.strategy,
    symbol: notice.symbol,
    reason: notice.reason,
    signalId: notice.signalId,
    url: notice.url,
  };
}

/** Milliseconds to wait from a 429: Discord's body `retry_after` (seconds), else `Retry-After`. */
function retryAfterOf(answer: PostAnswer): number | undefined {
  try {
    const seconds = (JSON.parse(answer.body) as { retry_after?: unknown }).retry_after;
    if (typeof seconds === 'number' && seconds >= 0) return Math.ceil(seconds * 1000);
  } catch {
    // not JSON: fall back to the header
  }
  const header = Number(answer.headers['retry-after']);
  return Number.isFinite(header) && header >= 0 ? header * 1000 : undefined;
}

/** An answer's outcome: 2xx delivered; 408, 429 and 5xx worth another try; other 4xx final. */
function outcomeOf(answer: PostAnswer): AttemptOutcome {
  if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status };
  const retryable = answer.status === 408 || answer.status === 429 || answer.status >= 500;
  const retryAfterMs = answer.status === 429 ? retryAfterOf(answer) : undefined;
  // Telegram's description says why ("Bad Request: chat not found"); never the URL (it holds the token).
  let detail = '';
  try {
    const description = (JSON.parse(answer.body) as { description?: unknown; message?: unknown }) ?? {};
    const text = typeof description.description === 'string' ? description.description : typeof description.message === 'string' ? description.message : '';
    detail = text ? `: ${text.slice(0, 200)}` : '';
  } catch {
    // not JSON
  }
  return { ok: false, status: answer.status, error: `HTTP ${answer.status}${detail}`, retryable, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}

/** A request that never got an answer: worth another try, but for a refused target. */
function failureOf(error: unknown): AttemptOutcome {
  if (error instanceof TargetRefusedError) return { ok: false, error: error.message, retryable: false };
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  // Node's messages name the address and port, never the path (where tokens live).
  return { ok: false, error: typeof code === 'string' ? `${code}: ${message}`.slice(0, 300) : message.slice(0, 300), retryable: true };
}

/** One attempt to deliver `notice` to `channel`. Never throws. */
export async function sendToChannel(channel: OpenChannel, notice: Notice, deliveryId: string, targets: DeliveryTargets): Promise<AttemptOutcome> {
  try {
    switch (channel.type) {
      case 'telegram': {
        // The Bot API base is the operator's (HYPERHOOK_TELEGRAM_API_URL), not the trader's: trusted.
        const url = `${targets.telegramApiUrl.replace(/\/+$/, '')}/bot${channel.botToken}/sendMessage`;
        const body = JSON.stringify({ chat_id: channel.chatId, text: noticeText(notice), disable_web_page_preview: true });
        return outcomeOf(await postJson(url, body, {}, { allowPrivateTargets: true }));
      }
      case 'discord': {
        const body = JSON.stringify({ content: noticeText(notice).slice(0, 2000), allowed_mentions: { parse: [] } });
        return outcomeOf(await postJson(channel.url, body, {}, targets));
      }
      case 'webhook': {
        const body = JSON.stringify(webhookPayload(notice, deliveryId));
        const headers = {
          'x-hyperhook-event': notice.event,
          'x-hyperhook-delivery': deliveryId,
          'x-hyperhook-signature': signatureOf(channel.signingSecret, body),
        };
        return outcomeOf(await postJson(channel.url, body, headers, targets));
      }
    }
  } catch (error) {
    return failureOf(error);
  }
}
