#!/usr/bin/env node
// Runs every benchmark under bench/ (each bench/<name>/run.ts) one after another.
// Usage: npm run bench [-- <name> ...] [--flag ...]   (flags such as --quick go to every bench run)
// Benches in NAMED_ONLY run only when named: the soak takes half an hour.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const NAMED_ONLY = ['soak'];
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const names = readdirSync('bench', { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'results' && existsSync(join('bench', d.name, 'run.ts')))
  .map((d) => d.name)
  .filter((n) => wanted.includes(n) || (wanted.length === 0 && !NAMED_ONLY.includes(n)));
let failed = 0;
for (const name of names) {
  console.log(`\n## bench/${name}\n`);
  const r = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', join('bench', name, 'run.ts'), ...flags], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
