/** The audit's printed report: what was checked, against what, and every finding with its status. */
import type { AdvisoryDatabase, Severity } from './advisoryDatabase.js';
import { failsAudit, type Finding } from './auditFindings.js';
import type { InstalledPackage } from './lockfilePackages.js';
import type { RegistryAnswer } from './registryAudit.js';

export type ReportInput = {
  readonly packages: readonly InstalledPackage[];
  readonly database: AdvisoryDatabase;
  readonly registry: RegistryAnswer;
  readonly findings: readonly Finding[];
  readonly threshold: Severity;
  readonly now: Date;
};

export function auditReport({ packages, database, registry, findings, threshold, now }: ReportInput): string {
  const prod = packages.filter((p) => !p.dev).length;
  const lines = [
    `dependency audit, ${now.toISOString().slice(0, 10)}: ${packages.length} packages from package-lock.json (${prod} prod, ${packages.length - prod} dev-only), threshold ${threshold}`,
    registry.reachable
      ? `registry audit reachable: merged with the local advisory database (${database.advisories.length} advisories, updated ${database.updated})`
      : `registry audit not reachable (${registry.why}): checked against the local advisory database (${database.advisories.length} advisories, updated ${database.updated})`,
  ];
  if (findings.length === 0) lines.push('no installed version is affected by a known advisory');
  for (const f of findings) {
    const waiver = f.waiver ? ` — waiver until ${f.waiver.expires}: ${f.waiver.reason}` : '';
    lines.push(
      `  [${f.status}] ${f.advisory.id} ${f.advisory.severity} ${f.advisory.package}@${f.version}${f.dev ? ' (dev)' : ''}: ${f.advisory.summary} fixed in ${f.advisory.fixed ?? 'no release yet'} (${f.source}) ${f.advisory.url}${waiver}`,
    );
  }
  const failing = findings.filter(failsAudit).length;
  lines.push(failing === 0 ? 'audit passed' : `audit FAILED: ${failing} finding(s) at or above ${threshold} without a valid waiver`);
  return lines.join('\n');
}
