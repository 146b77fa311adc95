import { describe, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { tradingSwitchDecider } from './tradingSwitchDecider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { account, at } from '../testing/fixtures.js';

const spec = deciderSpec(tradingSwitchDecider);
const paused: UserEvent = { type: 'TradingPaused', v: 1, data: { at: at(10) } };
const resumed: UserEvent = { type: 'TradingResumed', v: 1, data: { at: at(20) } };

describe('tradingSwitchDecider: the kill switch (issue 29, point 4)', () => {
  it('given trading runs, when the trader pauses all, then TradingPaused is recorded with the time', () => {
    spec
      .given(account)
      .when({ type: 'PauseAllTrading', at: at(10) })
      .then([paused]);
  });

  it('given trading is paused, when paused again, then nothing: the switch keeps the moment it was first thrown', () => {
    spec
      .given([...account, paused])
      .when({ type: 'PauseAllTrading', at: at(15) })
      .thenNothing();
  });

  it('given trading is paused, when resumed, then TradingResumed; resuming again records nothing', () => {
    spec
      .given([...account, paused])
      .when({ type: 'ResumeAllTrading', at: at(20) })
      .then([resumed]);
    spec
      .given([...account, paused, resumed])
      .when({ type: 'ResumeAllTrading', at: at(30) })
      .thenNothing();
    spec
      .given(account)
      .when({ type: 'ResumeAllTrading', at: at(30) })
      .thenNothing();
  });

  it('given no account, when paused, then ACCOUNT_NOT_FOUND', () => {
    spec
      .given([])
      .when({ type: 'PauseAllTrading', at: at(10) })
      .then({ code: 'ACCOUNT_NOT_FOUND' });
  });
});
