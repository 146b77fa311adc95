// CPU time of a process per thread name, from /proc (Linux): the product names its threads
// (hyperhook-write, hyperhook-wal, hyperhook-execu, hyperhook-proje); the main thread is "main",
// and Node's own helpers (GC, compilers, the libuv pool) keep the name "node".
import { readdirSync, readFileSync } from 'node:fs';

/** Seconds of CPU (user + system) per thread name, summed over threads of the same name. */
export type ThreadCpu = Readonly<Record<string, number>>;

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The process's CPU per thread name now; empty where /proc is missing. */
export function threadCpu(pid: number): ThreadCpu {
  const byName: Record<string, number> = {};
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // comm is in parentheses and may hold spaces; the fields after it are space-separated.
      const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
      byName[name] = (byName[name] ?? 0) + ticks / TICKS_PER_SECOND;
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byName;
}

/** "name 0.42" per thread name: CPU seconds between two readings, divided by `per` (e.g. per alert, in ms). */
export function cpuText(before: ThreadCpu, after: ThreadCpu, scale: number): string {
  return Object.keys(after)
    .map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)] as const)
    .filter(([, seconds]) => seconds > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, seconds]) => `${name.replace(/^hyperhook-/, '')} ${(seconds * scale).toFixed(3)}`)
    .join(', ');
}
