import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { graphModuleOf } from './graphModuleOf.ts';
import { entriesBehind, entriesOfModules, type GraphModule } from './moduleEntries.ts';
import { preloadScript } from './preloadScript.ts';

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
  /** The tab it opens on when the URL's `param` names none, and that tab's entry. */
  readonly defaultTab: { readonly param: string; readonly entry: string };
  /** The entries only a signed-in user reaches; the chunk takes no module any other entry runs. */
  readonly signedIn: readonly string[];
}

/**
 * One chunk for the code a signed-in trader's first screen needs beyond the app's own entry, one
 * for what of it the pages before sign-in run too, and the script in index.html that asks for them
 * while the page parses. Left to itself the bundler cuts that code into a chunk per set of screens
 * sharing it, some thirty files of 1–3 KB; on a phone's HTTP/1.1 connection (six at a time, each request a round trip of
 * its own) those files, not their bytes, set when the dashboard paints. The chunk takes only
 * modules that no screen before sign-in runs, so the landing page never downloads it.
 */
export function firstScreenChunk(options: FirstScreenOptions) {
  const captured = new Set<string>();
  const shared = new Set<string>();
  const matches = (id: string, paths: readonly string[]) => paths.some((path) => id.endsWith(`/${path}`));
  const plugin: Plugin = {
    name: 'hyperhook-first-screen-chunk',
    apply: 'build',
    async buildEnd(error) {
      if (error !== undefined) return;
      captured.clear();
      shared.clear();
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
      const entriesOf = entriesOfModules(graph, roots);
      const ids = [...graph.keys()];
      const first = new Set(ids.filter((id) => matches(id, [options.screen, options.defaultTab.entry])));
      if (first.size !== 2) throw new Error(`${plugin.name}: the build lacks ${options.screen} or ${options.defaultTab.entry}`);
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
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.bundle === undefined) return html;
        const entryFiles = filesOf(context.bundle, (chunk) => chunk.isEntry);
        const filesFor = (path: string) =>
          filesOf(context.bundle as OutputBundle, (chunk) => chunk.moduleIds.some((id) => matches(id, [path]))).filter((file) => !entryFiles.includes(file));
        const screen = filesFor(options.screen);
        if (screen.length === 0) throw new Error(`${plugin.name}: no chunk holds ${options.screen}`);
        const script = preloadScript({
          path: options.path,
          sessionKey: options.sessionKey,
          screen,
          defaultTab: filesFor(options.defaultTab.entry).filter((file) => !screen.includes(file)),
          tabParam: options.defaultTab.param,
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
      // What the screen shares with the pages before sign-in (a field, the theme switch, the query hooks):
      // one file those pages load too, rather than a handful of small ones.
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
