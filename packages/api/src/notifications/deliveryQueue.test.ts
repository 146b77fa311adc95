import { createHmac } from 'node:crypto';
import type { ReadDocument, ReadStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeliveryLog, MAX_DELIVERIES_PER_USER } from './deliveryLog.js';
import { backoffMs, createDeliveryQueue, DEFAULT_RETRY_POLICY } from './deliveryQueue.js';
import { sendToChannel, type Notice } from './sendToChannel.js';
import { startLocalReceiver, type LocalReceiver } from './testing/localReceiver.js';

/** The part of a read store the delivery log uses, in memory. */
function memoryReadStore(): ReadStore {
  const docs = new Map<string, ReadDocument>();
  return {
    get: async (collection: string, id: string) => docs.get(`${collection}/${id}`),
    upsert: async (collection: string, doc: ReadDocument) => {
      const current = docs.get(`${collection}/${doc.id}`);
      if (current && current.version >= doc.version) return false;
      docs.set(`${collection}/${doc.id}`, doc);
      return true;
    },
  } as unknown as ReadStore;
}

const notice: Notice = {
  event: 'alert.failed',
  title: 'BUY BTC failed',
  strategy: { id: 'main', name: 'Main' },
  symbol: 'BTC',
  reason: 'Stop-loss required',
  signalId: 'sig-1',
  url: 'https://hyperhook.test/dashboard?tab=logs&log=sig-1',
  at: '2026-01-01T00:00:00.000Z',
};
const BOT_TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKllMMnnOOpp';

let receiver: LocalReceiver;
beforeEach(async () => {
  receiver = await startLocalReceiver();
});
afterEach(async () => {
  await receiver.close();
});

function queueFor(maxAttempts = 4, send: typeof sendToChannel = sendToChannel) {
  const log = createDeliveryLog(memoryReadStore());
  const queue = createDeliveryQueue({
    targets: { allowPrivateTargets: true, telegramApiUrl: receiver.url },
    log,
    clock: () => new Date('2026-01-01T00:00:01.000Z'),
    retry: { maxAttempts, baseDelayMs: 5, maxDelayMs: 50 },
    send,
  });
  return { log, queue };
}

/** Sends as the queue would, but every try waits until the test lets the answers through. */
function heldSend(): { send: typeof sendToChannel; tries: () => number; letThrough: () => void } {
  let letThrough = (): void => undefined;
  const gate = new Promise<void>((resolve) => (letThrough = resolve));
  let tries = 0;
  const send: typeof sendToChannel = async (...args) => {
    tries += 1;
    await gate;
    return sendToChannel(...args);
  };
  return { send, tries: () => tries, letThrough };
}

