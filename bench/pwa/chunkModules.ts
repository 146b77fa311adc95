import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../../tests/system/harness.js';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one base64-VLQ segment of a source map's `mappings`. */
function decodeSegment(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = B64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** One source module's share of a built chunk. */
export type ModuleShare = { readonly module: string; readonly bytes: number };

/**
 * The modules a built chunk is made of, by minified bytes, read from its source map (every
 * generated segment is charged to the source it maps to). Shortens node_modules paths to the
 * package path and the PWA's own to `src/...`.
 */
export function chunkModules(chunkFile: string): ModuleShare[] {
  if (!existsSync(`${chunkFile}.map`)) return [];
  const code = readFileSync(chunkFile, 'utf8').split('\n');
  const map = JSON.parse(readFileSync(`${chunkFile}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const bytes = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = code[lineIndex] ?? '';
    const starts: [number, number][] = [];
    let column = 0;
    for (const segment of line === '' ? [] : line.split(',')) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1]!;
      starts.push([column, fields.length > 1 ? source : -1]);
    }
    starts.forEach(([start, index], i) => {
      const end = i + 1 < starts.length ? starts[i + 1]![0] : text.length;
      const name = index < 0 ? '(no source: bundler glue)' : (map.sources[index] ?? '?');
      bytes.set(name, (bytes.get(name) ?? 0) + Buffer.byteLength(text.slice(start, end)));
    });
  });
  const shorten = (source: string) => {
    if (source.startsWith('(')) return source;
    if (source.includes('virtual:')) return source.slice(source.indexOf('virtual:')); // a plugin's virtual module
    const path = relative(REPO_ROOT, resolve(dirname(chunkFile), source));
    return path
      .replace(/^.*node_modules\//, '')
      .replace(/^packages\/pwa\/src\//, 'src/')
      .replace(/^packages\/domain\//, '@hyperhook/domain/');
  };
  return [...bytes].map(([module, n]) => ({ module: shorten(module), bytes: n })).sort((a, b) => b.bytes - a.bytes);
}

/** Modules grouped by npm package (or `src`, `@hyperhook/domain`): where a chunk's bytes come from. */
export function packageShares(modules: readonly ModuleShare[]): ModuleShare[] {
  const byPackage = new Map<string, number>();
  for (const { module, bytes } of modules) {
    const parts = module.split('/');
    const name = module.startsWith('src/')
      ? 'src (the PWA)'
      : module.startsWith('@hyperhook/domain')
        ? '@hyperhook/domain'
        : module.startsWith('@')
          ? parts.slice(0, 2).join('/')
          : parts[0]!;
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytes);
  }
  return [...byPackage].map(([module, bytes]) => ({ module, bytes })).sort((a, b) => b.bytes - a.bytes);
}
