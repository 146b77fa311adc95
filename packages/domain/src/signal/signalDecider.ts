import { z } from 'zod';
import { AlertRejectionSchema, ParsedAlertSchema } from '../alert/alertSchema.js';
import { EntityIdSchema, IsoTimestampSchema } from '../eventModel/primitives.js';
import {
  ApprovalViaSchema,
  RestingOrdersCancelledSchema,
  SignalHeldForApprovalSchema,
  ProtectionReplacedSchema,
  SIGNAL_EVENT_TYPES,
  SignalExecutedSchema,
  SignalErrorCodeSchema,
  SourceIpSchema,
  type SignalEvent,
} from './signalEvents.js';
import type { SignalStatus } from './signalStatus.js';
import { assertNever } from '../shared/assertNever.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domainError.js';
import { CloidSchema } from '../exchange/cloidSchema.js';
import { OrderPlanSchema } from '../sizing/index.js';
import { StrategyIdSchema, StrategyNameSchema } from '../eventModel/strategyIds.js';

/**
 * Record an incoming webhook. On a new stream it starts the signal (and fails it at once when the
 * parser refused the alert); on an existing stream of the same user it is a re-delivery and is
 * recorded as a duplicate, never traded twice. Exactly one of `alert` and `rejection` is set.
 */
export const ReceiveSignalSchema = z
  .object({
    type: z.literal('ReceiveSignal'),
    signalId: EntityIdSchema,
    userId: EntityIdSchema,
    receivedAt: IsoTimestampSchema,
    rawBody: z.string(),
    contentType: z.string().max(200).optional(),
    sourceIp: SourceIpSchema.optional(),
    alert: ParsedAlertSchema.nullable(),
    rejection: AlertRejectionSchema.nullable(),
    dedupeKey: z.string().min(1).max(300).optional(),
    origin: z.literal('closeAll').optional(),
    strategyId: StrategyIdSchema.optional(),
    strategyName: StrategyNameSchema.optional(),
    venue: z.literal('paper').optional(),
  })
  .refine((c) => (c.alert === null) !== (c.rejection === null), 'Exactly one of alert and rejection must be set');
/** Record a re-delivery the api matched to this signal by its dedupe key. */
export const RecordDuplicateSchema = z.object({ type: z.literal('RecordDuplicate'), receivedAt: IsoTimestampSchema, sourceIp: SourceIpSchema.optional() });
/** The executor starts checking the signal. */
export const StartValidationSchema = z.object({ type: z.literal('StartValidation'), at: IsoTimestampSchema });
/** Refuse the signal before any order is signed. */
export const RejectSignalSchema = z.object({
  type: z.literal('RejectSignal'),
  at: IsoTimestampSchema,
  code: SignalErrorCodeSchema,
  reason: z.string().min(1).max(2000),
});
/** Fix the sized, rounded order before signing. */
export const PlanOrderSchema = z.object({ type: z.literal('PlanOrder'), at: IsoTimestampSchema, sizedAt: IsoTimestampSchema, plan: OrderPlanSchema });
/** Record that the signed order is being sent: the exactly-once marker. */
export const SubmitOrderSchema = z.object({
  type: z.literal('SubmitOrder'),
  cloid: CloidSchema,
  nonce: z.number().int().positive(),
  signedAt: IsoTimestampSchema,
  sentAt: IsoTimestampSchema,
  vaultAddress: z
    .string()
    .regex(/^0x[0-9a-f]{40}$/)
    .optional(),
});
/** Record the exchange's acceptance of the entry order. */
export const RecordExecutionSchema = SignalExecutedSchema.shape.data.extend({ type: z.literal('RecordExecution') });
/** A target alert that wants the position already held: done, nothing sent. */
export const HoldTargetSchema = z.object({ type: z.literal('HoldTarget'), at: IsoTimestampSchema, reason: z.string().min(1).max(2000) });
/** A cancel alert's outcome: the resting orders it cancelled (issue 41). */
export const RecordCancelsSchema = RestingOrdersCancelledSchema.shape.data.extend({ type: z.literal('RecordCancels') });
/** An update alert's outcome: the position's protection replaced (issue 41). */
export const RecordProtectionSchema = ProtectionReplacedSchema.shape.data.extend({ type: z.literal('RecordProtection') });
/** Hold an entry for the trader's approval (issue 42): what was planned, until when it waits. */
export const HoldForApprovalSchema = SignalHeldForApprovalSchema.shape.data.extend({ type: z.literal('HoldForApproval') });
/** The trader approved a held entry: it is validated and planned again. */
export const ApproveSignalSchema = z.object({ type: z.literal('ApproveSignal'), at: IsoTimestampSchema, via: ApprovalViaSchema });
/** Record that execution failed. */
export const FailSignalSchema = z.object({
  type: z.literal('FailSignal'),
  at: IsoTimestampSchema,
  code: SignalErrorCodeSchema,
  reason: z.string().min(1).max(2000),
  transient: z.boolean(),
});

