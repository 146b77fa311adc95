import { describe, expect, it } from 'vitest';
import type { SignalEvent } from './signalEvents.js';
import { accountStreamId, paperStreamId, signalStreamId, userStreamId } from '../eventModel/streams.js';
import {
  alert,
  at,
  CLOID,
  executed,
  failed,
  planned,
  received,
  rejected,
  SIGNAL_ID,
  signedUp,
  submitted,
  UID,
  validationStarted,
} from '../testing/fixtures.js';
import { foldProjection, projectEvent } from '../readModels/readModel.js';
import { eventLog } from '../readModels/testing/eventLog.js';
import { toWebhookLogView, webhookLogsProjection, type WebhookLogDoc } from './webhookLogsProjection.js';

const stream = signalStreamId(SIGNAL_ID);

function build(...events: SignalEvent[]): WebhookLogDoc {
  const log = eventLog();
  log.append(stream, ...events);
  const doc = foldProjection(webhookLogsProjection, log.records).get(SIGNAL_ID);
  if (!doc) throw new Error('no log document');
  return doc;
}

const receivedWithRejection = (rawBody: string): SignalEvent => ({
  type: 'SignalReceived',
  v: 1,
  data: {
    signalId: SIGNAL_ID,
    userId: UID,
    receivedAt: at(0),
    rawBody,
    alert: null,
    rejection: { code: 'MISSING_SYMBOL', field: 'symbol', message: 'symbol is required' },
  },
});
const parserRejected: SignalEvent = { type: 'SignalRejected', v: 1, data: { at: at(0), code: 'MISSING_SYMBOL', reason: 'symbol is required' } };

