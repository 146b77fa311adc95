import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckpointWriter } from './checkpointWriter.js';
import { OpenPositions } from './openPositions.js';

describe('CheckpointWriter: checkpoint writes coalesced behind the watermark (issue 29, point 7; issue 40, point 2)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function writer(save: (position: number) => Promise<void>, onSaveError: (error: unknown) => void = () => undefined) {
    const positions = new OpenPositions(0);
    return { positions, writer: new CheckpointWriter({ save, target: () => positions.watermark(), saved: 0, onSaveError }) };
  }

  it('given many positions finishing within one interval, when the interval passes, then ONE write saves the lowest unfinished position less one', async () => {
    const saves: number[] = [];
    const { positions, writer: w } = writer(async (position) => void saves.push(position));
    const pieces = [1, 2, 3, 4].map((position) => positions.take(position));
    positions.scannedTo(4);
    for (const piece of [pieces[0], pieces[1], pieces[3]]) {
      piece?.finish();
      w.saveWithin(250);
    }

    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);

    expect(saves).toEqual([2]);
    expect(w.saved).toBe(2);
  });

  it('given the watermark did not move, when positions finish above an open one, then nothing is written', async () => {
    const save = vi.fn(async () => undefined);
    const { positions, writer: w } = writer(save);
    positions.take(1);
    positions.take(2).finish();
    w.saveWithin(250);

    await vi.advanceTimersByTimeAsync(1_000);

    expect(save).not.toHaveBeenCalled();
  });

  it('given a write fails, when the next change comes, then the failure was reported and the write is tried again', async () => {
    const saves: number[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const { positions, writer: w } = writer(
      async (position) => {
        if (fail) throw new Error('disk full');
        saves.push(position);
      },
      (error) => errors.push(error),
    );
    positions.scannedTo(5);
    w.saveWithin(250);
    await vi.advanceTimersByTimeAsync(250);
    expect(errors).toHaveLength(1);
    expect(w.saved).toBe(0);

    fail = false;
    positions.scannedTo(6);
    w.saveWithin(250);
    await vi.advanceTimersByTimeAsync(250);

    expect(saves).toEqual([6]);
  });

  it('given a write pending on its timer, when the writer is closed, then it writes at once and no timer writes afterwards', async () => {
    const saves: number[] = [];
    const { positions, writer: w } = writer(async (position) => void saves.push(position));
    positions.scannedTo(7);
    w.saveWithin(250);

    await w.close();
    expect(saves).toEqual([7]);
    positions.scannedTo(9);
    w.saveWithin(250);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(saves).toEqual([7]);
  });

  it('issue 40, point 2: given no stored checkpoint, when asked to save where the follower began, then it writes it: a first start records where it began', async () => {
    const saves: number[] = [];
    const w = new CheckpointWriter({ save: async (position) => void saves.push(position), target: () => 30, saved: undefined, onSaveError: () => undefined });
    await w.saveNow();
    await w.saveNow();
    expect(saves).toEqual([30]);
  });
});
