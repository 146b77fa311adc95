/**
 * Every method + path the app serves, read from `printRoutes({ commonPrefix: false })`: one line
 * per node, indented four characters per level, a child's text continuing its parent's path.
 */
export function registeredRoutes(tree: string): { method: string; url: string }[] {
  const parents: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = url;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}
