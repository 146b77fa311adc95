import { writeFileSync } from 'node:fs';

/**
 * Names the calling thread for the operating system (Linux: `top -H`, `ps -L`, /proc), so an
 * operator, and the product benchmark, can tell the store's writer from the executor. At most 15
 * characters are kept. Elsewhere, or if /proc is not writable, the thread keeps its name.
 */
export function nameThisThread(name: string): void {
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // Not Linux, or no /proc: the name only helps observation.
  }
}
