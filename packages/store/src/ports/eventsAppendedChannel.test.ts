import { describe, expect, it } from 'vitest';
import { mergeAppendedNotices, readAppendedNotice } from './eventsAppendedChannel.js';

describe('append notices', () => {
  it('given two exact notices of commits that follow each other, when merged, then the result covers both ranges with every type', () => {
    expect(mergeAppendedNotices({ from: 10, position: 12, types: ['A'] }, { from: 12, position: 15, types: ['B', 'A'] })).toEqual({
      from: 10,
      position: 15,
      types: ['A', 'B'],
    });
  });

  it("given notices that do not follow each other (another thread's commit between them, or one without types), when merged, then only the highest position is said", () => {
    expect(mergeAppendedNotices({ from: 10, position: 12, types: ['A'] }, { from: 13, position: 15, types: ['B'] })).toEqual({ position: 15 });
    expect(mergeAppendedNotices({ position: 12 }, { from: 12, position: 15, types: ['B'] })).toEqual({ position: 15 });
    expect(mergeAppendedNotices({ from: 10, position: 12, types: ['A'] }, { position: 11 })).toEqual({ position: 12 });
  });

  it("given messages from the notifier (another process's, over NATS), when read, then only a well-formed notice is acted on, and a range without its types (or the reverse) is not exact", () => {
    expect(readAppendedNotice({ position: 5 })).toEqual({ position: 5 });
    expect(readAppendedNotice({ from: 4, position: 5, types: ['A'] })).toEqual({ from: 4, position: 5, types: ['A'] });
    expect(readAppendedNotice({ from: 4, position: 5 })).toBeUndefined();
    expect(readAppendedNotice({ position: 5, types: ['A'] })).toBeUndefined();
    expect(readAppendedNotice({ from: 5, position: 5, types: ['A'] })).toBeUndefined();
    expect(readAppendedNotice({ position: -1 })).toBeUndefined();
    expect(readAppendedNotice('5')).toBeUndefined();
    expect(readAppendedNotice({ position: 5, types: 'A', from: 4 })).toBeUndefined();
  });

  it('given notices carrying their events, when read, then only events that are exactly the range, in order, are acted on', () => {
    const row = (position: number) => [position, 's', 0, `e${position}`, 'A', '{}', null, 1] as const;
    expect(readAppendedNotice({ from: 4, position: 6, types: ['A'], events: [row(5), row(6)] })).toEqual({
      from: 4,
      position: 6,
      types: ['A'],
      events: [row(5), row(6)],
    });
    expect(readAppendedNotice({ from: 4, position: 6, types: ['A'], events: [row(5)] })).toBeUndefined();
    expect(readAppendedNotice({ from: 4, position: 6, types: ['A'], events: [row(6), row(5)] })).toBeUndefined();
    expect(readAppendedNotice({ position: 5, events: [row(5)] })).toBeUndefined();
    expect(readAppendedNotice({ from: 4, position: 5, types: ['A'], events: [[5, 's', 0, 'e5', 'A', {}, null, 1]] })).toBeUndefined();
  });

  it('given two notices carrying their events that follow each other, when merged, then the events are joined; when one carries none, the merge carries none', () => {
    const row = (position: number) => [position, 's', 0, `e${position}`, 'A', '{}', null, 1] as const;
    expect(mergeAppendedNotices({ from: 4, position: 5, types: ['A'], events: [row(5)] }, { from: 5, position: 6, types: ['A'], events: [row(6)] })).toEqual({
      from: 4,
      position: 6,
      types: ['A'],
      events: [row(5), row(6)],
    });
    expect(mergeAppendedNotices({ from: 4, position: 5, types: ['A'], events: [row(5)] }, { from: 5, position: 6, types: ['A'] })).toEqual({
      from: 4,
      position: 6,
      types: ['A'],
    });
  });
});
