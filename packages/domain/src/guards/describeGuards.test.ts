import { describe, expect, it } from 'vitest';
import { describeApprovalTimeout, describeGuards } from './describeGuards.js';

describe('the guards in words (issue 42)', () => {
  it('given manual approval, then the phrase says how long an entry waits, 5 min when no timeout is named; automatic approval says nothing', () => {
    expect(describeGuards({ approval: 'manual' })).toEqual(['entries wait up to 5 min for approval']);
    expect(describeGuards({ approval: 'manual', approvalTimeoutSeconds: 90, cooldownMinutes: 15 })).toEqual([
      '15 min between entries in a coin',
      'entries wait up to 90 s for approval',
    ]);
    expect(describeGuards({ approval: 'auto', approvalTimeoutSeconds: 600 })).toEqual([]);
  });

  it('given timeouts from 30 s to a day, then each reads in its largest whole units', () => {
    const read = (approvalTimeoutSeconds: number) => describeApprovalTimeout({ approvalTimeoutSeconds });
    expect([30, 90, 300, 3_600, 5_400, 86_400, 3_661].map(read)).toEqual(['30 s', '90 s', '5 min', '1 h', '1 h 30 min', '24 h', '1 h 1 min 1 s']);
  });
});
