/**
 * The registry's bulk advisory endpoint, through `npm audit --json --package-lock-only`, when it is
 * reachable. From the build machines it is not (only package downloads are), so a failure here is
 * an answer — "not reachable" — never an error that fails the audit by itself.
 */
import { execFile } from 'node:child_process';
import { z } from 'zod';
import { SeveritySchema, type Advisory } from './advisoryDatabase.js';

export type RegistryAnswer = { readonly reachable: true; readonly advisories: Advisory[] } | { readonly reachable: false; readonly why: string };

const ViaSchema = z.object({ name: z.string(), title: z.string(), url: z.string().url(), severity: SeveritySchema, range: z.string() });
const NpmAuditSchema = z.object({
  vulnerabilities: z.record(z.string(), z.object({ via: z.array(z.union([z.string(), ViaSchema.passthrough()])) })),
});

/** The advisories of an `npm audit --json` answer, in the local database's shape (ids from the advisory URL). */
export function advisoriesOfNpmAudit(json: unknown): Advisory[] | undefined {
  const parsed = NpmAuditSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const byId = new Map<string, Advisory>();
  for (const entry of Object.values(parsed.data.vulnerabilities)) {
    for (const via of entry.via) {
      if (typeof via === 'string') continue; // a package that is only vulnerable through another one
      const id = via.url.split('/').at(-1) ?? via.url;
      byId.set(`${id}|${via.name}`, { id, package: via.name, affected: [via.range], severity: via.severity, summary: via.title, fixed: null, url: via.url });
    }
  }
  return [...byId.values()];
}

/** Why npm audit could not answer: its message (`405 Method Not Allowed - POST …/advisories/bulk`), else its error code or summary. */
export function npmAuditFailure(json: unknown): string {
  const parsed = z
    .object({ message: z.string().optional(), error: z.object({ code: z.string().optional(), summary: z.string().optional() }).optional() })
    .safeParse(json);
  if (!parsed.success) return 'npm audit answered an unknown shape';
  const { message, error } = parsed.data;
  return message || error?.code || error?.summary || 'npm audit answered an unknown shape';
}

/** Runs `npm audit` in `cwd`; unreachable when it cannot answer within `timeoutMs`. */
export function npmRegistryAudit(cwd: string, timeoutMs = 30_000): Promise<RegistryAnswer> {
  return new Promise((resolve) => {
    // npm audit exits 1 when it finds something: the JSON on stdout decides, not the exit code.
    execFile('npm', ['audit', '--json', '--package-lock-only'], { cwd, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        resolve({ reachable: false, why: error?.message.split('\n')[0] ?? 'npm audit printed no JSON' });
        return;
      }
      const advisories = advisoriesOfNpmAudit(json);
      if (advisories !== undefined) resolve({ reachable: true, advisories });
      else resolve({ reachable: false, why: npmAuditFailure(json) });
    });
  });
}
