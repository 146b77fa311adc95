import { isGuardCode } from '../guards/checkEntryGuards.js';
import { jsonDepthWithin } from '../shared/jsonDepth.js';
import { expiredTitle } from '../ledger/restingExpiryText.js';
import { isSignalEvent, type DomainEvent } from '../eventModel/domainEvent.js';
import type { SignalEvent, SignalReceived } from './signalEvents.js';
import type { SignalStatus } from './signalStatus.js';
import { assertNever } from '../shared/assertNever.js';
import { FIRST_STRATEGY_ID, FIRST_STRATEGY_NAME } from '../eventModel/strategyIds.js';
import { numberOrNull } from '../shared/numberOrZero.js';
import type { WebhookLogApproval, WebhookLogStages, WebhookLogView } from './webhookLogView.js';
import { type LaterEntry } from './laterEntry.js';
import { appendLater, protectionLater, type ProtectionSeen } from './protectionLater.js';
import { defineProjection, streamEntityId, type ProjectionMeta, type ReadModelDoc } from '../readModels/readModel.js';

/** Read-model collection of webhook logs. */
export const WEBHOOK_LOGS_COLLECTION = 'webhookLogs';

/** What the exchange did with the order, or why execution failed. */
export interface WebhookLogExecution {
  readonly status?: 'filled' | 'resting';
  readonly oid?: number;
  readonly cloid?: string;
  readonly avgPx?: number;
  readonly totalSz?: number;
  /** Why execution failed: the exchange's own text when it came from the exchange. */
  readonly error?: string;
  readonly errorCode?: string;
  readonly transient?: boolean;
}

/**
 * A stored webhook log: one per signal. `error` holds refusals before any order
 * (rejections); `execution.error` holds execution failures; the view reads either.
 */
export interface WebhookLogData {
  readonly logId: string;
  readonly userId: string;
  /** The parsed alert; for a malformed alert, the body as received (parsed JSON if it parses, else the text). */
  readonly payload: unknown;
  readonly status: SignalStatus;
  readonly receivedAt: string;
  /** When the signal finished (executed or failed); null while in flight. */
  readonly processedAt: string | null;
  readonly error: string | null;
  readonly errorCode: string | null;
  readonly execution: WebhookLogExecution | null;
  readonly stages: WebhookLogStages;
  /** processedAt − receivedAt, once finished. */
  readonly latencyMs: number | null;
  /** Re-deliveries of the same alert: logged, never traded. */
  readonly duplicates: number;
  readonly lastDuplicateAt: string | null;
  /** Why an executed signal sent nothing (a target already held); absent on documents of before. */
  readonly note?: string;
  /**
   * The strategy whose URL received the alert (issue 29): absent for the first strategy (and on
   * documents older than strategies), so one equality query on a missing field finds all of its logs.
   */
  readonly strategyId?: string;
  /** The strategy's name when the alert came; absent on documents older than strategies. */
  readonly strategyName?: string;
  /** `paper` when the strategy traded on paper (issue 30); absent, live. */
  readonly venue?: 'paper';
  /** What happened later to what the alert set up (issue 41 §2): trail moves, take-profit fills, refusals; the newest LATER_CAP. */
  readonly later?: readonly LaterEntry[];
  /** The protection the row last saw, to tell what the next ProtectionUpdated changed. */
  readonly protectionSeen?: ProtectionSeen;
  /** Set once the entry was held for approval (issue 42). */
  readonly approval?: WebhookLogApproval;
}

/** A webhook log document. */
export type WebhookLogDoc = ReadModelDoc<WebhookLogData>;

/** Deeper JSON is shown as the text it is: no alert nests this deep, and a hostile body must not overflow whatever walks the stored payload. */
const PAYLOAD_MAX_DEPTH = 32;

