/** A node of an ESTree syntax tree, as far as this reader needs it. */
type Node = { readonly type?: unknown; readonly [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/**
 * The tabs a module names with the code each loads on demand, read from its syntax tree: every
 * object property whose value makes a dynamic import (`webhook: lazyScreen(() => import('…'))`)
 * gives its key and the imported path. The page's first script uses it to preload the tab a URL
 * names, so the build's list of tabs is the app's own (`tabPanels.ts`), never a second copy.
 */
export function tabImports(program: unknown): Map<string, string> {
  const tabs = new Map<string, string>();
  const visit = (node: unknown, property: string | null) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, property);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === 'Property' && isNode(node.key) && node.key.type === 'Identifier' && typeof node.key.name === 'string') {
      visit(node.value, node.key.name);
      return;
    }
    if (node.type === 'ImportExpression' && property !== null && isNode(node.source) && typeof node.source.value === 'string') {
      tabs.set(property, node.source.value);
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'type' && isNode(child)) visit(child, property);
  };
  visit(program, null);
  return tabs;
}
