import { describe, expect, it } from 'vitest';
import { eventText, noticeLink, OFFERED_EVENTS } from './notificationEvents';

describe('the notice events in the words of the screen', () => {
  it('given every event the api offers, then each has a label and a hint of its own, not its bare name', () => {
    const unworded = OFFERED_EVENTS.filter((event) => eventText(event).label === event || eventText(event).hint === '');
    expect(unworded).toEqual([]);
  });

  it('issue 42: given an entry awaiting approval, then it reads as such and its delivery opens its log row', () => {
    expect(OFFERED_EVENTS).toContain('alert.awaiting_approval');
    expect(eventText('alert.awaiting_approval').label).toBe('Entry awaiting approval');
    expect(noticeLink('alert.awaiting_approval', 'sig-1')).toEqual({ to: '/dashboard?tab=logs&log=sig-1', label: 'Open its log' });
  });
});