/** Commands of the signal decider. */
export const SignalCommandSchema = z.union([
  ReceiveSignalSchema,
  RecordDuplicateSchema,
  StartValidationSchema,
  RejectSignalSchema,
  PlanOrderSchema,
  SubmitOrderSchema,
  RecordExecutionSchema,
  FailSignalSchema,
  HoldTargetSchema,
  RecordCancelsSchema,
  RecordProtectionSchema,
  HoldForApprovalSchema,
  ApproveSignalSchema,
]);
/** A signal command. */
export type SignalCommand = z.infer<typeof SignalCommandSchema>;

/**
 * Where a signal is in its life. Finer than the log status: `planned` and `submitted` are both
 * "executing", but only `submitted` means an order may exist on the exchange.
 */
export type SignalPhase = 'none' | 'received' | 'validating' | 'awaiting' | 'planned' | 'submitted' | 'executed' | 'failed';

/** What the signal rules need to know about `signal-<id>`. */
export interface SignalState {
  readonly phase: SignalPhase;
  readonly userId: string | null;
  /** The client order id the plan fixed; SubmitOrder must send exactly this one. */
  readonly plannedCloid: string | null;
  /** Set once OrderSubmitted is recorded: from then on the order may exist on the exchange. */
  readonly cloid: string | null;
  /** The exchange order id once executed. */
  readonly oid: number | null;
  /** How a failed signal failed, to recognise a repeat of the same outcome. */
  readonly failure: { readonly via: 'rejected' | 'failed'; readonly code: string } | null;
  /** Executed with nothing sent: a target alert found its target held. */
  readonly held: boolean;
  /** Executed by cancelling: a cancel alert's resting orders were cancelled (issue 41). */
  readonly cancelled: boolean;
  /** Executed by an update of the position's protection (issue 41). */
  readonly updated: boolean;
  /** When the trader approved the held entry (issue 42); null unless approved. */
  readonly approvedAt: string | null;
  /** Until when a held entry waits; null unless it was ever held. */
  readonly approvalExpiresAt: string | null;
}

/** The webhook log status (spec §4) of a phase; null before the signal exists. */
export function signalStatusOf(phase: SignalPhase): SignalStatus | null {
  switch (phase) {
    case 'none':
      return null;
    case 'received':
    case 'validating':
    case 'executed':
    case 'failed':
      return phase;
    case 'awaiting':
      return 'awaiting_approval';
    case 'planned':
    case 'submitted':
      return 'executing';
    default:
      return assertNever(phase, 'signal phase');
  }
}

/** What each command does, for messages. */
const VERBS: Record<Exclude<SignalCommand['type'], 'ReceiveSignal' | 'RecordDuplicate'>, string> = {
  StartValidation: 'start validating',
  RejectSignal: 'reject',
  PlanOrder: 'plan an order for',
  SubmitOrder: 'submit an order for',
  RecordExecution: 'mark as executed',
  FailSignal: 'fail',
  HoldTarget: 'mark as already at its target',
  RecordCancels: 'record its cancels',
  RecordProtection: 'record its protection update',
  HoldForApproval: 'hold for approval',
  ApproveSignal: 'approve',
};

