// A worker for the thread tests: names itself and lowers its priority as its workerData says,
// then reports its /proc/thread-self link ("<pid>/task/<tid>") and whether lowering worked.
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../lowerThisThreadPriority.js';
import { nameThisThread } from '../nameThisThread.js';

const { name, niceness } = workerData as { name: string; niceness: number };
nameThisThread(name);
const lowered = lowerThisThreadPriority(niceness);
parentPort?.postMessage({ link: readlinkSync('/proc/thread-self'), lowered });
