import { previewGuards, type PastAlert } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { guardsPreviewSentence } from './guardsPreviewText';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 4, 14, minute)).toISOString();
const alert = (logId: string, minute: number, side: PastAlert['side']): PastAlert => ({
  logId,
  receivedAt: at(minute),
  coin: 'ETH',
  side,
  entered: side !== null,
});
/** Four entries two minutes apart, then a close. */
const ALERTS = [0, 2, 4, 6].map((m, i) => alert(`e${i}`, m, 'long')).concat(alert('x', 8, null));

describe('the guards preview in words (issue 42, point 3)', () => {
  it('given manual approval alone, then each entry would have waited up to its timeout; exits never wait', () => {
    const guards = { approval: 'manual', approvalTimeoutSeconds: 600 } as const;
    expect(guardsPreviewSentence(guards, previewGuards(guards, ALERTS), false)).toBe(
      'Each of the 4 entries would have waited up to 10 min for your approval; exits never wait.',
    );
    expect(guardsPreviewSentence(guards, previewGuards(guards, ALERTS.slice(3)), false)).toBe(
      'The 1 entry would have waited up to 10 min for your approval; exits never wait.',
    );
  });

  it('given manual approval and a cooldown, then what the cooldown holds back, and that each entry it lets through would have waited', () => {
    const guards = { approval: 'manual', cooldownMinutes: 5 } as const;
    expect(guardsPreviewSentence(guards, previewGuards(guards, ALERTS), true)).toBe(
      '2 of 4 entries would have been held back; each of the 2 let through would have waited up to 5 min for your approval. Exits always go, without waiting.',
    );
  });

  it('given manual approval and only exits, then none would have waited', () => {
    const guards = { approval: 'manual' } as const;
    expect(guardsPreviewSentence(guards, previewGuards(guards, [alert('x', 0, null)]), false)).toBe('No entry among them: exits never wait for approval.');
  });

  it('given automatic approval, then the sentences stay as they were: no guard set, or what the guards hold back', () => {
    expect(guardsPreviewSentence({}, previewGuards({}, ALERTS), false)).toBe(
      'No guard set: all 4 entries went to the order path. Set one to see what it would have held back.',
    );
    const cooldown = { cooldownMinutes: 5, approval: 'auto' } as const;
    expect(guardsPreviewSentence(cooldown, previewGuards(cooldown, ALERTS), true)).toBe('2 of 4 entries would have been held back; exits always go.');
    expect(guardsPreviewSentence({}, previewGuards({}, []), false)).toBe('No alert of this strategy yet: the preview fills in as alerts come.');
  });
});
