import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { graphModuleOf } from './graphModuleOf.ts';
import { entriesBehind, entriesOfModules, type GraphModule } from './moduleEntries.ts';
import { preloadScript } from './preloadScript.ts';
import { tabImports } from './tabImports.ts';

/** Which screen to keep in one chunk and preload, by the paths (under the package) of its modules. */
export interface FirstScreenOptions {
  /** The chunk's name. */
  readonly name: string;
  /** The screen's path in the app. */
  readonly path: string;
  /** The localStorage key of a stored session: only then does the page preload the screen. */
  readonly sessionKey: string;
  /** The screen's entry. */
  readonly screen: string;
  /**
   * Its tabs: the module that names them with the code each loads (read by `tabImports`), the URL's
   * parameter that picks one, and the tab a URL without it opens, whose code joins the chunk.
   */
  readonly tabs: { readonly module: string; readonly param: string; readonly default: string };
  /** The entries only a signed-in user reaches; the chunk takes no module any other entry runs. */
  readonly signedIn: readonly string[];
}

/**
 * One chunk for the code a signed-in trader's first screen needs beyond the app's own entry, one
 * for what of it the pages before sign-in run too, and the script in index.html that asks for them
 * while the page parses. Left to itself the bundler cuts that code into a chunk per set of screens
 * sharing it, some thirty files of 1–3 KB; on a phone's HTTP/1.1 connection (six requests at a
 * time, each a round trip of its own) those files, not their bytes, set when the dashboard paints.
 * The chunk takes only modules that no screen before sign-in runs, so the landing page never
 * downloads it.
 */
export function firstScreenChunk(options: FirstScreenOptions) {
  const captured = new Set<string>();
  const shared = new Set<string>();
  /** Each tab's entry module, by its parameter value. */
  const tabEntries = new Map<string, string>();
  const matches = (id: string, paths: readonly string[]) => paths.some((path) => id.endsWith(`/${path}`));
  const plugin: Plugin = {
    name: 'hyperhook-first-screen-chunk',
    apply: 'build',
    async buildEnd(error) {
      if (error !== undefined) return;
      captured.clear();
      shared.clear();
      tabEntries.clear();
      const graph = new Map<string, GraphModule>();
      const roots: string[] = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info === null) continue;
        graph.set(
          id,
          await graphModuleOf(
            info,
            (code) => this.parse(code),
            async (source) => (await this.resolve(source, id))?.id ?? null,
          ),
        );
        if (info.isEntry) roots.push(id);
      }
      const ids = [...graph.keys()];
      const tabsModule = ids.find((id) => matches(id, [options.tabs.module]));
      const tabsCode = tabsModule === undefined ? null : this.getModuleInfo(tabsModule)?.code;
      if (tabsModule === undefined || tabsCode == null) throw new Error(`${plugin.name}: the build lacks ${options.tabs.module}`);
      for (const [tab, source] of tabImports(this.parse(tabsCode))) {
        const entry = (await this.resolve(source, tabsModule))?.id;
        if (entry !== undefined) tabEntries.set(tab, entry);
      }
      const screen = ids.find((id) => matches(id, [options.screen]));
      const defaultTab = tabEntries.get(options.tabs.default);
      if (screen === undefined || defaultTab === undefined)
        throw new Error(`${plugin.name}: the build lacks ${options.screen} or the "${options.tabs.default}" tab`);
      const first = new Set([screen, defaultTab]);
      const entriesOf = entriesOfModules(graph, roots);
      const signedIn = entriesBehind(
        graph,
        ids.filter((id) => matches(id, options.signedIn)),
        entriesOf,
      );
      const rootSet = new Set(roots);
      for (const [id, owners] of entriesOf) {
        const list = [...owners];
        if (!list.some((entry) => first.has(entry)) || list.some((entry) => rootSet.has(entry))) continue;
        if (list.every((entry) => signedIn.has(entry))) captured.add(id);
        else shared.add(id);
      }
    },
    generateBundle(_options, bundle) {
      // The chunks take modules out of the bundler's own grouping without their dependencies: were one
      // of them imported back by a chunk it imports, the modules would run out of order.
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || (output.name !== options.name && output.name !== `${options.name}-shared`)) continue;
        const cycle = importCycle(bundle, output);
        if (cycle !== null) this.error(`${plugin.name}: ${cycle.join(' → ')} import each other`);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.bundle === undefined) return html;
        const entryFiles = filesOf(context.bundle, (chunk) => chunk.isEntry);
        const filesFor = (holds: (id: string) => boolean) =>
          filesOf(context.bundle as OutputBundle, (chunk) => chunk.moduleIds.some(holds)).filter((file) => !entryFiles.includes(file));
        const screen = filesFor((id) => matches(id, [options.screen]));
        if (screen.length === 0) throw new Error(`${plugin.name}: no chunk holds ${options.screen}`);
        const script = preloadScript({
          path: options.path,
          sessionKey: options.sessionKey,
          screen,
          tabs: Object.fromEntries([...tabEntries].map(([tab, entry]) => [tab, filesFor((id) => id === entry).filter((file) => !screen.includes(file))])),
          tabParam: options.tabs.param,
          defaultTab: options.tabs.default,
        });
        return html.replace('</head>', `<script>${script}</script>\n  </head>`);
      },
    },
  };
  // Only the captured modules: their imports stay where the bundler puts them (the app's entry, or the
  // shared chunk), and nothing imports back into these chunks, so no cycle can form.
  return {
    plugin,
    groups: [
      { name: options.name, test: (id: string) => captured.has(id), includeDependenciesRecursively: false },
      // What the screen shares with the pages before sign-in (a field, the theme switch): one file
      // those pages load too, rather than a handful of small ones.
      { name: `${options.name}-shared`, test: (id: string) => shared.has(id), includeDependenciesRecursively: false },
    ],
  };
}

/** The files (scripts and stylesheets) that loading the chunks `pick` chooses fetches, their static imports included. */
function filesOf(bundle: OutputBundle, pick: (chunk: OutputChunk) => boolean): string[] {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) files.add(css);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  for (const output of Object.values(bundle)) if (output.type === 'chunk' && pick(output)) visit(output);
  return [...files];
}

/** Whether a chunk runs code of its own: a tab's facade holding only its stylesheet re-exports and runs nothing. */
const runsCode = (chunk: OutputChunk) => chunk.moduleIds.some((id) => !/\.css(\?|$)/.test(id));

/**
 * The chain of chunks by which `start` imports itself again, or null when it never does. An import
 * back from a chunk that runs no code (a facade re-exporting `start`) cannot run anything early,
 * so it is no cycle.
 */
export function importCycle(bundle: OutputBundle, start: OutputChunk): string[] | null {
  const seen = new Set<string>();
  const walk = (chunk: OutputChunk, path: string[]): string[] | null => {
    for (const file of chunk.imports) {
      if (file === start.fileName) {
        if (runsCode(chunk)) return [...path, file];
        continue;
      }
      const next = bundle[file];
      if (next?.type !== 'chunk' || seen.has(file)) continue;
      seen.add(file);
      const found = walk(next, [...path, file]);
      if (found !== null) return found;
    }
    return null;
  };
  return walk(start, [start.fileName]);
}
