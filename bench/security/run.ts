// Security diagnostics against the product as users run it (the built CLI, `hyperhook start`).
//
//   npm run bench -- security [--quick] [--skip-build]
//
// One row so far: webhook guess timing (hookTiming.ts). Prints a markdown table for bench/README.md.
import { spawnSync } from 'node:child_process';
import { Product } from '../../tests/browser/support/product.js';
import { REPO_ROOT } from '../../tests/system/harness.js';
import { hookTimingRow } from './hookTiming.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');

if (!args.includes('--skip-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

const product = await new Product().start();
try {
  const perClass = quick ? 300 : 3_000;
  const row = await hookTimingRow(product, perClass);
  console.log(`\n${row.markdown}\n`);
  console.log(`verdict: ${row.verdict}`);
  console.log(`measured ${new Date().toISOString()} on ${process.platform} node ${process.version}, ${perClass} requests a class, one at a time, interleaved`);
} finally {
  await product.stop();
}
