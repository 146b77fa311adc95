import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckpointTracker, OpenPositions } from './checkpointTracker.js';

describe('OpenPositions: the checkpoint of a subscription whose events finish out of order (issue 29, point 7)', () => {
  it('given three positions taken, when the later two finish first, then the watermark stays just before the first', () => {
    const positions = new OpenPositions(0);
    for (const position of [3, 5, 8]) positions.take(position);
    positions.scannedTo(9);

    positions.finish(8);
    positions.finish(5);

    expect(positions.watermark()).toBe(2);
    expect(positions.open).toBe(1);
  });

  it('given every taken position finished, then the watermark is as far as the log was scanned', () => {
    const positions = new OpenPositions(0);
    positions.take(3);
    positions.take(5);
    positions.scannedTo(9);

    positions.finish(5);
    positions.finish(3);

    expect(positions.watermark()).toBe(9);
  });

  it('given a position held back, when everything after it finishes, then the watermark stays before it and it no longer counts as open', () => {
    const positions = new OpenPositions(0);
    positions.take(3);
    positions.take(5);
    positions.scannedTo(9);

    positions.finish(5);
    positions.holdBack(3);

    expect(positions.watermark()).toBe(2);
    expect(positions.open).toBe(0);
  });

  it('given nothing taken, then the watermark is where it started', () => {
    expect(new OpenPositions(42).watermark()).toBe(42);
  });

  it('given a position taken, when a lower one is taken after it, then it is refused: the watermark relies on log order', () => {
    const positions = new OpenPositions(0);
    positions.take(5);
    expect(() => positions.take(4)).toThrow(RangeError);
  });
});

describe('CheckpointTracker: checkpoint writes coalesced behind the watermark (issue 29, point 7)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function tracker(save: (position: number) => Promise<void>, onSaveError: (error: unknown) => void = () => undefined) {
    return new CheckpointTracker({ from: 0, save, onSaveError, intervalMs: 250 });
  }

  it('given many positions finishing within one interval, when the interval passes, then ONE write saves the lowest unfinished position less one', async () => {
    const saves: number[] = [];
    const t = tracker(async (position) => void saves.push(position));
    for (const position of [1, 2, 3, 4]) t.take(position);
    t.scannedTo(4);
    t.finish(1);
    t.finish(2);
    t.finish(4);

    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);

    expect(saves).toEqual([2]);
    expect(t.saved).toBe(2);
  });

  it('given the watermark did not move, when positions finish above an open one, then nothing is written', async () => {
    const save = vi.fn(async () => undefined);
    const t = tracker(save);
    t.take(1);
    t.take(2);
    t.finish(2);

    await vi.advanceTimersByTimeAsync(1_000);

    expect(save).not.toHaveBeenCalled();
  });

  it('given a write fails, when the next change comes, then the failure was reported and the write is tried again', async () => {
    const saves: number[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const t = tracker(
      async (position) => {
        if (fail) throw new Error('disk full');
        saves.push(position);
      },
      (error) => errors.push(error),
    );
    t.scannedTo(5);
    await vi.advanceTimersByTimeAsync(250);
    expect(errors).toHaveLength(1);
    expect(t.saved).toBe(0);

    fail = false;
    t.scannedTo(6);
    await vi.advanceTimersByTimeAsync(250);

    expect(saves).toEqual([6]);
  });

  it('given a write pending on its timer, when the tracker is closed, then it writes at once and no timer writes afterwards', async () => {
    const saves: number[] = [];
    const t = tracker(async (position) => void saves.push(position));
    t.scannedTo(7);

    await t.close();
    expect(saves).toEqual([7]);
    t.scannedTo(9);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(saves).toEqual([7]);
  });
});