describe('delivery queue (issue 30, point 2: retries with backoff)', () => {
  it('issue 40, point 8: given a Telegram Bot API that answers 500 twice, when a notice is queued, then enqueue returns while the first try is unanswered and the third try delivers sendMessage with the chat id and the text', async () => {
    // given
    receiver.script({ status: 500, body: { ok: false, description: 'Internal' } }, { status: 500 });
    const held = heldSend();
    const { log, queue } = queueFor(4, held.send);
    // when
    const deliveryId = queue.enqueue('u-1', { id: 'tg', type: 'telegram', botToken: BOT_TOKEN, chatId: '-100200' }, notice);
    // then: "at once" is shown by the order of things, not timed (issue 40, point 8): the id came
    // back while the try was started and held unanswered, nothing recorded yet
    expect(deliveryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(held.tries()).toBe(1);
    expect(queue.pending).toBe(1);
    expect(await log.recent('u-1')).toEqual([]);
    held.letThrough();
    await vi.waitFor(() => expect(receiver.received).toHaveLength(3));
    const last = receiver.received[2];
    expect(last?.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    const body = JSON.parse(last?.body ?? '{}') as { chat_id: string; text: string };
    expect(body.chat_id).toBe('-100200');
    expect(body.text).toContain('Strategy: Main');
    expect(body.text).toContain('Symbol: BTC');
    expect(body.text).toContain('Reason: Stop-loss required');
    expect(body.text).toContain(notice.url);
    await vi.waitFor(async () => expect((await log.recent('u-1')).map((a) => a.result)).toEqual(['delivered', 'retrying', 'retrying']));
    const attempts = await log.recent('u-1');
    expect(attempts.map((a) => a.attempt)).toEqual([3, 2, 1]);
    expect(attempts[2]?.error).toBe('HTTP 500: Internal');
    expect(JSON.stringify(attempts)).not.toContain(BOT_TOKEN);
    await queue.stop();
  });

  it('given a Discord webhook that answers 429 with retry_after, when a notice is queued, then it waits that long and delivers {content}', async () => {
    receiver.fallback = { status: 204 };
    receiver.script({ status: 429, body: { message: 'You are being rate limited.', retry_after: 0.03, global: false } });
    const { log, queue } = queueFor();
    queue.enqueue('u-1', { id: 'dc', type: 'discord', url: `${receiver.url}/api/webhooks/1/tok` }, notice);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2));
    expect(JSON.parse(receiver.received[1]?.body ?? '{}')).toMatchObject({ content: expect.stringContaining('BUY BTC failed') });
    await vi.waitFor(async () => expect((await log.recent('u-1')).map((a) => a.status)).toEqual([204, 429]));
    await queue.stop();
  });

  it('given an outgoing webhook, when delivered, then the receiver verifies X-Hyperhook-Signature over the raw body with the signing secret', async () => {
    const { queue } = queueFor();
    queue.enqueue('u-1', { id: 'wh', type: 'webhook', url: `${receiver.url}/in`, signingSecret: 'whsec_test' }, notice);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    const [request] = receiver.received;
    expect(request?.headers['x-hyperhook-event']).toBe('alert.failed');
    const expected = `sha256=${createHmac('sha256', 'whsec_test')
      .update(request?.body ?? '')
      .digest('hex')}`;
    expect(request?.headers['x-hyperhook-signature']).toBe(expected);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      event: 'alert.failed',
      symbol: 'BTC',
      strategy: { id: 'main' },
      reason: 'Stop-loss required',
      signalId: 'sig-1',
    });
    await queue.stop();
  });

  it('given a target that always fails, when queued, then it is tried maxAttempts times and recorded failed; a 404 is not retried at all', async () => {
    receiver.fallback = { status: 503 };
    const { log, queue } = queueFor(3);
    queue.enqueue('u-1', { id: 'wh', type: 'webhook', url: `${receiver.url}/in`, signingSecret: 's' }, notice);
    await vi.waitFor(async () => expect((await log.recent('u-1'))[0]?.result).toBe('failed'));
    expect(receiver.received).toHaveLength(3);
    receiver.fallback = { status: 404 };
    queue.enqueue('u-2', { id: 'wh', type: 'webhook', url: `${receiver.url}/in`, signingSecret: 's' }, notice);
    await vi.waitFor(async () => expect((await log.recent('u-2')).map((a) => a.result)).toEqual(['failed']));
    expect(receiver.received).toHaveLength(4);
    expect(queue.pending).toBe(0);
    await queue.stop();
  });

  it('given many attempts, when recorded, then a user keeps the last 50 only', async () => {
    const { log } = queueFor();
    for (let i = 0; i < MAX_DELIVERIES_PER_USER + 5; i += 1) {
      void log.record('u-1', {
        deliveryId: `d${i}`,
        channelId: 'c',
        channelType: 'discord',
        event: 'test',
        signalId: null,
        attempt: 1,
        result: 'delivered',
        status: 204,
        error: null,
        at: notice.at,
      });
    }
    await log.record('u-1', {
      deliveryId: 'last',
      channelId: 'c',
      channelType: 'discord',
      event: 'test',
      signalId: null,
      attempt: 1,
      result: 'delivered',
      status: 204,
      error: null,
      at: notice.at,
    });
    const recent = await log.recent('u-1');
    expect(recent).toHaveLength(MAX_DELIVERIES_PER_USER);
    expect(recent[0]?.deliveryId).toBe('last');
  });

  it('backoff doubles from the base with jitter, is capped, and follows a retry-after', () => {
    const policy = DEFAULT_RETRY_POLICY;
    expect(backoffMs(1, policy, () => 0.5)).toBe(2_000);
    expect(backoffMs(3, policy, () => 0.5)).toBe(8_000);
    expect(backoffMs(3, policy, () => 0)).toBe(4_000);
    expect(backoffMs(20, policy, () => 0.99)).toBe(policy.maxDelayMs);
    expect(backoffMs(1, policy, () => 0.5, 1_234)).toBe(1_234);
  });
});
