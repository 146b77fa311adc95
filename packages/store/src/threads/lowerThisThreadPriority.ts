import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the calling thread's scheduling priority to `niceness` (Linux, where nice is per thread;
 * threads it starts later inherit it). Background work (the projector, the executor) then yields
 * the cores to the thread that acknowledges webhooks whenever both want to run. Returns false
 * where that is not possible (not Linux, or not permitted); the thread then runs as before.
 */
export function lowerThisThreadPriority(niceness: number): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (!Number.isInteger(tid)) return false;
    setPriority(tid, niceness);
    return true;
  } catch {
    return false;
  }
}