/** The body of a malformed alert as the log shows it: JSON when it parses (so the payload box is readable), else the text. */
function payloadAsReceived(rawBody: string): unknown {
  if (!jsonDepthWithin(rawBody, PAYLOAD_MAX_DEPTH)) return rawBody;
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    return rawBody;
  }
}

function latency(receivedAt: string, processedAt: string): number {
  return Math.max(0, Date.parse(processedAt) - Date.parse(receivedAt));
}

function created(data: SignalReceived['data']): WebhookLogData {
  return {
    logId: data.signalId,
    userId: data.userId,
    payload: data.alert ?? payloadAsReceived(data.rawBody),
    status: 'received',
    receivedAt: data.receivedAt,
    processedAt: null,
    error: null,
    errorCode: null,
    execution: null,
    stages: { received: data.receivedAt, validated: null, sized: null, signed: null, sent: null, acknowledged: null, filled: null },
    latencyMs: null,
    duplicates: 0,
    lastDuplicateAt: null,
    ...(data.strategyId !== undefined && data.strategyId !== FIRST_STRATEGY_ID ? { strategyId: data.strategyId } : {}),
    ...(data.strategyName !== undefined ? { strategyName: data.strategyName } : {}),
    ...(data.venue !== undefined ? { venue: data.venue } : {}),
  };
}

function evolve(current: WebhookLogData | null, event: SignalEvent): WebhookLogData | null {
  if (event.type === 'SignalReceived') return current ?? created(event.data);
  // Every later signal event updates the log SignalReceived created; without it there is nothing to update.
  if (current === null) return null;
  switch (event.type) {
    case 'SignalDuplicateReceived':
      return { ...current, duplicates: current.duplicates + 1, lastDuplicateAt: event.data.receivedAt };
    case 'SignalValidationStarted':
      return { ...current, status: 'validating' };
    case 'SignalRejected':
      return {
        ...current,
        status: 'failed',
        processedAt: event.data.at,
        error: event.data.reason,
        errorCode: event.data.code,
        latencyMs: latency(current.receivedAt, event.data.at),
      };
    case 'OrderPlanned':
      return { ...current, status: 'executing', stages: { ...current.stages, validated: event.data.at, sized: event.data.sizedAt } };
    case 'OrderSubmitted':
      return {
        ...current,
        status: 'executing',
        execution: { ...current.execution, cloid: event.data.cloid },
        stages: { ...current.stages, signed: event.data.signedAt, sent: event.data.sentAt },
      };
    case 'SignalExecuted': {
      const { data } = event;
      const avgPx = numberOrNull(data.avgPx);
      const totalSz = numberOrNull(data.totalSz);
      return {
        ...current,
        status: 'executed',
        processedAt: data.acknowledgedAt,
        execution: {
          ...current.execution,
          status: data.status,
          ...(data.oid !== undefined ? { oid: data.oid } : {}),
          ...(avgPx !== null ? { avgPx } : {}),
          ...(totalSz !== null ? { totalSz } : {}),
        },
        stages: { ...current.stages, acknowledged: data.acknowledgedAt, filled: data.filledAt ?? null },
        latencyMs: latency(current.receivedAt, data.acknowledgedAt),
      };
    }
    case 'SignalFailed':
      return {
        ...current,
        status: 'failed',
        processedAt: event.data.at,
        execution: { ...current.execution, error: event.data.reason, errorCode: event.data.code, transient: event.data.transient },
        latencyMs: latency(current.receivedAt, event.data.at),
      };
    case 'SignalHeldForApproval': {
      const { at, ...held } = event.data;
      return { ...current, status: 'awaiting_approval', approval: { heldAt: at, ...held } };
    }
    case 'SignalApproved':
      return current.approval === undefined
        ? { ...current, status: 'validating' }
        : { ...current, status: 'validating', approval: { ...current.approval, approvedAt: event.data.at, via: event.data.via } };
    case 'TargetAlreadyHeld':
    case 'RestingOrdersCancelled':
    case 'ProtectionReplaced':
      return {
        ...current,
        status: 'executed',
        processedAt: event.data.at,
        note: event.data.reason,
        stages: { ...current.stages, validated: event.data.at },
        latencyMs: latency(current.receivedAt, event.data.at),
      };
    default:
      return assertNever(event, 'signal event');
  }
}

