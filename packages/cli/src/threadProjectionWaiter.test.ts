import { describe, expect, it } from 'vitest';
import { threadProjectionWaiter } from './threadProjectionWaiter.js';

describe('threadProjectionWaiter: read-your-writes across threads', () => {
  it('given waiters for positions 3 and 5, when the thread reports 4, then only the first settles; a later report of 2 (a rebuild from its start) is believed', async () => {
    const waiter = threadProjectionWaiter();
    const settled: number[] = [];
    const three = waiter.waitFor(3).then(() => void settled.push(3));
    const five = waiter.waitFor(5).then(() => void settled.push(5));
    waiter.reached(4);
    await three;
    await expect(waiter.waitFor(4)).resolves.toBeUndefined();
    waiter.reached(2);
    await expect(waiter.waitFor(4, 20)).rejects.toThrow();
    expect(settled).toEqual([3]);
    waiter.reached(5);
    await five;
    expect(settled).toEqual([3, 5]);
  });

  it('given a pending waiter, when the projector stops, then it is rejected with the reason', async () => {
    const waiter = threadProjectionWaiter();
    const pending = waiter.waitFor(9);
    waiter.abort(new Error('projector stopped'));
    await expect(pending).rejects.toThrow('projector stopped');
  });
});
