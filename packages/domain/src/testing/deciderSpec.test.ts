import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domainError.js';
import { deciderSpec } from './deciderSpec.js';
import { at } from './fixtures.js';

/** A toy decider: "Click" records a join click, "Boom" refuses, "Bad" records an invalid event. */
type Toy = { type: 'Click' } | { type: 'Boom' } | { type: 'Bad' };
type Click = Extract<UserEvent, { type: 'ReferralJoinClicked' }>;
const toy: Decider<Toy, Click, number> = {
  eventTypes: ['ReferralJoinClicked'],
  initialState: () => 0,
  evolve: (n) => n + 1,
  decide: (command, n) => {
    if (command.type === 'Boom') throw new DomainError('ACCOUNT_NOT_FOUND', 'Account not found', `after ${n}`);
    if (command.type === 'Bad') return [{ type: 'ReferralJoinClicked', v: 1, data: { at: 'yesterday' } }];
    return [{ type: 'ReferralJoinClicked', v: 1, data: { at: at(n) } }];
  },
};
const spec = deciderSpec(toy);
const click: Click = { type: 'ReferralJoinClicked', v: 1, data: { at: at(0) } };

describe('deciderSpec (the given/when/then helper itself)', () => {
  it('passes when the events match, folding the given events first', () => {
    spec
      .given([click, click])
      .when({ type: 'Click' })
      .then([{ type: 'ReferralJoinClicked', v: 1, data: { at: at(2) } }]);
  });

  it('fails when the events differ', () => {
    expect(() => spec.given([]).when({ type: 'Click' }).then([])).toThrow();
    expect(() => spec.given([]).when({ type: 'Click' }).thenNothing()).toThrow();
  });

  it('fails when a produced event would not pass DomainEventSchema', () => {
    expect(() =>
      spec
        .given([])
        .when({ type: 'Bad' })
        .then([{ type: 'ReferralJoinClicked', v: 1, data: { at: 'yesterday' } }]),
    ).toThrow(/invalid event/);
  });

  it('matches an expected error by code, title and message, and fails on a mismatch', () => {
    spec.given([click]).when({ type: 'Boom' }).then({ code: 'ACCOUNT_NOT_FOUND', title: 'Account not found', message: 'after 1' });
    expect(() => spec.given([]).when({ type: 'Boom' }).then({ code: 'SIGNAL_NOT_FOUND' })).toThrow();
    expect(() => spec.given([]).when({ type: 'Boom' }).then({ code: 'ACCOUNT_NOT_FOUND', message: 'other' })).toThrow();
  });

  it('fails when an error was expected but events were produced, and when events were expected but it threw', () => {
    expect(() => spec.given([]).when({ type: 'Click' }).then({ code: 'ACCOUNT_NOT_FOUND' })).toThrow(/expected ACCOUNT_NOT_FOUND/);
    expect(() => spec.given([]).when({ type: 'Boom' }).then([])).toThrow(DomainError);
  });
});
