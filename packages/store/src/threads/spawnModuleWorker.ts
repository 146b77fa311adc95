import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on the module `name` beside `caller` (pass `import.meta.url`): the built
 * JavaScript when the caller is built, or, when it runs from its TypeScript source (tests,
 * benchmarks, `--import tsx`), the `.ts` module through tsx's hooks registered inside the worker:
 * a worker neither inherits the parent's loader nor applies `--import` before its entry.
 * `name` has no extension.
 */
export function spawnModuleWorker(
  caller: string,
  name: string,
  options: Pick<WorkerOptions, 'workerData' | 'transferList' | 'env' | 'resourceLimits'> = {},
): Worker {
  const fromSource = caller.endsWith('.ts');
  const entry = new URL(`./${name}${fromSource ? '.ts' : '.js'}`, caller);
  if (!fromSource) return new Worker(entry, options);
  const tsxPackage = createRequire(caller).resolve('tsx/package.json');
  const exports = (JSON.parse(readFileSync(tsxPackage, 'utf8')) as { exports: Record<string, { import?: { default?: string } }> }).exports;
  const api = exports['./esm/api']?.import?.default;
  if (api === undefined) throw new Error(`running ${name} from TypeScript sources needs tsx (its ./esm/api export) in the worker thread`);
  const bootstrap = `import(${JSON.stringify(new URL(api, pathToFileURL(tsxPackage)).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  // Workspace packages resolve to their sources too, as in the tests and benchmarks that run this.
  return new Worker(bootstrap, { ...options, eval: true, execArgv: ['--conditions=source'] });
}
