/**
 * Runs tasks one at a time per key, in the order they were added; different keys run
 * concurrently. This is how the executor keeps each user's signals in arrival order (two alerts
 * at one bar close must execute in order) while other users proceed in parallel.
 */
export class KeyedSerialQueue {
  readonly #tails = new Map<string, Promise<void>>();

  /** Queues `task` behind the earlier tasks of `key`; resolves or rejects with it. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    // Forget idle keys so a long-running executor does not keep one entry per user ever seen.
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Number of keys with queued or running work. */
  get activeKeys(): number {
    return this.#tails.size;
  }
}
