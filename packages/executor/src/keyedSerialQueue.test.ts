import { describe, expect, it, vi } from 'vitest';
import { KeyedSerialQueue } from './keyedSerialQueue.js';

/** A promise the test resolves when it chooses: a task awaiting it stays "slow" until then. */
function gate() {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

describe('KeyedSerialQueue: per-user ordering', () => {
  it('given tasks of one key, when the first is slow, then they still finish in the order they were queued', async () => {
    const queue = new KeyedSerialQueue();
    const slow = gate();
    const done: string[] = [];
    const first = queue.run('u', async () => {
      await slow.closed;
      done.push('u1');
    });
    const second = queue.run('u', async () => {
      done.push('u2');
    });
    // A task of another key, queued after the second, bounds the wait: it runs at once, so the
    // second would have run before it, were it not held behind the first.
    await queue.run('v', async () => {
      done.push('v');
    });
    expect(done).toEqual(['v']);
    slow.open();
    await Promise.all([first, second]);
    expect(done).toEqual(['v', 'u1', 'u2']);
  });

  it('given tasks of two keys, when one key is slow, then the other is not held up', async () => {
    const queue = new KeyedSerialQueue();
    const slowGate = gate();
    const done: string[] = [];
    const slow = queue.run('slow', async () => {
      await slowGate.closed;
      done.push('slow');
    });
    const fast = queue.run('fast', async () => {
      done.push('fast');
    });
    // The fast key finishes while the slow one is still held.
    await vi.waitFor(() => expect(done).toEqual(['fast']));
    slowGate.open();
    await Promise.all([fast, slow]);
    expect(done).toEqual(['fast', 'slow']);
  });

  it('given a failing task, when the next task of the key runs, then it still runs and the failure reaches only its caller', async () => {
    const queue = new KeyedSerialQueue();
    const failing = queue.run('u', async () => {
      throw new Error('boom');
    });
    const next = queue.run('u', async () => 'ok');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
    await vi.waitFor(() => expect(queue.activeKeys).toBe(0));
  });
});
