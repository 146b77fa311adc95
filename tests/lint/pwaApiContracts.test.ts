import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PWA_SRC = fileURLToPath(new URL('../../packages/pwa/src', import.meta.url));

/** The PWA's modules, tests and test helpers left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|fixtures)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Whether a module calls the api through the client (`lib/api/apiClient`). */
const callsTheApi = (code: string) => /from '[^']*\/apiClient'/.test(code);

/**
 * The bodies a module writes in place (`body: { … }` or `body: ( … )`) that are not checked against
 * a request type with `satisfies`. An empty body carries nothing to check; a body passed by name
 * comes from a typed parameter or constant.
 */
function uncheckedBodies(code: string): string[] {
  return [...code.matchAll(/\bbody: ([{(])/g)].flatMap((match) => {
    const start = (match.index ?? 0) + 'body: '.length;
    let depth = 0;
    let end = start;
    for (; end < code.length; end += 1) {
      if ('{(['.includes(code[end]!)) depth += 1;
      if ('})]'.includes(code[end]!)) depth -= 1;
      if (depth === 0) break;
    }
    const literal = code.slice(start, end + 1);
    return literal === '{}' || /^ satisfies [A-Z]\w+/.test(code.slice(end + 1)) ? [] : [literal];
  });
}

/** The zod schemas a module builds (`z.object(`, `z.array(`…); `z.infer<…>` builds none. */
const schemasBuilt = (code: string) => [...code.matchAll(/\bz\.(\w+)\(/g)].map((match) => `z.${match[1]}(`);

describe('the PWA parses the api with the domain’s schemas, never its own (issue 40, point 3)', () => {
  it('issue 40, point 3: given every PWA module that calls the api, then none builds a zod schema: the answers’ schemas are imported from @hyperhook/domain, where the api’s routes take them too', () => {
    // given
    const callers = sources(PWA_SRC).filter((path) => callsTheApi(readFileSync(path, 'utf8')));
    // then
    expect(callers.map((path) => relative(PWA_SRC, path))).toEqual(
      expect.arrayContaining([
        'features/notifications/notificationsApi.ts',
        'features/push/pushApi.ts',
        'features/strategies/strategiesApi.ts',
        'entities/strategies/strategiesQuery.ts',
      ]),
    );
    const declaring = callers
      .map((path) => ({ file: relative(PWA_SRC, path), schemas: schemasBuilt(readFileSync(path, 'utf8')) }))
      .filter(({ schemas }) => schemas.length > 0);
    expect(declaring).toEqual([]);
  });

  it('issue 40, point 3: given every PWA module that calls the api, then each body it writes in place is checked against the domain’s request type, so a renamed field fails the typecheck', () => {
    // given
    const callers = sources(PWA_SRC).filter((path) => callsTheApi(readFileSync(path, 'utf8')));
    // when
    const unchecked = callers
      .map((path) => ({ file: relative(PWA_SRC, path), bodies: uncheckedBodies(readFileSync(path, 'utf8')) }))
      .filter(({ bodies }) => bodies.length > 0);
    // then
    expect(unchecked).toEqual([]);
  });

  it('issue 40, point 3: given bodies written in place, then only those without `satisfies` are named', () => {
    const code =
      "api('/a', { body: { name } satisfies PatchBody });\napi('/b', { body: (x ? {} : { y }) satisfies ResetBody });\napi('/c', { body: { reason }, schema });\napi('/d', { body, schema });\n";
    expect(uncheckedBodies(code)).toEqual(['{ reason }']);
  });

  it('issue 40, point 3: given a module that calls the api with a schema of its own, then the check names it; a type read off a schema is none', () => {
    const code =
      "import { api } from '../../lib/api/apiClient';\nexport const Subscribed = z.object({ subscribed: z.boolean() });\ntype View = z.infer<typeof Subscribed>;\n";
    expect(callsTheApi(code)).toBe(true);
    expect(schemasBuilt(code)).toEqual(['z.object(', 'z.boolean(']);
  });
});
