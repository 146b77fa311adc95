import { SignalStatusSchema } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { logView } from '../../test/fixtures';
import { isInFlight, STATUS_CHIP_ORDER, STATUS_FILTER_OPTIONS, STATUS_TONE } from './statuses';

describe('log statuses (spec §4)', () => {
  it('STATE-02: the statuses are received, validating, executing, executed, failed; a new log starts as received', () => {
    expect([...SignalStatusSchema.options].sort()).toEqual([...STATUS_CHIP_ORDER].sort());
    expect(logView().status).toBe('received');
  });

  it('STATE-03: executed green, failed red, executing blue, validating yellow, received grey', () => {
    expect(STATUS_TONE).toEqual({ executed: 'green', failed: 'red', executing: 'blue', validating: 'yellow', received: 'grey' });
  });

  it('STATE-04, STATE-05 decided: chips follow §4 (executed, executing, validating, received, failed); the filter follows §2 (All, Executed, Failed, Executing, Validating, Received)', () => {
    expect(STATUS_CHIP_ORDER).toEqual(['executed', 'executing', 'validating', 'received', 'failed']);
    expect(STATUS_FILTER_OPTIONS.map((o) => o.label)).toEqual(['All', 'Executed', 'Failed', 'Executing', 'Validating', 'Received']);
  });

  it('STATE-06: in flight means validating or executing', () => {
    expect(SignalStatusSchema.options.filter(isInFlight)).toEqual(['validating', 'executing']);
  });
});