/**
 * Signal events, whose doc id is the signal id (= the log id); and, on `account-<uid>`, a resting
 * entry cancelled after its `cancelAfterMinutes` (a paper strategy's on `paper-<uid>`, issue 41 §3)
 * and each change of the protection an alert set (issue 41), all naming the signal whose log row says so.
 */
function idOf(event: DomainEvent, meta: ProjectionMeta): string | null {
  if (isSignalEvent(event)) return streamEntityId(meta, 'signal');
  return event.type === 'RestingOrdersExpired' || event.type === 'PaperRestingOrdersExpired' || event.type === 'ProtectionUpdated' ? event.data.signalId : null;
}

/**
 * Webhook logs: one document per signal, following its status
 * (received → validating → executing → executed | failed), its stage times, latency,
 * error and re-delivery count.
 */
export const webhookLogsProjection = defineProjection<WebhookLogData>({
  collection: WEBHOOK_LOGS_COLLECTION,
  idOf,
  userIdOf: (event) => (event.type === 'SignalReceived' ? event.data.userId : event.type === 'OrderSubmitted' ? event.data.userId : null),
  evolve: (current, event) => {
    if (isSignalEvent(event)) return evolve(current, event);
    if (current === null) return current;
    // The row stays executed (the entry did rest); its note and later entries say what became of the order since.
    if (event.type === 'RestingOrdersExpired' || event.type === 'PaperRestingOrdersExpired') {
      const title = expiredTitle(event.data);
      return { ...current, note: title, later: appendLater(current.later, [{ at: event.data.at, text: title }]) };
    }
    if (event.type === 'ProtectionUpdated') {
      const { entries, seen } = protectionLater(current.protectionSeen, event.data);
      return { ...current, later: appendLater(current.later, entries), protectionSeen: seen };
    }
    return current;
  },
});

/** Derives the client's view from a stored log. */
export function toWebhookLogView(doc: WebhookLogDoc): WebhookLogView {
  const { data } = doc;
  const executed = data.status === 'executed';
  const error = data.execution?.error || data.error || undefined;
  return {
    webhookLogId: data.logId,
    payload: data.payload,
    status: data.status,
    ...(executed && data.processedAt !== null ? { executedAt: data.processedAt } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(typeof data.errorCode === 'string' && isGuardCode(data.errorCode) ? { guard: data.errorCode } : {}),
    createdAt: data.receivedAt,
    ...(executed && data.latencyMs !== null ? { latencyMs: data.latencyMs } : {}),
    stages: data.stages,
    duplicates: data.duplicates,
    ...(executed && data.execution?.status !== undefined ? { fill: fillOf(data.execution) } : {}),
    ...(data.note !== undefined ? { note: data.note } : {}),
    strategyId: data.strategyId ?? FIRST_STRATEGY_ID,
    strategyName: data.strategyName ?? FIRST_STRATEGY_NAME,
    venue: data.venue ?? 'live',
    ...(data.later !== undefined && data.later.length > 0 ? { later: [...data.later] } : {}),
    ...(data.approval !== undefined ? { approval: data.approval } : {}),
  };
}

/** The fill an executed log shows: what the exchange reported, without the internal error fields. */
function fillOf(execution: WebhookLogExecution): NonNullable<WebhookLogView['fill']> {
  return {
    status: execution.status ?? 'filled',
    ...(execution.avgPx !== undefined ? { avgPx: execution.avgPx } : {}),
    ...(execution.totalSz !== undefined ? { totalSz: execution.totalSz } : {}),
    ...(execution.oid !== undefined ? { oid: execution.oid } : {}),
  };
}