const PHASE_WORDS: Record<SignalPhase, string> = {
  none: 'unknown',
  received: 'received',
  validating: 'validating',
  awaiting: 'awaiting approval',
  planned: 'executing (order planned, not sent)',
  submitted: 'executing (order sent)',
  executed: 'executed',
  failed: 'failed',
};

function signalNotFound(): DomainError {
  return new DomainError('SIGNAL_NOT_FOUND', 'Signal not found', 'No signal has been received with this id.');
}

/** Refusal for any command on a finished signal (executed and failed are terminal). */
function signalTerminal(state: SignalState, command: keyof typeof VERBS): DomainError {
  return new DomainError('SIGNAL_TERMINAL', 'Signal already finished', `The signal is already ${PHASE_WORDS[state.phase]}; cannot ${VERBS[command]} it.`);
}

function invalidTransition(state: SignalState, command: keyof typeof VERBS): DomainError {
  return new DomainError('INVALID_SIGNAL_TRANSITION', 'Invalid signal transition', `Cannot ${VERBS[command]} a signal that is ${PHASE_WORDS[state.phase]}.`);
}

/** Refuses a command the phase does not allow: "not found" before the signal exists, "terminal" after it finished. */
function refuse(state: SignalState, command: keyof typeof VERBS): DomainError {
  if (state.phase === 'none') return signalNotFound();
  if (state.phase === 'executed' || state.phase === 'failed') return signalTerminal(state, command);
  return invalidTransition(state, command);
}

/** The rejection codes that answer a held entry: the trader's "reject" and the timeout. */
export const APPROVAL_REJECTED = 'APPROVAL_REJECTED';
/** The code of a held entry whose approval timed out. */
export const APPROVAL_EXPIRED = 'APPROVAL_EXPIRED';
const APPROVAL_ANSWERS: ReadonlySet<string> = new Set([APPROVAL_REJECTED, APPROVAL_EXPIRED]);

/** An approval on a signal that is not waiting: answered already (or never held). */
function alreadyAnswered(state: SignalState, command: keyof typeof VERBS): DomainError {
  if (state.phase === 'none') return signalNotFound();
  if (state.approvalExpiresAt === null) return invalidTransition(state, command);
  return new DomainError('APPROVAL_ALREADY_ANSWERED', 'Already decided', `This alert was already ${answerWord(state)}.`);
}

/** What became of a held entry, in the words of "This alert was already …". */
export function answerWord(state: SignalState): 'approved' | 'rejected' | 'expired' {
  if (state.approvedAt !== null) return 'approved';
  return state.failure?.code === APPROVAL_EXPIRED ? 'expired' : 'rejected';
}

