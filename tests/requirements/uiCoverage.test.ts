import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../system/harness.js';

const REQUIREMENTS = readFileSync(join(REPO_ROOT, 'docs', 'spec', 'requirements.md'), 'utf8');

/** The groups whose every id must be cited by a test once the PWA exists (issue: the face of the product). */
const UI_GROUPS = /^(TAB-[A-Z]+|LAND|LOGIN|SIGNUP|DASH|LEGAL|ROUTE|ERR)-\d+$/;

function files(dir: string, match: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...files(path, match));
    else if (match(path)) found.push(path);
  }
  return found;
}

/** Every id a test cites, with ranges ("LAND-01..LAND-08", "TAB-LOGS-01..47") expanded. */
function citedIds(): Set<string> {
  const cited = new Set<string>();
  const testFiles = [...files(join(REPO_ROOT, 'packages'), (p) => /\.test\.tsx?$/.test(p)), ...files(join(REPO_ROOT, 'tests'), (p) => /\.test\.tsx?$/.test(p))];
  for (const file of testFiles) {
    if (file.endsWith('uiCoverage.test.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\b([A-Z]+(?:-[A-Z]+)*)-(\d{2})(?:\.\.(?:\1-)?(\d{2}))?\b/g)) {
      const [, prefix, from, to] = match;
      const last = to === undefined ? Number(from) : Number(to);
      for (let n = Number(from); n <= last; n += 1) cited.add(`${prefix}-${String(n).padStart(2, '0')}`);
    }
  }
  return cited;
}

/** A quoted spec string as text that must appear in the PWA's code: `<...>` and the N/X/Y of templates are the inserted values. */
const TEMPLATES: Record<string, string[]> = {
  'N / cap recent signals': [' recent signals'],
  'Nx leverage': ['x leverage'],
  'Page X of Y': ['Page ', ' of '],
  // The button and its failure name the provider by its configured label ("Google" for OIDC_GOOGLE_*).
  'Failed to sign in with Google': ['Failed to sign in with '],
};

function fragments(quoted: string): string[] {
  return TEMPLATES[quoted] ?? quoted.split(/<[^>]+>/).filter((part) => part.trim() !== '');
}

describe('requirements coverage of the PWA', () => {
  it('every TAB-*, LAND, LOGIN, SIGNUP, DASH, LEGAL, ROUTE and ERR id of requirements.md is cited by at least one test', () => {
    const ids = [...REQUIREMENTS.matchAll(/^- \*\*([A-Z]+(?:-[A-Z]+)*-\d{2})\*\*/gm)].map((m) => m[1] as string).filter((id) => UI_GROUPS.test(id));
    expect(ids.length).toBeGreaterThan(150);
    const cited = citedIds();
    expect(ids.filter((id) => !cited.has(id))).toEqual([]);
  });

  it('every user-visible string the requirements quote appears in packages/pwa/src or in the domain rules it imports', () => {
    // Validation messages (sign-up, keys, settings) are the domain's: the PWA shows what validateCredentialsInput & co. answer.
    const code = (p: string) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) && !p.includes(`${join('src', 'test')}`);
    const source = [...files(join(REPO_ROOT, 'packages', 'pwa', 'src'), code), ...files(join(REPO_ROOT, 'packages', 'domain', 'src'), code)]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    // Quoted words that are not screen text ("otherwise" explains a rule).
    const notScreenText = new Set(['otherwise']);
    const quoted = [...new Set([...REQUIREMENTS.matchAll(/"([^"\n]+)"/g)].map((m) => m[1] as string))].filter((q) => !notScreenText.has(q));
    expect(quoted.length).toBeGreaterThan(150);
    const missing = quoted.filter((q) => fragments(q).some((fragment) => !source.includes(fragment)));
    expect(missing, 'missing from packages/pwa/src and packages/domain/src').toEqual([]);
  });
});
