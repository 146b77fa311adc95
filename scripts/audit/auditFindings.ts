/**
 * Matches installed packages against advisories and waivers. A waiver counts until the end of its
 * expiry day (UTC); after that the finding is open again, so nobody can waive an advisory for ever
 * by forgetting it.
 */
import semver from 'semver';
import { rankOf, type Advisory, type Severity, type Waiver } from './advisoryDatabase.js';
import type { InstalledPackage } from './lockfilePackages.js';

export type FindingStatus = 'open' | 'waived' | 'waiver expired' | 'below threshold';

export type Finding = {
  readonly advisory: Pick<Advisory, 'id' | 'package' | 'severity' | 'summary' | 'fixed' | 'url'>;
  readonly version: string;
  readonly dev: boolean;
  readonly status: FindingStatus;
  readonly waiver?: Waiver;
  /** Where the advisory came from: the local database or the registry's audit. */
  readonly source: 'local' | 'registry';
};

/** Whether `version` is in any of the advisory's ranges (prereleases included, as a lockfile may pin one). */
export function isAffected(version: string, ranges: readonly string[]): boolean {
  return ranges.some((range) => semver.satisfies(version, range, { includePrerelease: true }));
}

/** The waiver of an advisory for a package, if any. */
function waiverOf(waivers: readonly Waiver[], id: string, name: string): Waiver | undefined {
  return waivers.find((w) => w.id === id && (w.package === undefined || w.package === name));
}

/** Whether a waiver still holds at `now`: through the whole of its expiry day, UTC. */
export const waiverHolds = (waiver: Waiver, now: Date) => now.getTime() < Date.parse(`${waiver.expires}T00:00:00Z`) + 86_400_000;

/** The status of one matched advisory. */
export function statusOf(severity: Severity, waiver: Waiver | undefined, threshold: Severity, now: Date): FindingStatus {
  if (rankOf(severity) < rankOf(threshold)) return 'below threshold';
  if (waiver === undefined) return 'open';
  return waiverHolds(waiver, now) ? 'waived' : 'waiver expired';
}

/** Every (package, advisory) pair whose locked version is affected. */
export function localFindings(
  packages: readonly InstalledPackage[],
  advisories: readonly Advisory[],
  waivers: readonly Waiver[],
  threshold: Severity,
  now: Date,
): Finding[] {
  const findings: Finding[] = [];
  for (const pkg of packages) {
    for (const advisory of advisories) {
      if (advisory.package !== pkg.name || !isAffected(pkg.version, advisory.affected)) continue;
      const waiver = waiverOf(waivers, advisory.id, pkg.name);
      findings.push({
        advisory,
        version: pkg.version,
        dev: pkg.dev,
        status: statusOf(advisory.severity, waiver, threshold, now),
        ...(waiver ? { waiver } : {}),
        source: 'local',
      });
    }
  }
  return findings;
}

/** Whether a finding fails the audit. */
export const failsAudit = (finding: Finding) => finding.status === 'open' || finding.status === 'waiver expired';
