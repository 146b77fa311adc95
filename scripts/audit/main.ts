// npm run audit [-- --offline] [--threshold=low|moderate|high|critical] [--lockfile=<path>]
//   [--advisories=<path>] [--waivers=<path>] [--now=YYYY-MM-DD]
// Checks package-lock.json against security/advisories.json (and the registry's audit when it
// answers); exit 1 on any unwaived finding at or above the threshold (default moderate).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SeveritySchema } from './advisoryDatabase.js';
import { npmRegistryAudit } from './registryAudit.js';
import { runAudit } from './runAudit.js';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const readJson = (path: string): unknown => JSON.parse(readFileSync(resolve(path), 'utf8'));
const lockfilePath = option('lockfile') ?? 'package-lock.json';

const result = await runAudit({
  lockfile: readJson(lockfilePath),
  database: readJson(option('advisories') ?? 'security/advisories.json'),
  waivers: readJson(option('waivers') ?? 'security/audit-waivers.json'),
  threshold: SeveritySchema.parse(option('threshold') ?? 'moderate'),
  now: option('now') === undefined ? new Date() : new Date(`${option('now')}T12:00:00Z`),
  registry: args.includes('--offline') ? async () => ({ reachable: false, why: '--offline' }) : () => npmRegistryAudit(resolve(lockfilePath, '..')),
});
console.log(result.report);
process.exit(result.exitCode);