function decide(command: SignalCommand, state: SignalState): SignalEvent[] {
  switch (command.type) {
    case 'ReceiveSignal': {
      if (state.phase !== 'none') {
        if (state.userId !== command.userId) {
          throw new DomainError('SIGNAL_ID_CONFLICT', 'Signal id conflict', 'This signal id already belongs to another user.');
        }
        return [
          { type: 'SignalDuplicateReceived', v: 1, data: { receivedAt: command.receivedAt, ...(command.sourceIp ? { sourceIp: command.sourceIp } : {}) } },
        ];
      }
      const { type: _type, ...data } = command;
      const events: SignalEvent[] = [{ type: 'SignalReceived', v: 1, data }];
      // A malformed alert is logged and failed at once with the parser's reason:
      // there is nothing for the executor to do (received → failed).
      if (command.rejection) {
        events.push({ type: 'SignalRejected', v: 1, data: { at: command.receivedAt, code: command.rejection.code, reason: command.rejection.message } });
      }
      return events;
    }
    case 'RecordDuplicate':
      if (state.phase === 'none') throw signalNotFound();
      return [{ type: 'SignalDuplicateReceived', v: 1, data: { receivedAt: command.receivedAt, ...(command.sourceIp ? { sourceIp: command.sourceIp } : {}) } }];
    case 'StartValidation':
      if (state.phase === 'validating') return []; // a restarted executor picking the signal up again
      if (state.phase !== 'received') throw refuse(state, command.type);
      return [{ type: 'SignalValidationStarted', v: 1, data: { at: command.at } }];
    case 'RejectSignal':
      if (state.phase === 'failed' && state.failure?.via === 'rejected' && state.failure.code === command.code) return [];
      // An approval's answer is only ever for an entry that waits: once approved, nothing may reject it as unapproved.
      if (APPROVAL_ANSWERS.has(command.code) && state.phase !== 'awaiting') throw alreadyAnswered(state, command.type);
      if (state.phase !== 'received' && state.phase !== 'validating' && state.phase !== 'awaiting') throw refuse(state, command.type);
      // A held entry is answered by the trader or its timeout, nothing else: the first answer wins.
      if (state.phase === 'awaiting' && !APPROVAL_ANSWERS.has(command.code)) throw refuse(state, command.type);
      return [{ type: 'SignalRejected', v: 1, data: { at: command.at, code: command.code, reason: command.reason } }];
    case 'PlanOrder':
      if (state.phase !== 'validating') throw refuse(state, command.type);
      return [{ type: 'OrderPlanned', v: 1, data: { at: command.at, sizedAt: command.sizedAt, plan: command.plan } }];
    case 'SubmitOrder':
      // One signal → at most one entry order, ever: even an identical repeat is refused, because
      // the only safe next step after a crash is asking the exchange for the recorded cloid.
      if (state.cloid !== null) {
        throw new DomainError(
          'ORDER_ALREADY_SUBMITTED',
          'Order already submitted',
          `An order was already submitted for this signal (cloid ${state.cloid}); ask the exchange for it instead of sending again.`,
        );
      }
      if (state.phase !== 'planned' || state.userId === null) throw refuse(state, command.type);
      // The cloid is what makes a retry safe (the executor asks the exchange for it): it must be
      // the one recorded in the plan, or a crash-retry would look for the wrong order.
      if (command.cloid !== state.plannedCloid) {
        throw new DomainError(
          'CLOID_MISMATCH',
          'Client order id mismatch',
          `The order must be sent with the planned client order id ${state.plannedCloid ?? ''}.`,
        );
      }
      return [
        {
          type: 'OrderSubmitted',
          v: 1,
          data: {
            userId: state.userId,
            cloid: command.cloid,
            nonce: command.nonce,
            signedAt: command.signedAt,
            sentAt: command.sentAt,
            ...(command.vaultAddress !== undefined ? { vaultAddress: command.vaultAddress } : {}),
          },
        },
      ];
    case 'RecordExecution': {
      if (state.phase === 'executed' && (command.oid ?? null) === state.oid) return [];
      if (state.phase !== 'submitted') throw refuse(state, command.type);
      const { type: _type, ...data } = command;
      return [{ type: 'SignalExecuted', v: 1, data }];
    }
    case 'FailSignal':
      if (state.phase === 'failed' && state.failure?.via === 'failed' && state.failure.code === command.code) return [];
      if (state.phase === 'none' || state.phase === 'executed' || state.phase === 'failed' || state.phase === 'awaiting') throw refuse(state, command.type);
      return [{ type: 'SignalFailed', v: 1, data: { at: command.at, code: command.code, reason: command.reason, transient: command.transient } }];
    case 'HoldTarget':
      if (state.phase === 'executed' && state.held) return [];
      if (state.phase !== 'validating') throw refuse(state, command.type);
      return [{ type: 'TargetAlreadyHeld', v: 1, data: { at: command.at, reason: command.reason } }];
    case 'RecordCancels': {
      if (state.phase === 'executed' && state.cancelled) return [];
      if (state.phase !== 'validating') throw refuse(state, command.type);
      const { type: _type, ...data } = command;
      return [{ type: 'RestingOrdersCancelled', v: 1, data }];
    }
    case 'RecordProtection': {
      if (state.phase === 'executed' && state.updated) return [];
      if (state.phase !== 'validating') throw refuse(state, command.type);
      const { type: _type, ...data } = command;
      return [{ type: 'ProtectionReplaced', v: 1, data }];
    }
    case 'HoldForApproval': {
      if (state.phase === 'awaiting') return [];
      // Approved once, it is never held again: the approval is the trader's answer for this alert.
      if (state.phase !== 'validating' || state.approvedAt !== null) throw refuse(state, command.type);
      const { type: _type, ...data } = command;
      return [{ type: 'SignalHeldForApproval', v: 1, data }];
    }
    case 'ApproveSignal':
      if (state.phase !== 'awaiting') throw alreadyAnswered(state, command.type);
      return [{ type: 'SignalApproved', v: 1, data: { at: command.at, via: command.via } }];
    default:
      return assertNever(command, 'signal command');
  }
}

