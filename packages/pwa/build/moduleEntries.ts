/** An import of a module: the names it takes, or '*' for all of them (a namespace, a bare import). */
export interface ImportEdge {
  readonly from: string;
  readonly names: readonly string[] | '*';
}

/** A re-export: `export { a as b } from` (names: exported → imported) or `export * from` ('*'). */
export interface ReexportEdge {
  readonly from: string;
  readonly names: ReadonlyMap<string, string> | '*';
}

/** One module of the build's graph, as its code says. */
export interface GraphModule {
  /** Statements other than imports and re-exports: the module runs code of its own. */
  readonly ownCode: boolean;
  readonly imports: readonly ImportEdge[];
  readonly reexports: readonly ReexportEdge[];
  readonly dynamic: readonly string[];
  /** The names it exports itself or re-exports by name (not those of its `export *`). */
  readonly exports: readonly string[];
}

/**
 * For each module with code of its own, the entries whose first load runs it: an entry is the page's
 * own script or the target of a dynamic import, and it runs what it reaches by static imports. A
 * module of re-exports only (a package's index) passes on just the names asked of it, as the
 * bundler's tree-shaking does, so a screen that takes one helper from the domain's index is not
 * counted as running the whole domain.
 */
export function entriesOfModules(graph: ReadonlyMap<string, GraphModule>, roots: readonly string[]): Map<string, Set<string>> {
  const entries = new Set(roots);
  for (const module of graph.values()) for (const target of module.dynamic) entries.add(target);
  // The names each module provides are the same whichever entry asks: worked out once for all.
  const provides = namesProvided(graph);
  const reachedBy = new Map<string, Set<string>>();
  for (const entry of entries) {
    for (const id of modulesRunBy(graph, provides, entry)) {
      let owners = reachedBy.get(id);
      if (owners === undefined) reachedBy.set(id, (owners = new Set()));
      owners.add(entry);
    }
  }
  return reachedBy;
}

function modulesRunBy(graph: ReadonlyMap<string, GraphModule>, provides: (id: string) => ReadonlySet<string>, entry: string): Set<string> {
  const run = new Set<string>();
  const asked = new Set<string>();
  const stack: Array<[string, string]> = [[entry, '*']];
  const push = (id: string, names: readonly string[] | '*') => {
    if (names === '*') stack.push([id, '*']);
    else for (const name of names) stack.push([id, name]);
  };
  while (stack.length > 0) {
    const [id, name] = stack.pop() as [string, string];
    const module = graph.get(id);
    if (module === undefined) continue;
    if (module.ownCode || module.imports.length > 0) {
      // Code of its own: every import it makes may be used, whatever was asked of it.
      if (run.has(id)) continue;
      run.add(id);
      for (const edge of module.imports) push(edge.from, edge.names);
      for (const edge of module.reexports) push(edge.from, edge.names === '*' ? '*' : [...edge.names.values()]);
      continue;
    }
    const key = `${id}\u0000${name}`;
    if (asked.has(key)) continue;
    asked.add(key);
    for (const edge of module.reexports) {
      if (edge.names === '*') {
        if (name === '*' || provides(edge.from).has(name)) push(edge.from, name === '*' ? '*' : [name]);
      } else if (name === '*') push(edge.from, [...edge.names.values()]);
      else {
        const imported = edge.names.get(name);
        if (imported !== undefined) push(edge.from, [imported]);
      }
    }
  }
  return run;
}

/** Each module's exported names, its re-exports and those of its `export *` sources included (never their default). */
function namesProvided(graph: ReadonlyMap<string, GraphModule>): (id: string) => ReadonlySet<string> {
  const known = new Map<string, Set<string>>();
  const provides = (id: string): Set<string> => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const names = new Set<string>();
    // Set before recursing: a cycle of `export *` ends here instead of looping.
    known.set(id, names);
    const module = graph.get(id);
    for (const name of module?.exports ?? []) if (name !== '*') names.add(name);
    for (const edge of module?.reexports ?? []) {
      if (edge.names !== '*') for (const name of edge.names.keys()) names.add(name);
      else for (const name of provides(edge.from)) if (name !== 'default') names.add(name);
    }
    return names;
  };
  return provides;
}

/** The entries reached from `from` through dynamic imports, `from` included. */
export function entriesBehind(
  graph: ReadonlyMap<string, GraphModule>,
  from: readonly string[],
  entriesOf: ReadonlyMap<string, ReadonlySet<string>>,
): Set<string> {
  const behind = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const entry = stack.pop() as string;
    if (behind.has(entry)) continue;
    behind.add(entry);
    for (const [id, owners] of entriesOf) if (owners.has(entry)) for (const target of graph.get(id)?.dynamic ?? []) stack.push(target);
  }
  return behind;
}
