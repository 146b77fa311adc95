import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../packages/cli/src/config.js';

/**
 * The architecture guide is only worth reading while it names files that exist and holds the
 * sections the code cites it by: these tests fail when a file it names is moved or renamed, or a
 * citation in the code points at a section the guide does not have.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GUIDE = 'ARCHITECTURE.md';
const guide = readFileSync(join(ROOT, GUIDE), 'utf8');

/** The guide without its fenced blocks (drawings), whose backticks are not code spans. */
const prose = guide.replace(/^```[\s\S]*?^```$/gm, '');

/** Every inline code span of the guide, its whitespace folded (a span may wrap a line). */
const codeSpans = [...prose.matchAll(/`([^`]+)`/g)].map((match) => (match[1] ?? '').replace(/\s+/g, ' ').trim());

/**
 * Whether a code span names a repository path: anything under packages/, or a file (a `/` and an
 * extension). Commands, routes with their method and URLs are not paths; nor is `/api/live`.
 */
function isRepositoryPath(span: string): boolean {
  if (/\s|:\/\//.test(span) || span.startsWith('/') || span.startsWith('@')) return false;
  return span.startsWith('packages/') || (span.includes('/') && /\.[A-Za-z0-9]+$/.test(span));
}

/** What must exist for a path: itself, or for a pattern (`readModels/<name>/`) the folder before its first placeholder. */
function mustExist(path: string): string {
  const placeholder = path.search(/[<{*]/);
  return placeholder < 0 ? path : path.slice(0, path.lastIndexOf('/', placeholder) + 1);
}

/** Folders never searched for citations: dependencies, builds, local data. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dev-dist', 'coverage', 'data']);
const SOURCE_FILE = /\.(ts|tsx|mjs|js|md)$/;

/** The repository's source and documentation files, relative to its root. */
function sourceFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

/** One "ARCHITECTURE §n" / "ARCHITECTURE.md §n.m" citation, where it stands. */
type Citation = { readonly where: string; readonly section: string };

/**
 * The citations of the guide in `text`: "ARCHITECTURE" (or "ARCHITECTURE.md") followed by one or
 * more sections, also across a comment's line break ("ARCHITECTURE\n * §9") and in lists such as
 * "§5/§9" and "§5 and §9".
 */
function citationsIn(file: string, text: string): Citation[] {
  const cited = /ARCHITECTURE(?:\.md)?[\s*]*(§\d+(?:\.\d+)?(?:\s*(?:,|\/|and|or)\s*§\d+(?:\.\d+)?)*)/g;
  return [...text.matchAll(cited)].flatMap((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return [...(match[1] ?? '').matchAll(/§(\d+(?:\.\d+)?)/g)].map((section) => ({ where: `${file}:${line}`, section: section[1] ?? '' }));
  });
}

const sections = new Set([...guide.matchAll(/^## (\d+)\. /gm)].map((match) => match[1]));
const subsections = new Set([...guide.matchAll(/^### (\d+\.\d+) /gm)].map((match) => match[1]));

/** Whether the guide has the section a citation names: `## n.`, and `### n.m` for a subsection. */
function hasSection(section: string): boolean {
  const [major] = section.split('.');
  return sections.has(major) && (!section.includes('.') || subsections.has(section));
}

describe('ARCHITECTURE.md, the architecture guide (issue 40, point 1)', () => {
  it('issue 40, point 1: given every repository path the guide names in backticks, then each exists', () => {
    const paths = [...new Set(codeSpans.filter(isRepositoryPath))];
    const missing = paths.filter((path) => !existsSync(join(ROOT, mustExist(path))));
    expect(paths.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('issue 40, point 1: given a pattern path such as packages/domain/src/readModels/<name>/, then the folder before its placeholder is a folder', () => {
    const patterns = [...new Set(codeSpans.filter((span) => isRepositoryPath(span) && /[<{*]/.test(span)))];
    expect(patterns.length).toBeGreaterThan(0);
    expect(patterns.filter((pattern) => !statSync(join(ROOT, mustExist(pattern)), { throwIfNoEntry: false })?.isDirectory())).toEqual([]);
  });

  it('issue 40, point 1: given every "ARCHITECTURE §n" citation in the source tree, then the guide has a "## n." heading (and "### n.m" for §n.m)', () => {
    const citations = sourceFiles()
      .filter((file) => file !== GUIDE && file !== relative(ROOT, fileURLToPath(import.meta.url)))
      .flatMap((file) => citationsIn(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(citations.length).toBeGreaterThan(20);
    expect(citations.filter((citation) => !hasSection(citation.section)).map(({ where, section }) => `${where} cites §${section}`)).toEqual([]);
  });

  it('issue 40, point 1: given the variables packages/cli/src/config.ts reads, then §6 Configuration names each one', () => {
    const configuration = guide.slice(guide.indexOf('## 6. '), guide.indexOf('## 7. '));
    expect(Object.keys(EnvSchema.shape).filter((name) => !configuration.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('the citation reader of the architecture guide test (issue 40, point 1)', () => {
  it('issue 40, point 1: given citations written in the ways the code writes them, then each section is read', () => {
    const text = [
      'ARCHITECTURE §6 `X`',
      'ARCHITECTURE.md §6, validated',
      'ARCHITECTURE §5/§9 (sizing',
      'ARCHITECTURE §5 and §9).',
      'ARCHITECTURE\n * §9); an override',
      'ARCHITECTURE §7.4)',
      'ARCHITECTURE.md at the root',
    ].join('\n');
    expect(citationsIn('x.ts', text).map(({ where, section }) => `${where} ${section}`)).toEqual([
      'x.ts:1 6',
      'x.ts:2 6',
      'x.ts:3 5',
      'x.ts:3 9',
      'x.ts:4 5',
      'x.ts:4 9',
      'x.ts:5 9',
      'x.ts:7 7.4',
    ]);
  });
});
