/**
 * Lets a keeper's check wait until its follower has read the log up to where the log stood when
 * the check began, so a check answers for every event appended before it: call `progressed` from
 * the follower's onProgress, `failed` from its onError (a follower that stopped is not waited for),
 * and `release` on stop.
 */
export function createScanGate(scanned: () => number) {
  let waiters: Array<() => void> = [];
  let open = true;
  const wake = (): void => {
    const waking = waiters;
    waiters = [];
    for (const resolve of waking) resolve();
  };
  return {
    progressed: wake,
    failed(): void {
      open = false;
      wake();
    },
    release(): void {
      open = false;
      wake();
    },
    /** Resolves once the follower has scanned `head`, or it failed, or the gate was released. */
    async reached(head: number): Promise<void> {
      while (open && scanned() < head) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}
