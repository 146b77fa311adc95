import { describe, expect, it } from 'vitest';
import { entriesBehind, entriesOfModules, type GraphModule } from './moduleEntries.ts';

const code = (imports: GraphModule['imports'] = [], dynamic: string[] = []): GraphModule => ({ ownCode: true, imports, reexports: [], dynamic, exports: [] });
const barrel = (reexports: GraphModule['reexports'], exports: string[] = []): GraphModule => ({ ownCode: false, imports: [], reexports, dynamic: [], exports });
const owners = (map: Map<string, Set<string>>, id: string) => [...(map.get(id) ?? [])].sort();

describe('entriesOfModules', () => {
  it('given a page that takes one name from a package index, then it runs only the module behind that name, as tree-shaking leaves it', () => {
    const graph = new Map<string, GraphModule>([
      ['page', code([{ from: 'index', names: ['formatUsd'] }])],
      [
        'index',
        barrel([
          { from: 'sizing/index', names: '*' },
          { from: 'ledger', names: '*' },
        ]),
      ],
      [
        'sizing/index',
        barrel([
          { from: 'formatUsd', names: new Map([['formatUsd', 'formatUsd']]) },
          { from: 'planOrder', names: '*' },
        ]),
      ],
      ['formatUsd', { ...code(), exports: ['formatUsd'] }],
      ['planOrder', { ...code([{ from: 'decimal', names: '*' }]), exports: ['planOrder'] }],
      ['ledger', { ...code([{ from: 'decimal', names: '*' }]), exports: ['strategyLedger'] }],
      ['decimal', code()],
    ]);
    const map = entriesOfModules(graph, ['page']);
    expect([...map.keys()].sort()).toEqual(['formatUsd', 'page']);
  });

  it('given a name found only through two levels of `export *`, then the module that defines it is run', () => {
    const graph = new Map<string, GraphModule>([
      ['page', code([{ from: 'index', names: ['planOrder'] }])],
      ['index', barrel([{ from: 'sizing/index', names: '*' }])],
      ['sizing/index', barrel([{ from: 'planOrder', names: '*' }])],
      ['planOrder', { ...code([{ from: 'decimal', names: ['Decimal'] }]), exports: ['planOrder'] }],
      ['decimal', code()],
    ]);
    expect([...entriesOfModules(graph, ['page']).keys()].sort()).toEqual(['decimal', 'page', 'planOrder']);
  });

  it('given dynamic imports, then each target is an entry of its own and a module two of them run is owned by both; a namespace import takes every name', () => {
    const graph = new Map<string, GraphModule>([
      ['main', code([], ['dashboard', 'landing'])],
      ['dashboard', code([{ from: 'field', names: ['Field'] }], ['tab'])],
      ['tab', code([{ from: 'index', names: '*' }])],
      ['landing', code([{ from: 'field', names: ['Field'] }])],
      [
        'index',
        barrel([
          { from: 'a', names: '*' },
          { from: 'b', names: new Map([['b', 'default']]) },
        ]),
      ],
      ['field', code()],
      ['a', { ...code(), exports: ['a'] }],
      ['b', { ...code(), exports: ['default'] }],
    ]);
    const map = entriesOfModules(graph, ['main']);
    expect(owners(map, 'field')).toEqual(['dashboard', 'landing']);
    expect([owners(map, 'a'), owners(map, 'b')]).toEqual([['tab'], ['tab']]);
    expect(owners(map, 'main')).toEqual(['main']);
  });
});

describe('entriesBehind', () => {
  it('given a screen that loads tabs that load a chart, then all of them are behind it and nothing else is', () => {
    const graph = new Map<string, GraphModule>([
      ['main', code([], ['dashboard', 'landing'])],
      ['dashboard', code([{ from: 'panel', names: '*' }])],
      ['panel', code([], ['tab'])],
      ['tab', code([], ['chart'])],
      ['chart', code()],
      ['landing', code()],
    ]);
    const map = entriesOfModules(graph, ['main']);
    expect([...entriesBehind(graph, ['dashboard'], map)].sort()).toEqual(['chart', 'dashboard', 'tab']);
  });
});