function evolve(state: SignalState, event: SignalEvent): SignalState {
  switch (event.type) {
    case 'SignalReceived':
      return { ...state, phase: 'received', userId: event.data.userId };
    case 'SignalDuplicateReceived':
      return state;
    case 'SignalValidationStarted':
      return { ...state, phase: 'validating' };
    case 'SignalRejected':
      return { ...state, phase: 'failed', failure: { via: 'rejected', code: event.data.code } };
    case 'OrderPlanned':
      return { ...state, phase: 'planned', plannedCloid: event.data.plan.cloid };
    case 'OrderSubmitted':
      return { ...state, phase: 'submitted', cloid: event.data.cloid };
    case 'SignalExecuted':
      return { ...state, phase: 'executed', oid: event.data.oid ?? null };
    case 'SignalFailed':
      return { ...state, phase: 'failed', failure: { via: 'failed', code: event.data.code } };
    case 'TargetAlreadyHeld':
      return { ...state, phase: 'executed', held: true };
    case 'RestingOrdersCancelled':
      return { ...state, phase: 'executed', cancelled: true };
    case 'ProtectionReplaced':
      return { ...state, phase: 'executed', updated: true };
    case 'SignalHeldForApproval':
      return { ...state, phase: 'awaiting', approvalExpiresAt: event.data.expiresAt };
    case 'SignalApproved':
      return { ...state, phase: 'validating', approvedAt: event.data.at };
    default:
      return assertNever(event, 'signal event');
  }
}

/**
 * One alert's life on `signal-<id>` (spec §4, STATE-02, STATE-07, ARCHITECTURE §9):
 * received → validating → executing (planned, submitted) → executed | failed, and received or
 * validating → failed, and validating → executed with nothing sent when a target alert finds its
 * target held (TargetAlreadyHeld) or a cancel alert has cancelled (RestingOrdersCancelled) or an update has replaced the position's protection (ProtectionReplaced). Executed and failed are terminal: a command that repeats the outcome
 * already recorded (same rejection or failure code, same exchange order id, validation already
 * started) records nothing; any other command on a finished signal is refused with SIGNAL_TERMINAL.
 * SubmitOrder is accepted once per signal, with the planned cloid (ORDER_ALREADY_SUBMITTED afterwards). Re-deliveries are
 * recorded in every phase. An entry held for approval (issue 42: validating → awaiting) takes only
 * an answer: ApproveSignal (back to validating, never held again) or RejectSignal with
 * APPROVAL_REJECTED or APPROVAL_EXPIRED; the first answer wins and a later one is refused as
 * APPROVAL_ALREADY_ANSWERED ("This alert was already approved.").
 */
export const signalDecider: Decider<SignalCommand, SignalEvent, SignalState> = {
  eventTypes: SIGNAL_EVENT_TYPES,
  decide,
  evolve,
  initialState: () => ({
    phase: 'none',
    userId: null,
    plannedCloid: null,
    cloid: null,
    oid: null,
    failure: null,
    held: false,
    cancelled: false,
    updated: false,
    approvedAt: null,
    approvalExpiresAt: null,
  }),
};