describe('webhookLogsProjection', () => {
  it('issue 29, point 2: a target alert whose target is held is executed with nothing sent, and the log says why', () => {
    const held: SignalEvent = { type: 'TargetAlreadyHeld', v: 1, data: { at: at(20), reason: 'Already long 0.52 ETH: nothing to send.' } };
    const view = toWebhookLogView(build(received, validationStarted, held));
    expect(view).toMatchObject({ status: 'executed', executedAt: at(20), latencyMs: 20, note: 'Already long 0.52 ETH: nothing to send.' });
    expect(view.error).toBeUndefined();
    expect(view.fill).toBeUndefined();
  });

  it('issue 41, point 1: a cancel alert is executed once its resting orders are cancelled, and the log says what was cancelled', () => {
    const reason = 'Cancelled 2 resting ETH orders of this strategy; its stop-loss and take-profit are kept.';
    const cancelled: SignalEvent = { type: 'RestingOrdersCancelled', v: 1, data: { at: at(35), reason, cancelled: [] } };
    expect(toWebhookLogView(build(received, validationStarted, cancelled))).toMatchObject({
      status: 'executed',
      executedAt: at(35),
      latencyMs: 35,
      note: reason,
    });
  });

  it('STATE-02, CARD-21, ENT-06: a received webhook creates a log in status received', () => {
    const doc = build(received);
    expect(doc).toMatchObject({ collection: 'webhookLogs', id: SIGNAL_ID, userId: UID, version: 1 });
    expect(doc.data).toMatchObject({
      logId: SIGNAL_ID,
      userId: UID,
      payload: alert,
      status: 'received',
      receivedAt: at(0),
      processedAt: null,
      error: null,
      duplicates: 0,
    });
  });

  it('STATE-07: the status follows the signal through validating and executing to executed', () => {
    const statuses = [received, validationStarted, planned, submitted, executed].map((_, i, all) => build(...all.slice(0, i + 1)).data.status);
    expect(statuses).toEqual(['received', 'validating', 'executing', 'executing', 'executed']);
  });

  it('records every stage time, the latency and the execution result', () => {
    const doc = build(received, validationStarted, planned, submitted, executed);
    expect(doc.data.stages).toEqual({
      received: at(0),
      validated: at(20),
      sized: at(30),
      signed: at(40),
      sent: at(45),
      acknowledged: at(250),
      filled: at(250),
    });
    expect(doc.data.latencyMs).toBe(250);
    expect(doc.data.processedAt).toBe(at(250));
    expect(doc.data.execution).toEqual({ cloid: CLOID, status: 'filled', oid: 77, avgPx: 60010.5, totalSz: 0.0033 });
    expect(doc.version).toBe(5);
  });

  it('ENT-07, ENT-09: the view of an executed log has executedAt = processedAt, createdAt = receivedAt, its latency and the fill the exchange reported', () => {
    expect(toWebhookLogView(build(received, validationStarted, planned, submitted, executed))).toEqual({
      webhookLogId: SIGNAL_ID,
      payload: alert,
      status: 'executed',
      executedAt: at(250),
      createdAt: at(0),
      latencyMs: 250,
      stages: { received: at(0), validated: at(20), sized: at(30), signed: at(40), sent: at(45), acknowledged: at(250), filled: at(250) },
      duplicates: 0,
      fill: { status: 'filled', avgPx: 60010.5, totalSz: 0.0033, oid: 77 },
      strategyId: 'main',
      strategyName: 'Main',
      venue: 'live',
    });
  });

  it("issue 30, point 1: the log row of a paper strategy's alert says paper; a live one says live", () => {
    const paper = { ...received, data: { ...received.data, strategyId: 'st_p', strategyName: 'Paper', venue: 'paper' } } as typeof received;
    expect(build(paper).data.venue).toBe('paper');
    expect(toWebhookLogView(build(paper))).toMatchObject({ strategyId: 'st_p', venue: 'paper' });
    expect(toWebhookLogView(build(received)).venue).toBe('live');
  });

  it("issue 29, point 1: a log carries the strategy whose URL received the alert; the first strategy's logs store no id, so old and new ones are found alike", () => {
    const other = { ...received, data: { ...received.data, strategyId: 'st_eth', strategyName: 'ETH trend' } } as typeof received;
    const first = { ...received, data: { ...received.data, strategyId: 'main', strategyName: 'Renamed main' } } as typeof received;
    expect(build(other).data).toMatchObject({ strategyId: 'st_eth', strategyName: 'ETH trend' });
    expect(toWebhookLogView(build(other))).toMatchObject({ strategyId: 'st_eth', strategyName: 'ETH trend' });
    expect('strategyId' in build(first).data).toBe(false);
    expect(toWebhookLogView(build(first))).toMatchObject({ strategyId: 'main', strategyName: 'Renamed main' });
  });

  it('a log in flight has neither executedAt, error nor latency in its view', () => {
    const view = toWebhookLogView(build(received, validationStarted));
    expect([view.status, 'executedAt' in view, 'error' in view, 'latencyMs' in view]).toEqual(['validating', false, false, false]);
  });

  it('CARD-13, ENT-08: a malformed alert still gives a failed log with its reason and the body as received (JSON)', () => {
    const doc = build(receivedWithRejection('{"action":"buy"}'), parserRejected);
    expect(doc.data).toMatchObject({
      status: 'failed',
      payload: { action: 'buy' },
      error: 'symbol is required',
      errorCode: 'MISSING_SYMBOL',
      processedAt: at(0),
      latencyMs: 0,
    });
    const view = toWebhookLogView(doc);
    expect([view.status, view.error, view.executedAt, view.latencyMs]).toEqual(['failed', 'symbol is required', undefined, undefined]);
  });

  it('CARD-13: a body that is not JSON is kept as text in the payload', () => {
    expect(build(receivedWithRejection('buy BTC now'), parserRejected).data.payload).toBe('buy BTC now');
  });

  it('issue 32, point 1: a malformed body nested thousands deep is kept as text, so nothing that walks the stored payload overflows its stack', () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const doc = build(receivedWithRejection(deep), parserRejected);
    expect(doc.data.payload).toBe(deep);
    expect(() => JSON.stringify(toWebhookLogView(doc))).not.toThrow();
  });

  it('ENT-08: a rejection before any order fills `error`', () => {
    const doc = build(received, validationStarted, rejected);
    expect([doc.data.error, doc.data.execution, toWebhookLogView(doc).error]).toEqual(['No API keys configured', null, 'No API keys configured']);
  });

  it('ENT-08: an execution failure fills execution.error with the exchange text, and the view reads it', () => {
    const doc = build(received, validationStarted, planned, submitted, failed);
    expect(doc.data.error).toBeNull();
    expect(doc.data.execution).toEqual({ cloid: CLOID, error: 'Insufficient margin to place order.', errorCode: 'EXCHANGE_REJECTED', transient: false });
    expect(toWebhookLogView(doc).error).toBe('Insufficient margin to place order.');
    expect(doc.data.latencyMs).toBe(300);
  });

  it('ENT-08: execution.error wins over error when a stored log has both', () => {
    const doc = build(received, validationStarted, rejected);
    const both: WebhookLogDoc = { ...doc, data: { ...doc.data, execution: { error: 'from execution' } } };
    expect(toWebhookLogView(both).error).toBe('from execution');
  });

  it('re-deliveries are counted, not traded', () => {
    const duplicate: SignalEvent = { type: 'SignalDuplicateReceived', v: 1, data: { receivedAt: at(900) } };
    const doc = build(received, validationStarted, planned, submitted, executed, duplicate, { ...duplicate, data: { receivedAt: at(950) } });
    expect([doc.data.status, doc.data.duplicates, doc.data.lastDuplicateAt]).toEqual(['executed', 2, at(950)]);
  });

  it('idempotence: an event at or below the document version changes nothing', () => {
    const log = eventLog();
    const [first, second] = log.append(stream, received, validationStarted);
    const docs = foldProjection(webhookLogsProjection, log.records);
    const doc = docs.get(SIGNAL_ID) ?? null;
    if (!first || !second) throw new Error('records missing');
    expect(webhookLogsProjection.apply(doc, first.event, first.meta)).toBe(doc);
    expect(projectEvent(webhookLogsProjection, () => doc, second.event, second.meta)).toEqual({ kind: 'none' });
    // At-least-once delivery: the whole log delivered twice gives the same documents (one duplicate, not two).
    log.append(stream, { type: 'SignalDuplicateReceived', v: 1, data: { receivedAt: at(900) } });
    const once = foldProjection(webhookLogsProjection, log.records);
    expect(once.get(SIGNAL_ID)?.data.duplicates).toBe(1);
    expect(foldProjection(webhookLogsProjection, [...log.records, ...log.records])).toEqual(once);
  });

  it('ignores events of other streams, and signal events whose SignalReceived was never seen', () => {
    expect(webhookLogsProjection.idOf(signedUp, { globalPosition: 1, streamId: userStreamId(UID), recordedAt: at(0) })).toBeNull();
    expect(webhookLogsProjection.idOf(validationStarted, { globalPosition: 1, streamId: accountStreamId(UID), recordedAt: at(0) })).toBeNull();
    const log = eventLog();
    log.append(stream, validationStarted);
    expect(foldProjection(webhookLogsProjection, log.records).size).toBe(0);
  });
});

