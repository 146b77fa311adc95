/**
 * JetStream answers a KV bucket's creation racing another process's with "subjects overlap with an
 * existing stream" (or "stream name already in use") until the winner's stream is visible: every
 * executor of a cluster brought up together asks at once. The bucket is then there, with the same
 * settings, and asking again finds it.
 */
const RACE = /subjects overlap with an existing stream|stream name already in use/i;

/** How many times a creation that lost the race is asked again, and how long it waits first. */
const ATTEMPTS = 5;
const PAUSE_MS = 100;

/**
 * Runs `create` (the bucket's create-or-bind) until it succeeds, asking again after a lost race;
 * any other error, or a race lost ATTEMPTS times, is thrown.
 */
export async function createLeaseBucket<T>(
  create: () => Promise<T>,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create();
    } catch (error) {
      if (attempt >= ATTEMPTS || !(error instanceof Error) || !RACE.test(error.message)) throw error;
      await pause(PAUSE_MS * attempt);
    }
  }
}
