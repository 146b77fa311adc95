import {
  alertRejection,
  ALERT_MAX_BODY_BYTES,
  dedupeClaimStreamId,
  FIRST_STRATEGY_ID,
  parseAlert,
  SourceIpSchema,
  strategyField,
  type AlertRefusalReason,
  type AlertRejection,
} from '@hyperhook/domain';
import { timeOrderedId, type EventStore, type StorePorts } from '@hyperhook/store';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { replyStoreUnavailable } from '../http/storeUnavailable.js';
import { dedupeKeyOf, parseDedupeClaim, type DedupeClaim } from './dedupeClaim.js';
import { DEFAULT_WEBHOOK_GUESS_LIMIT, guessLimiter } from './guessLimiter.js';
import { ipAllowed, normaliseIp } from './ipAllowed.js';
import { recordNewSignal, runSignalCommand } from './receiveSignal.js';
import { resolveWebhook } from './resolveWebhook.js';
import { refusalTally, REFUSAL_TALLY_FLUSH_MS } from './refusalTally.js';
import { DEFAULT_WEBHOOK_RATE_LIMIT, loggedRefusalLimitOf, webhookRateLimiter, type WebhookRateLimit } from './webhookRateLimiter.js';

/** How an intake request ended, for the webhookAcks metric. */
export type IngressOutcome = 'accepted' | 'duplicate' | 'malformed' | 'not_found' | 'forbidden' | 'rate_limited' | 'too_large';

/** Options of the ingress plugin. */
export type IngressOptions = {
  readonly store: Pick<StorePorts, 'eventStore' | 'readStore'>;
  /** Source of `receivedAt`, default `() => new Date()`. */
  readonly clock?: () => Date;
  /** Same body from the same user within this window is a re-delivery, default 60 000 ms. */
  readonly dedupeWindowMs?: number;
  /** Per-webhook budget, default 60 burst / 60 per minute. */
  readonly rateLimit?: WebhookRateLimit;
  /** Per-source budget of unknown webhook URLs (guesses), default 60 burst / 60 per minute. */
  readonly guessLimit?: WebhookRateLimit;
  /**
   * Runs `flush` (writing the alerts counted past the logging ceiling) every 10 s and returns how
   * to stop; tests pass their own to flush when they say rather than when a timer fires.
   */
  readonly refusalFlushEvery?: (flush: () => void) => () => void;
  /** Called once per answered request (the gateway counts them in `webhookAcks`). */
  readonly onOutcome?: (outcome: IngressOutcome) => void;
};