describe('webhookLogsProjection: a resting entry cancelled after its time (issue 41 §1)', () => {
  it('issue 41 §1 cancelAfterMinutes: given an executed resting entry, when RestingOrdersExpired names its signal on the account stream, then its log row stays executed and says it was cancelled after 30 min', () => {
    const log = eventLog();
    log.append(stream, received, validationStarted, planned, submitted, executed);
    log.append(accountStreamId(UID), {
      type: 'RestingOrdersExpired',
      v: 1,
      data: { signalId: SIGNAL_ID, strategyId: 'main', coin: 'BTC', afterMinutes: 30, at: at(1_800_000), cancelled: [CLOID], gone: [] },
    });
    const doc = foldProjection(webhookLogsProjection, log.records).get(SIGNAL_ID);
    expect(doc && toWebhookLogView(doc)).toMatchObject({ status: 'executed', note: 'Resting BTC order cancelled after 30 min, not filled in time' });
  });
  it('issue 41 §3 cancelAfterMinutes: given an executed paper resting entry, when PaperRestingOrdersExpired names its signal on the paper stream, then its log row says it was cancelled after 30 min, as live’s', () => {
    const log = eventLog();
    log.append(stream, received, validationStarted, planned, submitted, executed);
    log.append(paperStreamId(UID), {
      type: 'PaperRestingOrdersExpired',
      v: 1,
      data: { signalId: SIGNAL_ID, strategyId: 'st_paper', epoch: 0, coin: 'BTC', afterMinutes: 30, at: at(1_800_000), cancelled: [CLOID], gone: [] },
    });
    const doc = foldProjection(webhookLogsProjection, log.records).get(SIGNAL_ID);
    expect(doc && toWebhookLogView(doc)).toMatchObject({ status: 'executed', note: 'Resting BTC order cancelled after 30 min, not filled in time' });
  });
});

