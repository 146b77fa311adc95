import { describe, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { referralDecider } from './referralDecider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { account, at } from '../testing/fixtures.js';

const spec = deciderSpec(referralDecider);
const reported: UserEvent = { type: 'ReferralSelfReported', v: 1, data: { joinedViaReferral: true, at: at(10) } };

describe('referralDecider', () => {
  it('TAB-KEYS-17, API-20, ENT-22: records a self-report, with any extra body fields', () => {
    spec
      .given(account)
      .when({ type: 'SelfReportReferral', at: at(10) })
      .then([reported]);
    spec
      .given(account)
      .when({ type: 'SelfReportReferral', extra: { source: 'keys-tab' }, at: at(10) })
      .then([{ type: 'ReferralSelfReported', v: 1, data: { joinedViaReferral: true, extra: { source: 'keys-tab' }, at: at(10) } }]);
  });

  it('a second self-report records nothing', () => {
    spec
      .given([...account, reported])
      .when({ type: 'SelfReportReferral', at: at(20) })
      .thenNothing();
  });

  it('API-22: a decline records its trimmed reason', () => {
    spec
      .given(account)
      .when({ type: 'DeclineReferral', reason: '  already have an account ', at: at(10) })
      .then([{ type: 'ReferralDeclined', v: 1, data: { reason: 'already have an account', at: at(10) } }]);
  });

  it('API-22: a decline without a reason, or with one over 500 characters, is refused', () => {
    spec
      .given(account)
      .when({ type: 'DeclineReferral', reason: '  ', at: at(10) })
      .then({ code: 'INVALID_REFERRAL', message: 'Please give a reason.' });
    spec
      .given(account)
      .when({ type: 'DeclineReferral', reason: 'x'.repeat(501), at: at(10) })
      .then({ code: 'INVALID_REFERRAL', message: 'The reason must be at most 500 characters.' });
  });

  it('API-23: every join click is recorded', () => {
    const click: UserEvent = { type: 'ReferralJoinClicked', v: 1, data: { at: at(10) } };
    spec
      .given([...account, click])
      .when({ type: 'ClickReferralJoin', at: at(10) })
      .then([click]);
  });

  it('API-24: a client event is recorded with its type (as eventType) and metadata', () => {
    spec
      .given(account)
      .when({ type: 'LogReferralEvent', eventType: ' banner_viewed ', metadata: { tab: 'keys', n: 2 }, at: at(10) })
      .then([{ type: 'ReferralEventLogged', v: 1, data: { eventType: 'banner_viewed', metadata: { tab: 'keys', n: 2 }, at: at(10) } }]);
    spec
      .given(account)
      .when({ type: 'LogReferralEvent', eventType: ' ', metadata: {}, at: at(10) })
      .then({ code: 'INVALID_REFERRAL' });
  });

  it.each([
    { type: 'SelfReportReferral', at: at(1) },
    { type: 'DeclineReferral', reason: 'no', at: at(1) },
    { type: 'ClickReferralJoin', at: at(1) },
    { type: 'LogReferralEvent', eventType: 'x', metadata: {}, at: at(1) },
  ] as const)('VAL-25: $type without an account fails with "User must be authenticated to update referral info"', (command) => {
    spec.given([]).when(command).then({ code: 'UNAUTHENTICATED', message: 'User must be authenticated to update referral info' });
  });
});
