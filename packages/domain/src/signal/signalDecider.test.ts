import { describe, expect, it } from 'vitest';
import type { SignalEvent } from './signalEvents.js';
import type { DomainErrorCode } from '../shared/domainError.js';
import { foldState } from '../shared/decider.js';
import { signalDecider, signalStatusOf, type SignalCommand } from './signalDecider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { alert, at, CLOID, executed, failed, plan, planned, received, rejected, SIGNAL_ID, submitted, UID, validationStarted } from '../testing/fixtures.js';

const spec = deciderSpec(signalDecider);
const held: SignalEvent = { type: 'TargetAlreadyHeld', v: 1, data: { at: at(20), reason: 'Already long 0.5 ETH: nothing to send.' } };

/** A stream in each phase of a signal's life. */
const streams = {
  none: [],
  received: [received],
  validating: [received, validationStarted],
  planned: [received, validationStarted, planned],
  submitted: [received, validationStarted, planned, submitted],
  executed: [received, validationStarted, planned, submitted, executed],
  rejected: [received, rejected],
  failed: [received, validationStarted, failed],
  failedAfterSubmit: [received, validationStarted, planned, submitted, failed],
  held: [received, validationStarted, held],
} satisfies Record<string, SignalEvent[]>;
type Phase = keyof typeof streams;

const commands = {
  StartValidation: { type: 'StartValidation', at: at(5) },
  RejectSignal: { type: 'RejectSignal', at: at(10), code: 'NO_CREDENTIALS', reason: 'No API keys configured' },
  PlanOrder: { type: 'PlanOrder', at: at(20), sizedAt: at(30), plan },
  SubmitOrder: { type: 'SubmitOrder', cloid: CLOID, nonce: 1759320000040, signedAt: at(40), sentAt: at(45) },
  RecordExecution: { type: 'RecordExecution', acknowledgedAt: at(250), filledAt: at(250), oid: 77, status: 'filled', avgPx: '60010.5', totalSz: '0.0033' },
  FailSignal: { type: 'FailSignal', at: at(300), code: 'EXCHANGE_REJECTED', reason: 'Insufficient margin to place order.', transient: false },
  HoldTarget: { type: 'HoldTarget', at: at(20), reason: 'Already long 0.5 ETH: nothing to send.' },
} satisfies Record<string, SignalCommand>;
type CommandName = keyof typeof commands;

/** The single event each command records when allowed. */
const recorded: Record<CommandName, SignalEvent> = {
  StartValidation: validationStarted,
  RejectSignal: rejected,
  PlanOrder: planned,
  SubmitOrder: submitted,
  RecordExecution: executed,
  FailSignal: failed,
  HoldTarget: held,
};

/** Outcome per (command, phase): 'event' = records its event, 'nothing' = idempotent repeat, else the error code. */
type Outcome = 'event' | 'nothing' | DomainErrorCode;
const matrix: Record<CommandName, Record<Phase, Outcome>> = {
  StartValidation: {
    none: 'SIGNAL_NOT_FOUND',
    received: 'event',
    validating: 'nothing',
    planned: 'INVALID_SIGNAL_TRANSITION',
    submitted: 'INVALID_SIGNAL_TRANSITION',
    executed: 'SIGNAL_TERMINAL',
    rejected: 'SIGNAL_TERMINAL',
    failed: 'SIGNAL_TERMINAL',
    failedAfterSubmit: 'SIGNAL_TERMINAL',
    held: 'SIGNAL_TERMINAL',
  },
  RejectSignal: {
    none: 'SIGNAL_NOT_FOUND',
    received: 'event',
    validating: 'event',
    planned: 'INVALID_SIGNAL_TRANSITION',
    submitted: 'INVALID_SIGNAL_TRANSITION',
    executed: 'SIGNAL_TERMINAL',
    rejected: 'nothing',
    failed: 'SIGNAL_TERMINAL',
    failedAfterSubmit: 'SIGNAL_TERMINAL',
    held: 'SIGNAL_TERMINAL',
  },
  PlanOrder: {
    none: 'SIGNAL_NOT_FOUND',
    received: 'INVALID_SIGNAL_TRANSITION',
    validating: 'event',
    planned: 'INVALID_SIGNAL_TRANSITION',
    submitted: 'INVALID_SIGNAL_TRANSITION',
    executed: 'SIGNAL_TERMINAL',
    rejected: 'SIGNAL_TERMINAL',
    failed: 'SIGNAL_TERMINAL',
    failedAfterSubmit: 'SIGNAL_TERMINAL',
    held: 'SIGNAL_TERMINAL',
  },
  SubmitOrder: {
    none: 'SIGNAL_NOT_FOUND',
    received: 'INVALID_SIGNAL_TRANSITION',
    validating: 'INVALID_SIGNAL_TRANSITION',
    planned: 'event',
    submitted: 'ORDER_ALREADY_SUBMITTED',
    executed: 'ORDER_ALREADY_SUBMITTED',
    rejected: 'SIGNAL_TERMINAL',
    failed: 'SIGNAL_TERMINAL',
    failedAfterSubmit: 'ORDER_ALREADY_SUBMITTED',
    held: 'SIGNAL_TERMINAL',
  },
  RecordExecution: {
    none: 'SIGNAL_NOT_FOUND',
    received: 'INVALID_SIGNAL_TRANSITION',
    validating: 'INVALID_SIGNAL_TRANSITION',
    planned: 'INVALID_SIGNAL_TRANSITION',
    submitted: 'event',
    executed: 'nothing',
    rejected: 'SIGNAL_TERMINAL',
    failed: 'SIGNAL_TERMINAL',
    failedAfterSubmit: 'SIGNAL_TERMINAL',
    held: 'SIGNAL_TERMINAL',
  },
  FailSignal: {
    none: 'SIGNAL_NOT_FOUND',
    received: 'event',
    validating: 'event',
    planned: 'event',
    submitted: 'event',
    executed: 'SIGNAL_TERMINAL',
    rejected: 'SIGNAL_TERMINAL',
    failed: 'nothing',
    failedAfterSubmit: 'nothing',
    held: 'SIGNAL_TERMINAL',
  },
  // issue 29, point 2: a target alert whose target is held ends executed, nothing sent.
  HoldTarget: {
    none: 'SIGNAL_NOT_FOUND',
    received: 'INVALID_SIGNAL_TRANSITION',
    validating: 'event',
    planned: 'INVALID_SIGNAL_TRANSITION',
    submitted: 'INVALID_SIGNAL_TRANSITION',
    executed: 'SIGNAL_TERMINAL',
    rejected: 'SIGNAL_TERMINAL',
    failed: 'SIGNAL_TERMINAL',
    failedAfterSubmit: 'SIGNAL_TERMINAL',
    held: 'nothing',
  },
};

