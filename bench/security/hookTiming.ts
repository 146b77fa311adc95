/**
 * Diagnostic row: does the answer time of `POST /hook/<secret>` say how close a guess was?
 * Against the built product started as `npm start` starts it (tests/browser/support/product.ts),
 * a separate process (hookTimingSender.ts) sends, interleaved: the near miss of a real URL (its
 * first 31 characters right, the last wrong), a random 32-character secret, and a secret of the
 * wrong length. The test that proves the lookup never compares the secret is
 * packages/api/src/ingress/secretLookup.test.ts; this row only looks for what a test cannot see.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Product } from '../../tests/browser/support/product.js';
import { percentile } from '../executor/percentile.js';
import { signUp } from '../pwa/users.js';
import type { SenderPlan, SenderResult } from './hookTimingSender.js';
import { holdsZero, intervalText, medianDifference, welchMeanDifference } from './timingStats.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Runs the sender in its own process. */
function sendFromChild(plan: SenderPlan): Promise<SenderResult> {
  const child = fork(join(here, 'hookTimingSender.ts'), [], {
    execArgv: ['--conditions=source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { result?: SenderResult; error?: string }) =>
      message.result ? resolve(message.result) : reject(new Error(message.error)),
    );
    child.once('exit', (code) => code !== 0 && reject(new Error(`timing sender exited with ${code}`)));
    child.send(plan);
  });
}

/** The guesses of the row, from one real secret. */
export function guessesOf(secret: string): SenderPlan['classes'] {
  const last = secret.endsWith('A') ? 'B' : 'A';
  return [
    { name: 'near miss (31-char prefix right)', path: `/hook/${secret.slice(0, -1)}${last}` },
    { name: 'random secret', path: `/hook/${randomBytes(24).toString('base64url')}` },
    { name: 'wrong length (20 chars)', path: `/hook/${randomBytes(15).toString('base64url')}` },
  ];
}

export type TimingRow = { readonly markdown: string; readonly verdict: string };

/** Measures the row on a started product and renders it as a markdown table. */
export async function hookTimingRow(product: Product, perClass: number): Promise<TimingRow> {
  const user = await signUp(product, 'timing', { keys: false });
  const secret = new URL(user.webhookUrl).pathname.slice('/hook/'.length);
  const classes = guessesOf(secret);
  const result = await sendFromChild({ origin: product.url, classes, perClass, warmup: 100 });
  const baseline = result.samples['random secret'] ?? [];
  const lines = [
    '| row (diagnostic) | requests | answers | p50 ms | p99 ms | Δ median vs random, 95% bootstrap | Δ mean vs random, 95% Welch |',
    '|---|---|---|---|---|---|---|',
  ];
  const verdicts: string[] = [];
  for (const c of classes) {
    const samples = result.samples[c.name] ?? [];
    const answers = Object.entries(result.statuses[c.name] ?? {})
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ');
    const isBaseline = c.name === 'random secret';
    const median = isBaseline ? undefined : medianDifference(samples, baseline);
    const means = isBaseline ? undefined : welchMeanDifference(samples, baseline);
    if (median !== undefined && means !== undefined)
      verdicts.push(`${c.name}: median interval ${holdsZero(median) ? 'holds' : 'EXCLUDES'} 0, mean interval ${holdsZero(means) ? 'holds' : 'EXCLUDES'} 0`);
    lines.push(
      `| webhook guess timing: ${c.name} | ${samples.length} | ${answers} | ${percentile(samples, 50).toFixed(3)} | ${percentile(samples, 99).toFixed(3)} | ${median ? intervalText(median) : '(baseline)'} | ${means ? intervalText(means) : '(baseline)'} |`,
    );
  }
  return { markdown: lines.join('\n'), verdict: `${verdicts.join('; ')} (${result.addresses} loopback source addresses)` };
}