describe('webhookLogsProjection: what happened later to the protection an alert set (issue 41 §2)', () => {
  const base = { strategyId: 'main', coin: 'BTC', signalId: SIGNAL_ID, refused: [], cancelled: [] };
  const sl = (triggerPx: string, size: string, n: number) => ({
    kind: 'sl' as const,
    cloid: `0x${String(n).padStart(32, '0')}`,
    triggerPx,
    size,
    isBuy: false,
  });
  const tp = (triggerPx: string, size: string, n: number) => ({
    kind: 'tp' as const,
    cloid: `0x${String(n).padStart(32, '0')}`,
    triggerPx,
    size,
    isBuy: false,
  });

  it('issue 41 §2: given an executed entry, when ProtectionUpdated places, trails, fills a take-profit and is refused, then its log row lists each, oldest first, with the venue’s words', () => {
    const log = eventLog();
    log.append(stream, received, validationStarted, planned, submitted, executed);
    const trail = { percent: '2', activationPx: '61200', active: false };
    const targets = [{ triggerPx: '62400', size: '0.05' }];
    log.append(
      accountStreamId(UID),
      {
        type: 'ProtectionUpdated',
        v: 1,
        data: { ...base, stopLoss: '58800', takeProfits: targets, trailingStop: trail, live: [sl('58800', '0.1', 1), tp('62400', '0.05', 2)], at: at(1_000) },
      },
      {
        type: 'ProtectionUpdated',
        v: 1,
        data: {
          ...base,
          stopLoss: '60760',
          takeProfits: targets,
          trailingStop: { ...trail, active: true, movedAt: at(59_990) },
          live: [sl('60760', '0.1', 3), tp('62400', '0.05', 2)],
          at: at(60_000),
        },
      },
      {
        type: 'ProtectionUpdated',
        v: 1,
        data: {
          ...base,
          stopLoss: '60760',
          takeProfits: [],
          trailingStop: { ...trail, active: true, movedAt: at(59_990) },
          live: [sl('60760', '0.05', 4)],
          at: at(120_000),
        },
      },
      {
        type: 'ProtectionUpdated',
        v: 1,
        data: {
          ...base,
          stopLoss: '61500',
          trailingStop: { ...trail, active: true, movedAt: at(179_990) },
          live: [sl('60760', '0.05', 4)],
          refused: [{ kind: 'sl', triggerPx: '61500', size: '0.05', reason: 'Order would immediately trigger' }],
          at: at(180_000),
        },
      },
    );
    const doc = foldProjection(webhookLogsProjection, log.records).get(SIGNAL_ID);
    expect(doc && toWebhookLogView(doc).later?.map((entry) => entry.text)).toEqual([
      'stop-loss 0.1 at 58,800 placed',
      'take-profit 0.05 at 62,400 placed',
      'trail armed: trailing 2% behind the price once it reaches 61200',
      'stop moved to 60,760 (trail)',
      'trail active: the price reached its activation',
      'stop resized to 0.05',
      'take-profit 0.05 at 62,400 filled',
      'refused: stop-loss 0.05 at 61,500: Order would immediately trigger',
    ]);
    expect(doc && toWebhookLogView(doc).later?.at(-1)).toMatchObject({ refused: true, at: at(180_000) });
  });

  it('issue 41 §2: given a break-even armed, when the stop moves to its price, then the row says "(break-even)"', () => {
    const log = eventLog();
    log.append(stream, received, validationStarted, planned, submitted, executed);
    const breakEven = { activationPx: '60600', stopPx: '60060' };
    log.append(
      accountStreamId(UID),
      { type: 'ProtectionUpdated', v: 1, data: { ...base, stopLoss: '58000', breakEven, live: [sl('58000', '0.1', 1)], at: at(1_000) } },
      { type: 'ProtectionUpdated', v: 1, data: { ...base, stopLoss: '60060', live: [sl('60060', '0.1', 2)], at: at(2_000) } },
    );
    const doc = foldProjection(webhookLogsProjection, log.records).get(SIGNAL_ID);
    expect(doc && toWebhookLogView(doc).later?.map((entry) => entry.text)).toEqual([
      'stop-loss 0.1 at 58,000 placed',
      'break-even armed: stop to 60,060 once the price reaches 60,600',
      'stop moved to 60,060 (break-even)',
    ]);
  });

  it('issue 41 §2: given a trail moving the stop 30 times, when projected, then the row keeps the newest 20', () => {
    const log = eventLog();
    log.append(stream, received, validationStarted, planned, submitted, executed);
    const moves = Array.from({ length: 30 }, (_, i) => {
      const px = String(58_000 + i * 100);
      return { type: 'ProtectionUpdated' as const, v: 1 as const, data: { ...base, stopLoss: px, live: [sl(px, '0.1', i + 1)], at: at(1_000 * (i + 1)) } };
    });
    log.append(accountStreamId(UID), ...moves);
    const later = foldProjection(webhookLogsProjection, log.records).get(SIGNAL_ID)?.data.later ?? [];
    expect(later).toHaveLength(20);
    expect(later.at(-1)?.text).toBe('stop moved to 60,900');
  });

  it('issue 41 §2: given a log row without later events, when viewed, then it has no later field (older rows read as before)', () => {
    const log = eventLog();
    log.append(stream, received, validationStarted, planned, submitted, executed);
    const doc = foldProjection(webhookLogsProjection, log.records).get(SIGNAL_ID);
    expect(doc && toWebhookLogView(doc)).not.toHaveProperty('later');
  });
});

