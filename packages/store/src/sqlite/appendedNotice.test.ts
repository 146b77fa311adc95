import { describe, expect, it } from 'vitest';
import type { PreparedAppend } from '../guards/prepareAppendCommands.js';
import type { WriteOutcome } from './groupCommit.js';
import { appendedNotice } from './settleGroup.js';

const event = (n: number, type = 'T', metadata: string | null = null) => ({
  eventId: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  idProvided: true,
  type,
  data: JSON.stringify({ n }),
  metadata,
});
const append = (commands: PreparedAppend[], results: { nextExpectedVersion: number; lastPosition: number }[], recordedAt = 5): WriteOutcome<null> => ({
  tag: null,
  operation: { kind: 'append', commands, recordedAt },
  ok: true,
  result: results,
});

describe('the notice of a committed group: its range, its types, and its events when it is small', () => {
  it('given a group of a multi-stream append, a repeated append and a failed one, when announced, then the notice carries exactly the inserted events, in log order', () => {
    // given: head at 10; a two-stream append inserted 11–13; a repeat of an earlier append inserted nothing; a conflict failed
    const multi = append(
      [
        { streamId: 'claim-1', expectedVersion: 'no_stream', events: [event(1, 'Claimed')] },
        { streamId: 'signal-1', expectedVersion: 'no_stream', events: [event(2, 'SignalReceived', '{"userId":"u"}'), event(3, 'SignalRejected')] },
      ],
      [
        { nextExpectedVersion: 0, lastPosition: 11 },
        { nextExpectedVersion: 1, lastPosition: 13 },
      ],
    );
    const repeat = append([{ streamId: 'signal-0', expectedVersion: 'any', events: [event(0, 'Old')] }], [{ nextExpectedVersion: 4, lastPosition: 9 }]);
    const failed: WriteOutcome<null> = {
      tag: null,
      operation: { kind: 'append', commands: [{ streamId: 'x', expectedVersion: 0, events: [event(9, 'Lost')] }], recordedAt: 5 },
      ok: false,
      error: new Error('conflict'),
    };
    // when
    const notice = appendedNotice([multi, failed, repeat], 10);
    // then
    expect(notice).toEqual({
      from: 10,
      position: 13,
      types: ['Claimed', 'SignalReceived', 'SignalRejected', 'Old'],
      events: [
        [11, 'claim-1', 0, event(1).eventId, 'Claimed', '{"n":1}', null, 5],
        [12, 'signal-1', 0, event(2).eventId, 'SignalReceived', '{"n":2}', '{"userId":"u"}', 5],
        [13, 'signal-1', 1, event(3).eventId, 'SignalRejected', '{"n":3}', null, 5],
      ],
    });
  });

  it("given a group whose events do not cover its range (another writer's rows in between), then the notice is exact without events", () => {
    const one = append([{ streamId: 's', expectedVersion: 'any', events: [event(1)] }], [{ nextExpectedVersion: 0, lastPosition: 12 }]);
    expect(appendedNotice([one], 10)).toEqual({ from: 10, position: 12, types: ['T'] });
  });

  it('given a group of more than 500 events, or of more than 256 KiB of data, then the notice is exact without events', () => {
    const many = Array.from({ length: 501 }, (_, i) => event(i));
    expect(appendedNotice([append([{ streamId: 's', expectedVersion: 'any', events: many }], [{ nextExpectedVersion: 500, lastPosition: 501 }])], 0)).toEqual({
      from: 0,
      position: 501,
      types: ['T'],
    });
    const big = { ...event(1), data: JSON.stringify({ body: 'x'.repeat(300 * 1024) }) };
    expect(appendedNotice([append([{ streamId: 's', expectedVersion: 'any', events: [big] }], [{ nextExpectedVersion: 0, lastPosition: 1 }])], 0)).toEqual({
      from: 0,
      position: 1,
      types: ['T'],
    });
  });
});