const cases = (Object.keys(matrix) as CommandName[]).flatMap((command) =>
  (Object.keys(matrix[command]) as Phase[]).map((phase) => ({ command, phase, outcome: matrix[command][phase] })),
);

describe('signalDecider — STATE-07 transition matrix', () => {
  it.each(cases)('STATE-07: $command on a $phase signal → $outcome', ({ command, phase, outcome }) => {
    const when = spec.given(streams[phase]).when(commands[command]);
    if (outcome === 'event') when.then([recorded[command]]);
    else if (outcome === 'nothing') when.thenNothing();
    else when.then({ code: outcome });
  });
});

describe('signalDecider — messages and idempotence details', () => {
  it('STATE-07: a refused transition says what was attempted and where the signal is', () => {
    spec
      .given(streams.received)
      .when(commands.PlanOrder)
      .then({ code: 'INVALID_SIGNAL_TRANSITION', title: 'Invalid signal transition', message: 'Cannot plan an order for a signal that is received.' });
  });

  it('STATE-07: a finished signal stays finished', () => {
    spec
      .given(streams.executed)
      .when(commands.FailSignal)
      .then({ code: 'SIGNAL_TERMINAL', title: 'Signal already finished', message: 'The signal is already executed; cannot fail it.' });
  });

  it('one signal → at most one entry order: a second SubmitOrder is refused even with the same cloid', () => {
    spec
      .given(streams.submitted)
      .when(commands.SubmitOrder)
      .then({
        code: 'ORDER_ALREADY_SUBMITTED',
        title: 'Order already submitted',
        message: `An order was already submitted for this signal (cloid ${CLOID}); ask the exchange for it instead of sending again.`,
      });
  });

  it('the order must be sent with the cloid the plan fixed (crash-retries look it up)', () => {
    spec
      .given(streams.planned)
      .when({ ...commands.SubmitOrder, cloid: '0xffffffffffffffffffffffffffffffff' })
      .then({ code: 'CLOID_MISMATCH', message: `The order must be sent with the planned client order id ${CLOID}.` });
  });

  it('OrderSubmitted carries the user id taken from SignalReceived', () => {
    const [event] = signalDecider.decide(commands.SubmitOrder, foldState(signalDecider, streams.planned));
    expect(event?.type === 'OrderSubmitted' && event.data.userId).toBe(UID);
  });

  it('recording an execution with another exchange order id on an executed signal is refused', () => {
    spec
      .given(streams.executed)
      .when({ ...commands.RecordExecution, oid: 78 })
      .then({ code: 'SIGNAL_TERMINAL' });
  });

  it('a rejection with another code on a rejected signal is refused', () => {
    spec
      .given(streams.rejected)
      .when({ ...commands.RejectSignal, code: 'STOP_LOSS_REQUIRED' })
      .then({ code: 'SIGNAL_TERMINAL' });
  });

  it('a failure with another code on a failed signal is refused', () => {
    spec
      .given(streams.failed)
      .when({ ...commands.FailSignal, code: 'TIMEOUT', transient: true })
      .then({ code: 'SIGNAL_TERMINAL' });
  });

  it('a resting limit order counts as executed (STATE-07 executing → executed)', () => {
    spec
      .given(streams.submitted)
      .when({ type: 'RecordExecution', acknowledgedAt: at(100), oid: 90, status: 'resting' })
      .then([{ type: 'SignalExecuted', v: 1, data: { acknowledgedAt: at(100), oid: 90, status: 'resting' } }]);
  });
});

