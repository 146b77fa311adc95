import { describe, expect, it } from 'vitest';
import type { SignalEvent } from './signalEvents.js';
import { foldState } from '../shared/decider.js';
import { APPROVAL_EXPIRED, APPROVAL_REJECTED, signalDecider, signalStatusOf, type SignalCommand } from './signalDecider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { at, plan, received, validationStarted } from '../testing/fixtures.js';

const spec = deciderSpec(signalDecider);

const hold = { at: at(20), expiresAt: at(300_020), coin: 'BTC', side: 'buy', size: '0.0033', price: '60010' } as const;
const holdForApproval: SignalCommand = { type: 'HoldForApproval', ...hold };
const heldForApproval: SignalEvent = { type: 'SignalHeldForApproval', v: 1, data: hold };
const approve: SignalCommand = { type: 'ApproveSignal', at: at(60_000), via: 'app' };
const approved: SignalEvent = { type: 'SignalApproved', v: 1, data: { at: at(60_000), via: 'app' } };
const reject: SignalCommand = { type: 'RejectSignal', at: at(60_000), code: APPROVAL_REJECTED, reason: 'You rejected this entry.' };
const rejectedByTrader: SignalEvent = { type: 'SignalRejected', v: 1, data: { at: at(60_000), code: APPROVAL_REJECTED, reason: 'You rejected this entry.' } };
const expire: SignalCommand = { type: 'RejectSignal', at: at(300_020), code: APPROVAL_EXPIRED, reason: 'Not approved within 5 min.' };
const expired: SignalEvent = { type: 'SignalRejected', v: 1, data: { at: at(300_020), code: APPROVAL_EXPIRED, reason: 'Not approved within 5 min.' } };

const awaiting = [received, validationStarted, heldForApproval];

describe('signalDecider — manual approval (issue 42)', () => {
  it('given a validating entry, when it is held for approval, then it waits with the status awaiting_approval', () => {
    spec.given([received, validationStarted]).when(holdForApproval).then([heldForApproval]);
    expect(signalStatusOf(foldState(signalDecider, awaiting).phase)).toBe('awaiting_approval');
  });

  it('given a held entry, when the trader approves it, then it is validating again and records when', () => {
    spec.given(awaiting).when(approve).then([approved]);
    const state = foldState(signalDecider, [...awaiting, approved]);
    expect(signalStatusOf(state.phase)).toBe('validating');
    expect(state.approvedAt).toBe(at(60_000));
  });

  it('given an approved entry, when it is planned, then the plan is accepted as for any validating signal', () => {
    spec
      .given([...awaiting, approved])
      .when({ type: 'PlanOrder', at: at(60_010), sizedAt: at(60_011), plan })
      .then([{ type: 'OrderPlanned', v: 1, data: { at: at(60_010), sizedAt: at(60_011), plan } }]);
  });

  it('given an approved entry, when it would be held again, then it is refused: an approval answers the alert once', () => {
    spec
      .given([...awaiting, approved])
      .when(holdForApproval)
      .then({ code: 'INVALID_SIGNAL_TRANSITION' });
  });

  it.each([
    ['rejected by the trader', reject, rejectedByTrader],
    ['expired', expire, expired],
  ] as const)('given a held entry, when it is %s, then it fails with that code', (_name, command, event) => {
    spec.given(awaiting).when(command).then([event]);
    expect(signalStatusOf(foldState(signalDecider, [...awaiting, event]).phase)).toBe('failed');
  });

  it.each([
    ['approved', [...awaiting, approved], approve, 'This alert was already approved.'],
    ['rejected', [...awaiting, rejectedByTrader], approve, 'This alert was already rejected.'],
    ['expired', [...awaiting, expired], approve, 'This alert was already expired.'],
  ] as const)('given an entry already %s, when approved again, then the second answer is refused', (_name, given, command, message) => {
    spec
      .given([...given])
      .when(command)
      .then({ code: 'APPROVAL_ALREADY_ANSWERED', title: 'Already decided', message });
  });

  it('given a held entry expired, when the trader rejects it, then it stays expired: the first answer wins', () => {
    spec
      .given([...awaiting, expired])
      .when(reject)
      .then({ code: 'APPROVAL_ALREADY_ANSWERED', message: 'This alert was already expired.' });
  });

  it('given an approved entry, when its timeout or a late reject comes, then it is refused: the approval stands', () => {
    for (const late of [expire, reject]) {
      spec
        .given([...awaiting, approved])
        .when(late)
        .then({ code: 'APPROVAL_ALREADY_ANSWERED', message: 'This alert was already approved.' });
    }
  });

  it('given an entry never held, when an approval answer would reject it, then it is refused as never held', () => {
    spec.given([received, validationStarted]).when(expire).then({ code: 'INVALID_SIGNAL_TRANSITION' });
  });

  it('given a held entry, when anything but an answer would reject or fail it, then it is refused: only the trader or the timeout decide', () => {
    spec
      .given(awaiting)
      .when({ type: 'RejectSignal', at: at(1), code: 'NO_CREDENTIALS', reason: 'No API keys configured' })
      .then({ code: 'INVALID_SIGNAL_TRANSITION' });
    spec
      .given(awaiting)
      .when({ type: 'FailSignal', at: at(1), code: 'EXCHANGE_REJECTED', reason: 'x', transient: false })
      .then({ code: 'INVALID_SIGNAL_TRANSITION' });
    spec
      .given(awaiting)
      .when({ type: 'PlanOrder', at: at(1), sizedAt: at(1), plan })
      .then({ code: 'INVALID_SIGNAL_TRANSITION' });
  });

  it('given a signal never held, when approved, then it is refused as a transition, not as answered', () => {
    spec.given([received, validationStarted]).when(approve).then({ code: 'INVALID_SIGNAL_TRANSITION' });
    spec.given([]).when(approve).then({ code: 'SIGNAL_NOT_FOUND' });
  });

  it('given a held entry, when held again (an executor retrying), then nothing more is recorded', () => {
    spec.given(awaiting).when(holdForApproval).thenNothing();
  });
});
