import { describe, expect, it } from 'vitest';
import { createScanGate } from './scanGate.js';

describe('createScanGate', () => {
  it('given a follower behind the head, when it progresses past it, then the wait ends; a failed follower is not waited for', async () => {
    let scanned = 3;
    const gate = createScanGate(() => scanned);
    let reached = false;
    const waiting = gate.reached(5).then(() => (reached = true));
    scanned = 4;
    gate.progressed();
    await Promise.resolve();
    expect(reached).toBe(false);
    scanned = 5;
    gate.progressed();
    await waiting;
    expect(reached).toBe(true);

    const stuck = createScanGate(() => 0);
    const failing = stuck.reached(10);
    stuck.failed();
    await expect(failing).resolves.toBeUndefined();
  });
});