function flushEveryInterval(flush: () => void): () => void {
  const timer = setInterval(flush, REFUSAL_TALLY_FLUSH_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Default re-delivery window for alerts without an explicit id. */
export const DEFAULT_DEDUPE_WINDOW_MS = 60_000;

/** "1 alert", "60 alerts". */
const alerts = (count: number) => `${count} alert${count === 1 ? '' : 's'}`;

const NOT_FOUND = { success: false, error: 'Not found' } as const;
const TOO_MANY_GUESSES = { success: false, error: 'Too many requests to unknown webhook URLs from this address, please slow down.' } as const;

/**
 * What identifies one webhook URL for rate limits and re-deliveries: the user for the first
 * strategy (as before strategies, so claims already taken keep matching), user and strategy for
 * the others — the same alert sent to two strategies is two alerts.
 */
function webhookKey(webhook: { readonly uid: string; readonly strategyId: string }): string {
  return webhook.strategyId === FIRST_STRATEGY_ID ? webhook.uid : `${webhook.uid}/${webhook.strategyId}`;
}

/** The claim in `dedupe-<claimId>`, if taken. */
async function readClaim(eventStore: EventStore, claimId: string): Promise<DedupeClaim | null> {
  const [first] = await eventStore.readStream(dedupeClaimStreamId(claimId), { maxCount: 1 });
  return parseDedupeClaim(first);
}

/**
 * Webhook intake: `POST /hook/:secret`, outside `/api` and without a
 * bearer token — the secret in the URL is the credential. Any content type is read as text (up to
 * 64 KiB, 413 beyond), parsed by the domain's alert parser and appended as SignalReceived; the
 * answer comes as soon as the append is durable, without calling the exchange (TradingView gives
 * up after 3 s). Unknown or rotated secrets answer 404 and record nothing; a malformed
 * alert answers 400 with the reason and is still logged as failed; re-deliveries answer 200 with
 * the original log id and are recorded as duplicates, never traded twice.
 *
 * Register it encapsulated (not through fastify-plugin): its content-type parsers and error
 * handler must only apply to this route.
 */
export async function ingressPlugin(app: FastifyInstance, options: IngressOptions): Promise<void> {
  const { eventStore, readStore } = options.store;
  const clock = options.clock ?? (() => new Date());
  const windowMs = options.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
  const budget = options.rateLimit ?? DEFAULT_WEBHOOK_RATE_LIMIT;
  const limiter = webhookRateLimiter(budget, () => clock().getTime());
  const guesses = guessLimiter(options.guessLimit ?? DEFAULT_WEBHOOK_GUESS_LIMIT, () => clock().getTime());
  // Refusals are logged one by one up to ten times the budget, then counted (issue 32, point 2).
  const refusalLogLimiter = webhookRateLimiter(loggedRefusalLimitOf(budget), () => clock().getTime());
  const tally = refusalTally(eventStore, clock);
  const flushTally = () => tally.flush().catch((error: unknown) => app.log.error({ err: error }, 'counted webhook refusals could not be written'));
  const stopFlushing = (options.refusalFlushEvery ?? flushEveryInterval)(() => void flushTally());
  app.addHook('onClose', async () => {
    stopFlushing();
    await flushTally();
  });
  const report = options.onOutcome ?? (() => undefined);

  // Alert sources label bodies inconsistently (TradingView sends text/plain, others send
  // nothing or a wrong type): every body is kept as the raw string for the parser and the log.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: ALERT_MAX_BODY_BYTES }, (_request, body, done) => done(null, body));
  // Fastify answers 415 before any handler for a content type it cannot read (empty, no slash, bad
  // parameters): such an alert would go unlogged. The type as sent is kept for the log and the
  // parser, and the body is read as the text it is, whatever the label said.
  const sentContentTypes = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request) => {
    const sent = request.headers['content-type'];
    if (sent === undefined) return;
    sentContentTypes.set(request, sent);
    request.headers['content-type'] = 'text/plain';
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.statusCode === 413) {
      report('too_large');
      return reply.status(413).send({ success: false, error: `Webhook body is larger than ${ALERT_MAX_BODY_BYTES / 1024} KiB` });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ success: false, error: error.message });
    }
    // A full disk is said as such (503, Retry-After), so the sender retries and the operator knows why.
    if (replyStoreUnavailable(error, reply, request.log)) return reply;
    request.log.error({ err: error }, 'webhook intake failed');
    // 5xx makes TradingView re-send; dedupe turns that re-send into a duplicate if the first one landed.
    return reply.status(500).send({ success: false, error: 'Internal server error' });
  });

  const answer = (reply: FastifyReply, outcome: IngressOutcome, status: number, body: unknown) => {
    report(outcome);
    return reply.status(status).send(body);
  };

  app.post<{ Params: { secret: string }; Body: string | undefined }>(
    '/hook/:secret',
    { bodyLimit: ALERT_MAX_BODY_BYTES, config: { rateLimit: false } },
    async (request, reply) => {
      const ip = normaliseIp(request.ip);
      const webhook = await resolveWebhook(readStore, request.params.secret);
      if (webhook === null) {
        // Past its budget of unknown URLs an address is told to slow down (issue 32, point 4).
        // A valid URL is served whatever the address's budget: alert services post for every
        // trader from a few shared addresses, and one trader's alerts still firing at a rotated
        // URL must not lock every other trader out. Guessing is beaten by the secret's 192 bits.
        if (!guesses.allows(ip)) {
          void reply.header('retry-after', String(guesses.retryAfterSeconds));
          return answer(reply, 'rate_limited', 429, TOO_MANY_GUESSES);
        }
        guesses.missed(ip);
        return answer(reply, 'not_found', 404, NOT_FOUND);
      }
      const received = clock();
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const contentType = sentContentTypes.get(request)?.slice(0, 200);
      const sourceIp = SourceIpSchema.safeParse(ip).success ? ip : undefined;
      // Time-ordered (UUIDv7): signal streams and webhook-log documents are then appended at the
      // right edge of their indexes, which keeps each commit to a few pages at thousands of alerts/s.
      const signalId = timeOrderedId();
      const base = {
        type: 'ReceiveSignal' as const,
        userId: webhook.uid,
        ...strategyField(webhook.strategyId),
        strategyName: webhook.strategyName,
        ...(webhook.venue === 'paper' ? { venue: webhook.venue } : {}),
        receivedAt: received.toISOString(),
        rawBody,
        ...(contentType !== undefined ? { contentType } : {}),
        ...(sourceIp !== undefined ? { sourceIp } : {}),
      };

      /**
       * A refused alert is still its owner's to see (issue 32, point 2): logged as rejected with
       * the reason while the URL's refusals stay under ten times its budget, counted past that.
       * Answers the log id when it was logged.
       */
      const refuse = async (reason: AlertRefusalReason, rejection: AlertRejection): Promise<{ logId?: string }> => {
        if (!refusalLogLimiter.take(webhookKey(webhook))) {
          tally.count(webhook.uid, webhook.strategyId === FIRST_STRATEGY_ID ? undefined : webhook.strategyId, reason);
          return {};
        }
        await recordNewSignal(eventStore, { ...base, signalId, alert: null, rejection });
        return { logId: signalId };
      };

      if (!ipAllowed(webhook.ipAllowlist, ip)) {
        const logged = await refuse('sourceNotAllowed', alertRejection('SOURCE_NOT_ALLOWED', `Source address ${ip} is not on this webhook's IP allowlist.`));
        return answer(reply, 'forbidden', 403, { success: false, error: 'Source address not allowed for this webhook', ...logged });
      }
      if (!limiter.take(webhookKey(webhook))) {
        const logged = await refuse(
          'rateLimited',
          alertRejection('RATE_LIMITED', `Rate limited: ${alerts(budget.perMinute)} a minute for this URL (${budget.burst} at once).`),
        );
        void reply.header('retry-after', '1');
        return answer(reply, 'rate_limited', 429, { success: false, error: 'Too many requests for this webhook, please slow down.', ...logged });
      }

      const parsed = parseAlert(rawBody, contentType);

      if (!parsed.ok) {
        // Malformed alerts are logged (SignalReceived + SignalRejected) but not deduplicated:
        // alert sources do not re-send on 4xx, and each attempt is worth seeing in the log.
        await recordNewSignal(eventStore, { ...base, signalId, alert: null, rejection: parsed.rejection });
        return answer(reply, 'malformed', 400, { success: false, error: parsed.rejection.message, logId: signalId });
      }

      const dedupe = dedupeKeyOf(webhookKey(webhook), parsed.alert.id, rawBody, received.getTime(), windowMs);
      const alertCommand = { ...base, alert: parsed.alert, rejection: null, dedupeKey: dedupe.key };
      // The same body in the previous window slot is a re-delivery if it came less than windowMs ago.
      const previous = dedupe.previousClaimId === null ? null : await readClaim(eventStore, dedupe.previousClaimId);
      let original = previous !== null && received.getTime() - Date.parse(previous.receivedAt) < windowMs ? previous.signalId : null;
      if (original === null) {
        const recorded = await recordNewSignal(eventStore, { ...alertCommand, signalId }, dedupe.claimId);
        if (recorded !== 'claimed') return answer(reply, 'accepted', 200, { success: true, data: { logId: signalId } });
        const claim = await readClaim(eventStore, dedupe.claimId);
        if (claim === null) throw new Error(`dedupe claim ${dedupe.claimId} was refused as taken but cannot be read`);
        original = claim.signalId;
      }
      // The decider records SignalDuplicateReceived on the original signal: never a second trade.
      await runSignalCommand(eventStore, original, { ...alertCommand, signalId: original });
      return answer(reply, 'duplicate', 200, { success: true, data: { logId: original, duplicate: true } });
    },
  );
}
