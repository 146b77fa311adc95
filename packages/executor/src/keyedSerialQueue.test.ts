import { describe, expect, it } from 'vitest';
import { KeyedSerialQueue } from './keyedSerialQueue.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyedSerialQueue: per-user ordering', () => {
  it('given tasks of one key, when the first is slow, then they still finish in the order they were queued', async () => {
    const queue = new KeyedSerialQueue();
    const done: number[] = [];
    await Promise.all([
      queue.run('u', async () => {
        await delay(30);
        done.push(1);
      }),
      queue.run('u', async () => {
        done.push(2);
      }),
    ]);
    expect(done).toEqual([1, 2]);
  });

  it('given tasks of two keys, when one key is slow, then the other is not held up', async () => {
    const queue = new KeyedSerialQueue();
    const done: string[] = [];
    await Promise.all([
      queue.run('slow', async () => {
        await delay(30);
        done.push('slow');
      }),
      queue.run('fast', async () => {
        done.push('fast');
      }),
    ]);
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
    await delay(0);
    expect(queue.activeKeys).toBe(0);
  });
});
