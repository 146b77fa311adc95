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
  // Said plainly: suites that need servers the build machines cannot run register one test
  // titled "<suite>: not run — <why>" instead; list them apart so nobody counts them as run.
  const notRun = (r.testResults ?? [])
    .flatMap((file) => (file.assertionResults ?? []).map((test) => test.title))
    .filter((title) => title.includes(': not run — '));
  if (notRun.length > 0) console.log(`\n${[...new Set(notRun)].map((title) => `not run: ${title.replace(': not run — ', ' — ')}`).join('\n')}`);
  // Where CI's minutes go (issue 40, point 10): the slowest files, each with when it began.
  const files = (r.testResults ?? []).filter((file) => file.startTime > 0 && file.endTime >= file.startTime);
  const slowest = [...files].sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime)).slice(0, 8);
  const seconds = (ms) => (ms / 1000).toFixed(0);
  if (slowest.length > 0) {
    console.log('\nslowest files (seconds, began at second):');
    for (const file of slowest)
      console.log(
        `  ${seconds(file.endTime - file.startTime).padStart(4)}  @${seconds(file.startTime - r.startTime).padStart(4)}  ${file.name.replace(`${process.cwd()}/`, '')}`,
      );
  }
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
