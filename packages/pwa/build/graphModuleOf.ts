import type { Program } from '@oxc-project/types';
import type { ModuleInfo } from 'rolldown';
import type { GraphModule, ImportEdge, ReexportEdge } from './moduleEntries.ts';

type Resolve = (source: string) => Promise<string | null>;

const nameOf = (node: { type: string; name?: string; value?: unknown }): string => (node.type === 'Identifier' ? (node.name as string) : String(node.value));

/**
 * A module's imports and re-exports with the names they take, read from its code's syntax tree.
 * What the syntax does not show (a CommonJS `require`) counts as an import of every name.
 */
export async function graphModuleOf(
  info: Pick<ModuleInfo, 'code' | 'importedIds' | 'dynamicallyImportedIds' | 'exports'>,
  parse: (code: string) => Program,
  resolve: Resolve,
): Promise<GraphModule> {
  const imports: ImportEdge[] = [];
  const reexports: ReexportEdge[] = [];
  let ownCode = false;
  const body = info.code === null ? [] : parse(info.code).body;
  for (const statement of body) {
    if (statement.type === 'ImportDeclaration') {
      if (statement.importKind === 'type') continue;
      const from = await resolve(statement.source.value);
      if (from === null) continue;
      const names: string[] = [];
      let all = statement.specifiers === null || statement.specifiers.length === 0;
      for (const specifier of statement.specifiers ?? []) {
        if (specifier.type === 'ImportSpecifier') names.push(nameOf(specifier.imported));
        else if (specifier.type === 'ImportDefaultSpecifier') names.push('default');
        else all = true;
      }
      imports.push({ from, names: all ? '*' : names });
    } else if (statement.type === 'ExportAllDeclaration') {
      const from = await resolve(statement.source.value);
      if (from === null) continue;
      reexports.push({ from, names: statement.exported === null ? '*' : new Map([[nameOf(statement.exported), '*']]) });
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source !== null) {
      const from = await resolve(statement.source.value);
      if (from === null) continue;
      reexports.push({ from, names: new Map(statement.specifiers.map((specifier) => [nameOf(specifier.exported), nameOf(specifier.local)])) });
    } else ownCode = true;
  }
  const seen = new Set([...imports, ...reexports].map((edge) => edge.from));
  for (const id of info.importedIds) if (!seen.has(id)) imports.push({ from: id, names: '*' });
  return { ownCode, imports, reexports, dynamic: info.dynamicallyImportedIds, exports: info.exports };
}