describe('signalDecider — receiving and re-deliveries', () => {
  const receive: SignalCommand = {
    type: 'ReceiveSignal',
    signalId: SIGNAL_ID,
    userId: UID,
    receivedAt: at(0),
    rawBody: received.type === 'SignalReceived' ? received.data.rawBody : '',
    alert,
    rejection: null,
  };

  it('CARD-13, STATE-02: a new webhook starts the signal as received', () => {
    spec.given([]).when(receive).then([received]);
    expect(signalStatusOf(foldState(signalDecider, [received]).phase)).toBe('received');
  });

  it('CARD-13, STATE-07: a malformed alert is logged and failed at once with the parser reason', () => {
    const rejection = { code: 'INVALID_JSON', message: 'The body is not valid JSON.' } as const;
    spec
      .given([])
      .when({ ...receive, rawBody: '{oops', alert: null, rejection })
      .then([
        { type: 'SignalReceived', v: 1, data: { signalId: SIGNAL_ID, userId: UID, receivedAt: at(0), rawBody: '{oops', alert: null, rejection } },
        { type: 'SignalRejected', v: 1, data: { at: at(0), code: 'INVALID_JSON', reason: 'The body is not valid JSON.' } },
      ]);
  });

  it('a re-delivery of the same signal id is recorded as a duplicate, in any phase, and never re-traded', () => {
    for (const phase of ['received', 'submitted', 'executed', 'rejected'] as const) {
      spec
        .given(streams[phase])
        .when({ ...receive, receivedAt: at(900), sourceIp: '52.89.214.238' })
        .then([{ type: 'SignalDuplicateReceived', v: 1, data: { receivedAt: at(900), sourceIp: '52.89.214.238' } }]);
    }
  });

  it('a signal id belonging to another user is refused', () => {
    spec
      .given(streams.received)
      .when({ ...receive, userId: 'someone_else' })
      .then({ code: 'SIGNAL_ID_CONFLICT' });
  });

  it('RecordDuplicate needs an existing signal and is accepted after it finished', () => {
    spec
      .given([])
      .when({ type: 'RecordDuplicate', receivedAt: at(900) })
      .then({ code: 'SIGNAL_NOT_FOUND', title: 'Signal not found' });
    spec
      .given(streams.executed)
      .when({ type: 'RecordDuplicate', receivedAt: at(900) })
      .then([{ type: 'SignalDuplicateReceived', v: 1, data: { receivedAt: at(900) } }]);
  });
});

describe('signalStatusOf', () => {
  it.each([
    ['none', null],
    ['received', 'received'],
    ['validating', 'validating'],
    ['planned', 'executing'],
    ['submitted', 'executing'],
    ['executed', 'executed'],
    ['failed', 'failed'],
  ] as const)('STATE-02: phase %s shows status %s', (phase, status) => {
    expect(signalStatusOf(phase)).toBe(status);
  });
});

describe('signalDecider — a cancel alert’s outcome (issue 41, point 1)', () => {
  const cancels = {
    at: at(30),
    reason: 'Cancelled 1 resting ETH order of this strategy; its stop-loss and take-profit are kept.',
    cancelled: [{ cloid: CLOID, signalId: SIGNAL_ID }],
  };
  const recordCancels: SignalCommand = { type: 'RecordCancels', ...cancels };
  const cancelled: SignalEvent = { type: 'RestingOrdersCancelled', v: 1, data: cancels };

  it('given a validating cancel alert, when its cancels are recorded, then RestingOrdersCancelled ends it executed', () => {
    spec.given([received, validationStarted]).when(recordCancels).then([cancelled]);
    expect(signalStatusOf(foldState(signalDecider, [received, validationStarted, cancelled]).phase)).toBe('executed');
  });

  it('given its cancels recorded, when recorded again, then nothing: a repeat of the outcome', () => {
    spec.given([received, validationStarted, cancelled]).when(recordCancels).thenNothing();
  });

  it.each([
    ['received', [received], 'INVALID_SIGNAL_TRANSITION'],
    ['planned', [received, validationStarted, planned], 'INVALID_SIGNAL_TRANSITION'],
    ['executed', [received, validationStarted, planned, submitted, executed], 'SIGNAL_TERMINAL'],
    ['held', [received, validationStarted, held], 'SIGNAL_TERMINAL'],
  ] as const)('given a %s signal, when cancels are recorded, then %s', (_phase, given, code) => {
    spec
      .given([...given])
      .when(recordCancels)
      .then({ code });
  });
});
