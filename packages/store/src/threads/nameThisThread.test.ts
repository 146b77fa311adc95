import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnModuleWorker } from './spawnModuleWorker.js';
import { niceOf } from './testing/threadNiceness.js';

describe('a thread started by spawnModuleWorker names itself and lowers its priority', () => {
  it.runIf(process.platform === 'linux')(
    'given a worker that names itself and asks for niceness 10, then the OS lists that thread under the name cut to 15 characters at nice 10, and the main thread keeps its name and priority',
    async () => {
      const mainNice = niceOf(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0] ?? '');
      const worker = spawnModuleWorker(import.meta.url, 'testing/namingThread', {
        workerData: { name: 'hyperhook-test-thread', niceness: Math.max(10, mainNice) },
      });
      try {
        const report = await new Promise<{ link: string; lowered: boolean }>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
        const tid = report.link.split('/').at(-1) ?? '';
        expect(readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()).toBe('hyperhook-test-');
        expect(report.lowered).toBe(true);
        expect(niceOf(tid)).toBe(Math.max(10, mainNice));
        expect(readFileSync('/proc/thread-self/comm', 'utf8').trim()).not.toBe('hyperhook-test-');
        expect(niceOf(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0] ?? '')).toBe(mainNice);
      } finally {
        await worker.terminate();
      }
    },
  );
});
