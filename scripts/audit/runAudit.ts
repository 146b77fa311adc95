/**
 * `npm run audit`: the lockfile's packages against the local advisory database, merged with the
 * registry's audit when it answers. Exit 1 on any unwaived finding at or above the threshold, or
 * one whose waiver has expired; 0 otherwise.
 */
import { AdvisoryDatabaseSchema, WaiversSchema, type Severity } from './advisoryDatabase.js';
import { failsAudit, localFindings, type Finding } from './auditFindings.js';
import { auditReport } from './auditReport.js';
import { lockfilePackages } from './lockfilePackages.js';
import type { RegistryAnswer } from './registryAudit.js';

export type AuditInput = {
  readonly lockfile: unknown;
  readonly database: unknown;
  readonly waivers: unknown;
  readonly threshold: Severity;
  readonly now: Date;
  /** The registry's audit; tests and `--offline` give a fixed answer. */
  readonly registry: () => Promise<RegistryAnswer>;
};

export type AuditResult = { readonly exitCode: 0 | 1; readonly report: string; readonly findings: readonly Finding[] };

const keyOf = (f: Finding) => `${f.advisory.id}|${f.advisory.package}|${f.version}`;

export async function runAudit(input: AuditInput): Promise<AuditResult> {
  const packages = lockfilePackages(input.lockfile);
  const database = AdvisoryDatabaseSchema.parse(input.database);
  const { waivers } = WaiversSchema.parse(input.waivers);
  const local = localFindings(packages, database.advisories, waivers, input.threshold, input.now);
  const registry = await input.registry();
  const fromRegistry = registry.reachable
    ? localFindings(packages, registry.advisories, waivers, input.threshold, input.now).map((f) => ({ ...f, source: 'registry' as const }))
    : [];
  const seen = new Set(local.map(keyOf));
  const findings = [...local, ...fromRegistry.filter((f) => !seen.has(keyOf(f)))];
  const exitCode = findings.some(failsAudit) ? 1 : 0;
  return { exitCode, findings, report: auditReport({ packages, database, registry, findings, threshold: input.threshold, now: input.now }) };
}
