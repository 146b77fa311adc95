/**
 * Every package a package-lock.json (v2/v3) installs, as name@version with whether only dev
 * dependencies need it. Workspace packages (links and `packages/*` entries) are ours, not the
 * registry's, so they are left out.
 */
import { z } from 'zod';

const LockEntrySchema = z.object({
  name: z.string().optional(),
  version: z.string().optional(),
  link: z.boolean().optional(),
  dev: z.boolean().optional(),
  devOptional: z.boolean().optional(),
});
export const LockfileSchema = z.object({ lockfileVersion: z.number().int().min(2), packages: z.record(z.string(), LockEntrySchema) });

export type InstalledPackage = { readonly name: string; readonly version: string; readonly dev: boolean };

/** The package's name from its install path: the segment after the last `node_modules/`. */
function nameAt(path: string): string | undefined {
  const at = path.lastIndexOf('node_modules/');
  return at === -1 ? undefined : path.slice(at + 'node_modules/'.length);
}

/** Installed packages, one per name@version; prod when any copy of it is needed in production. */
export function lockfilePackages(lockfile: unknown): InstalledPackage[] {
  const { packages } = LockfileSchema.parse(lockfile);
  const byKey = new Map<string, InstalledPackage>();
  for (const [path, entry] of Object.entries(packages)) {
    const name = nameAt(path);
    if (name === undefined || entry.link === true || entry.version === undefined) continue;
    const dev = entry.dev === true || entry.devOptional === true;
    const key = `${name}@${entry.version}`;
    const seen = byKey.get(key);
    byKey.set(key, { name, version: entry.version, dev: (seen?.dev ?? true) && dev });
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}
