import { describe, expect, it } from 'vitest';
import { createLeaseBucket } from './createLeaseBucket.js';

const noPause = async () => undefined;

/** A create that fails with each of `errors` in turn, then returns the bucket. */
function failingThen(errors: Error[]) {
  let calls = 0;
  return {
    create: async () => {
      calls += 1;
      const error = errors[calls - 1];
      if (error !== undefined) throw error;
      return 'bucket';
    },
    calls: () => calls,
  };
}

describe('createLeaseBucket: executors of a cluster brought up together', () => {
  it('given another process created the bucket a moment earlier ("subjects overlap with an existing stream", then "stream name already in use"), when asked again, then the bucket is bound', async () => {
    const nats = failingThen([new Error('subjects overlap with an existing stream'), new Error('stream name already in use')]);

    await expect(createLeaseBucket(nats.create, noPause)).resolves.toBe('bucket');
    expect(nats.calls()).toBe(3);
  });

  it('given any other error (NATS without JetStream), then it is thrown at once', async () => {
    const nats = failingThen([new Error('jetstream not enabled')]);

    await expect(createLeaseBucket(nats.create, noPause)).rejects.toThrow('jetstream not enabled');
    expect(nats.calls()).toBe(1);
  });

  it('given the race lost five times, then the last error is thrown rather than trying for ever', async () => {
    const nats = failingThen(Array.from({ length: 9 }, () => new Error('subjects overlap with an existing stream')));

    await expect(createLeaseBucket(nats.create, noPause)).rejects.toThrow('subjects overlap');
    expect(nats.calls()).toBe(5);
  });
});
