import {
  answerWord,
  APPROVAL_REJECTED,
  isDomainError,
  signalDecider,
  signalStatusOf,
  signalStreamId,
  type ApprovalAnswered,
  type ApprovalVia,
  type SignalCommand,
  type SignalEvent,
  type SignalHeldForApproval,
  type SignalState,
} from '@hyperhook/domain';
import { decideAndAppend, loadStream, type DecidedStream } from '@hyperhook/eventsourcing';
import { isWrongExpectedVersionError, type EventStore } from '@hyperhook/store';
import { ApiError } from '../http/apiError.js';

/** The trader's answer to a held entry. */
export type ApprovalAnswer = 'approve' | 'reject';

/** A held entry as a gate judges it: whose it is and until when it waits. */
export interface HeldEntry {
  readonly uid: string;
  readonly logId: string;
  readonly expiresAt: string;
}

/**
 * Who may answer: throws the refusal (an ApiError) unless the caller may answer `held`; `null`
 * when the log id names no entry that was ever held (no such signal, or one that never waited),
 * which a gate refuses exactly as it refuses another user's, so nothing tells the two apart.
 */
export type ApprovalGate = (held: HeldEntry | null) => void;

/** One answer: to which entry, which, from where, and when (the gateway's clock). */
export interface AnswerApprovalInput {
  readonly logId: string;
  readonly answer: ApprovalAnswer;
  readonly via: ApprovalVia;
  readonly at: Date;
}

/** Why a trader's rejection failed the signal, as its log row says it. */
const REJECTED_REASON: Record<ApprovalVia, string> = { app: 'You rejected this entry.', push: 'Rejected from a notification.' };

/** Reads after a conflict: each re-read either finds the entry answered (409) or decides again. */
const ATTEMPTS = 3;

const alreadyAnswered = (word: 'approved' | 'rejected' | 'expired') =>
  new ApiError(409, `This alert was already ${word}.`, { code: 'APPROVAL_ALREADY_ANSWERED', title: 'Already decided' });

function commandOf(input: AnswerApprovalInput): SignalCommand {
  const at = input.at.toISOString();
  return input.answer === 'approve'
    ? { type: 'ApproveSignal', at, via: input.via }
    : { type: 'RejectSignal', at, code: APPROVAL_REJECTED, reason: REJECTED_REASON[input.via] };
}

function holdOf(events: readonly SignalEvent[]): SignalHeldForApproval['data'] | undefined {
  return events.findLast((event): event is SignalHeldForApproval => event.type === 'SignalHeldForApproval')?.data;
}

/** The entry to answer, once the gate let the caller through; the stream carries its owner like every signal step. */
async function loadHeld(eventStore: EventStore, input: AnswerApprovalInput, gate: ApprovalGate) {
  const loaded = await loadStream(eventStore, signalStreamId(input.logId), signalDecider);
  const { userId, approvalExpiresAt } = loaded.state;
  const hold = holdOf(loaded.events);
  const held = userId === null || approvalExpiresAt === null || hold === undefined ? null : { uid: userId, logId: input.logId, expiresAt: approvalExpiresAt };
  gate(held);
  if (held === null || hold === undefined) throw new Error('an approval gate let an entry that was never held through');
  const stream: DecidedStream<SignalEvent, SignalState> = { ...loaded, metadata: { userId: held.uid } };
  return { stream, held, hold };
}

/**
 * Answers a held entry (issue 42): reads `signal-<logId>`, lets `gate` judge the caller, and
 * appends the answer with the version it read as expected version. Only an entry still waiting is
 * answered: one answered already, or past its expiry (which the expiry keeper records), is 409
 * "This alert was already approved." (or rejected, or expired), and nothing is written. When another
 * process answered between the read and the append, the append conflicts and the stream is read
 * again, which then finds it answered; a conflict with anything else (a re-delivery recorded on
 * the stream) decides again.
 */
export async function answerApproval(
  eventStore: EventStore,
  input: AnswerApprovalInput,
  gate: ApprovalGate,
): Promise<{ readonly answered: ApprovalAnswered; readonly position: number | null }> {
  for (let attempt = 1; ; attempt += 1) {
    const { stream, held, hold } = await loadHeld(eventStore, input, gate);
    // Judged here rather than left to the decider, which records nothing for a repeated rejection
    // (idempotent for the executor) and takes a rejection while validating, i.e. after an approval.
    if (stream.state.phase !== 'awaiting') throw alreadyAnswered(answerWord(stream.state));
    if (input.at.getTime() >= Date.parse(held.expiresAt)) throw alreadyAnswered('expired');
    try {
      const { stream: after, position } = await decideAndAppend(eventStore, stream, signalDecider, commandOf(input));
      const answered: ApprovalAnswered = {
        logId: input.logId,
        answer: input.answer === 'approve' ? 'approved' : 'rejected',
        via: input.via,
        status: signalStatusOf(after.state.phase) ?? 'failed',
        coin: hold.coin,
        side: hold.side,
        size: hold.size,
      };
      return { answered, position };
    } catch (error) {
      if (isWrongExpectedVersionError(error) && attempt < ATTEMPTS) continue;
      // The decider's own words for an answer that came second, in case it ever sees one the checks above let by.
      if (isDomainError(error) && (error.code === 'APPROVAL_ALREADY_ANSWERED' || error.code === 'SIGNAL_TERMINAL'))
        throw alreadyAnswered(answerWord(stream.state));
      throw error;
    }
  }
}
