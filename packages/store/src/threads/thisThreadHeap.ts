import { getHeapStatistics } from 'node:v8';

/**
 * One thread's V8 heap: what its objects use, and the memory the heap holds from the system (its
 * pages, touched or kept for the next allocations). Each thread has its own heap and only it can
 * read it, so threads report theirs; a soak then tells which one grows, and whether it is objects
 * or the pages a heap keeps.
 */
export type ThreadHeap = { readonly usedBytes: number; readonly physicalBytes: number };

/** How often a thread reports its heap. */
export const HEAP_REPORT_MS = 5_000;

/** The calling thread's heap now. */
export function thisThreadHeap(): ThreadHeap {
  const statistics = getHeapStatistics();
  return { usedBytes: statistics.used_heap_size, physicalBytes: statistics.total_physical_size };
}
