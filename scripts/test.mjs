#!/usr/bin/env node
// Runs every test tier through vitest, then prints one plain closing line
// ("tests: N passed, N failed, N skipped") that CI reads, and exits with vitest's code.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const report = '.vitest-report.json';
rmSync(report, { force: true });
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit' });
let code = run.status ?? 1;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // Said plainly, not counted: these suites do not exist yet, whatever URL is set (issue 15, point 2).
  console.log('\nnot run: KurrentDB and MongoDB adapter suites: the adapters are not built yet (KURRENTDB_URL / MONGODB_URL are refused)');
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
  if (r.numTotalTests === 0) {
    console.error('no test ran');
    code = 1;
  }
} else {
  console.error('vitest wrote no report');
  code = code || 1;
}
process.exit(code);
