#!/usr/bin/env node
// One dated run of every benchmark (issue 44 §7): `npm run bench:run` builds the product once, runs
// each bench/<name>/run.ts but the half-hour soak one after another at the current commit, and
// writes bench/RUN.md: when it ran, at which commit, under which load, every table each bench
// printed, and beside each row the figures the same row had in the previous bench/RUN.md (on the
// first run, in bench/README.md) in one "before" column. Each run replaces the file: the history is
// in git.
//
//   npm run bench:run [-- <name> …]   (only the named benches; the rest keep nothing of before)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { rowKeys, rowsOf, withBefore } from './benchRunTables.mjs';

const OUT = join('bench', 'RUN.md');
const NAMED_ONLY = ['soak'];
/** Flags per bench: the build is there already; the product's rows include the cluster layout's. */
const FLAGS = { product: ['--skip-build', '--cluster'], security: ['--skip-build'], soak: ['--skip-build'] };
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const names = readdirSync('bench', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join('bench', d.name, 'run.ts')))
  .map((d) => d.name)
  .filter((n) => (wanted.length === 0 ? !NAMED_ONLY.includes(n) : wanted.includes(n)));

const git = (...args) => spawnSync('git', args, { encoding: 'utf8' }).stdout.trim();
const commit = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
const minute = (ms) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

const previousFile = existsSync(OUT) ? OUT : join('bench', 'README.md');
const previousText = existsSync(previousFile) ? readFileSync(previousFile, 'utf8') : '';
const previousWhen = /^Ran (.+?) at commit ([0-9a-f]+)/m.exec(previousText);
const beforeLabel = previousFile === OUT && previousWhen !== null ? `before (${previousWhen[2]}, ${previousWhen[1]})` : 'before (bench/README.md)';
const before = rowsOf(previousText, { withBefore: previousFile === OUT });
const keyOf = rowKeys();

/** Runs one bench, its output shown as it comes and kept. */
function runBench(name) {
  const flags = FLAGS[name] ?? [];
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join('bench', name, 'run.ts'), ...flags], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    output += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

const started = Date.now();
const loadAtStart = loadavg()[0];
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const sections = [];
let failed = 0;
for (const name of names) {
  console.log(`\n## bench/${name}\n`);
  const benchStarted = Date.now();
  const { code, output } = await runBench(name);
  if (code !== 0) failed += 1;
  const minutes = ((Date.now() - benchStarted) / 60_000).toFixed(1);
  sections.push(
    `## bench/${name}\n\n${minutes} minutes from ${minute(benchStarted)} UTC${code === 0 ? '' : `; **exited with ${code}**`}.\n\n${withBefore(output, before, beforeLabel, keyOf)}`,
  );
}
const header = [
  '# One run of every benchmark',
  '',
  `Ran ${minute(started)}–${minute(Date.now()).slice(11)} UTC at commit ${commit}${dirty ? ' (with uncommitted changes)' : ''}, by \`npm run bench:run\``,
  `(scripts/benchRun.mjs): ${names.join(', ')}, one after another after one \`npm run build\`, on ${cpus().length} cores,`,
  `Node ${process.version}, load average ${loadAtStart.toFixed(2)} at the start and ${loadavg()[0].toFixed(2)} at the end.`,
  `Each table is as its bench printed it; the last column holds the same row's figures of ${previousFile === OUT ? 'the previous run' : 'bench/README.md before this run'}.`,
  'bench/README.md says what each bench and column measures.',
].join('\n');
writeFileSync(OUT, `${header}\n\n${sections.join('\n\n')}\n`);
console.log(`\nwrote ${OUT}`);
process.exit(failed > 0 ? 1 : 0);
