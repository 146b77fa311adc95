import { SignalStatusSchema } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { logView } from '../../test/fixtures';
import { isInFlight, STATUS_CHIP_ORDER, STATUS_FILTER_OPTIONS, STATUS_LABEL, STATUS_TONE } from './statuses';

describe('log statuses (spec §4)', () => {
  it('STATE-02: the statuses are received, validating, executing, executed, failed (and, issue 42, awaiting_approval), each with its chip; a new log starts as received', () => {
    expect([...SignalStatusSchema.options].sort()).toEqual([...STATUS_CHIP_ORDER].sort());
    expect(logView().status).toBe('received');
  });

  it('STATE-03: executed green, failed red, executing blue, validating yellow, received grey; awaiting approval (issue 42) yellow, waiting as validating does', () => {
    expect(STATUS_TONE).toEqual({ executed: 'green', failed: 'red', executing: 'blue', validating: 'yellow', received: 'grey', awaiting_approval: 'yellow' });
    expect(STATUS_LABEL.awaiting_approval).toBe('Awaiting approval');
  });

  it('STATE-04, STATE-05 decided: chips follow §4 (executed, executing, validating, received, failed); the filter follows §2 (All, Executed, Failed, Executing, Validating, Received)', () => {
    const specFive: readonly string[] = ['executed', 'executing', 'validating', 'received', 'failed'];
    expect(STATUS_CHIP_ORDER.filter((s) => specFive.includes(s))).toEqual(specFive);
    const specFilter: readonly string[] = ['All', 'Executed', 'Failed', 'Executing', 'Validating', 'Received'];
    expect(STATUS_FILTER_OPTIONS.map((o) => o.label).filter((label) => specFilter.includes(label))).toEqual(specFilter);
  });

  it('issue 42: awaiting approval has its chip and filter option where it waits in an alert’s life, between executing and validating', () => {
    expect(STATUS_CHIP_ORDER).toEqual(['executed', 'executing', 'awaiting_approval', 'validating', 'received', 'failed']);
    expect(STATUS_FILTER_OPTIONS.map((o) => o.label)).toEqual(['All', 'Executed', 'Failed', 'Executing', 'Awaiting approval', 'Validating', 'Received']);
    expect(STATUS_FILTER_OPTIONS.find((o) => o.label === 'Awaiting approval')?.value).toBe('awaiting_approval');
  });

  it('STATE-06: in flight means validating or executing; an entry waiting for the trader is not', () => {
    expect(SignalStatusSchema.options.filter(isInFlight)).toEqual(['validating', 'executing']);
  });
});