describe('webhookLogsProjection: an entry held for approval (issue 42)', () => {
  const hold: SignalEvent = {
    type: 'SignalHeldForApproval',
    v: 1,
    data: { at: at(20), expiresAt: at(300_020), coin: 'BTC', side: 'buy', size: '0.0033', price: '60010' },
  };
  const approved: SignalEvent = { type: 'SignalApproved', v: 1, data: { at: at(60_000), via: 'push' } };

  it('given an entry held, when viewed, then it awaits approval and shows what waits until when', () => {
    const view = toWebhookLogView(build(received, validationStarted, hold));
    expect(view.status).toBe('awaiting_approval');
    expect(view.approval).toEqual({ heldAt: at(20), expiresAt: at(300_020), coin: 'BTC', side: 'buy', size: '0.0033', price: '60010' });
  });

  it('given it approved from a notification, when viewed, then it is validating again and says when and where it was approved', () => {
    const view = toWebhookLogView(build(received, validationStarted, hold, approved));
    expect(view.status).toBe('validating');
    expect(view.approval).toMatchObject({ approvedAt: at(60_000), via: 'push' });
  });

  it('given it expired, when viewed, then it failed with the expiry text and keeps what waited', () => {
    const expired: SignalEvent = {
      type: 'SignalRejected',
      v: 1,
      data: { at: at(300_020), code: 'APPROVAL_EXPIRED', reason: 'Not approved within 5 min: the entry was not sent.' },
    };
    const view = toWebhookLogView(build(received, validationStarted, hold, expired));
    expect(view.status).toBe('failed');
    expect(view.error).toBe('Not approved within 5 min: the entry was not sent.');
    expect(view.guard).toBeUndefined();
    expect(view.approval?.coin).toBe('BTC');
  });

  it('given a row never held, when viewed, then it has no approval field (older rows read as before)', () => {
    expect(toWebhookLogView(build(received, validationStarted)).approval).toBeUndefined();
  });
});
