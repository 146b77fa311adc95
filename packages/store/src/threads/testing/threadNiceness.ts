import { readdirSync, readFileSync } from 'node:fs';

/** The nice value of a thread of this process, from /proc (field 19 of stat). */
export function niceOf(tid: string): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice value of this process's main thread (its tid is the pid). */
export const mainThreadNice = (): number => niceOf(String(process.pid));

/** The nice values of this process's threads whose name (as the OS lists it, 15 characters) is `name`. */
export function niceOfThreadsNamed(name: string): number[] {
  const nices: number[] = [];
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === name) nices.push(niceOf(tid));
    } catch {
      // the thread ended while we looked
    }
  }
  return nices;
}
