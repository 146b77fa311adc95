import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lockfilePackages } from './lockfilePackages.js';
import { advisoriesOfNpmAudit, npmAuditFailure, type RegistryAnswer } from './registryAudit.js';
import { runAudit, type AuditInput } from './runAudit.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(here, 'fixtures', name), 'utf8'));
const offline = async (): Promise<RegistryAnswer> => ({ reachable: false, why: 'getaddrinfo ENOTFOUND registry.npmjs.org' });
const NOW = new Date('2026-11-29T12:00:00Z');

/** The fixture lockfile with fastify at `version`. */
function lockWithFastify(version: string) {
  const lock = structuredClone(fixture('package-lock.json')) as { packages: Record<string, { version?: string }> };
  lock.packages['node_modules/fastify'] = { version };
  return lock;
}

function audit(overrides: Partial<AuditInput> = {}) {
  return runAudit({
    lockfile: fixture('package-lock.json'),
    database: fixture('advisories.json'),
    waivers: { waivers: [] },
    threshold: 'moderate',
    now: NOW,
    registry: offline,
    ...overrides,
  });
}

describe('npm run audit against the local advisory database', () => {
  it('issue 32, point 4: given a lockfile, when read, then every installed name@version is listed once, dev-only ones marked, workspace links left out', () => {
    // when
    const packages = lockfilePackages(fixture('package-lock.json'));
    // then
    expect(packages).toEqual([
      { name: 'esbuild', version: '0.24.2', dev: true },
      { name: 'fastify', version: '5.7.1', dev: false },
      { name: 'ws', version: '7.5.9', dev: true },
      { name: 'ws', version: '8.21.0', dev: false },
    ]);
  });

  it('issue 32, point 4: given a locked version in an advisory range at or above the threshold, when audited, then it is an open finding and the audit exits 1', async () => {
    // when
    const result = await audit();
    // then
    expect(result.exitCode).toBe(1);
    expect(result.findings.map((f) => [f.advisory.id, f.version, f.status])).toEqual([
      ['GHSA-fixture-low', '0.24.2', 'below threshold'],
      ['GHSA-fixture-high', '5.7.1', 'open'],
      ['GHSA-fixture-ws', '7.5.9', 'open'],
    ]);
    expect(result.report).toContain('audit FAILED: 2 finding(s) at or above moderate');
  });

  it('issue 32, point 4: given the fixed versions locked, when audited, then nothing above the threshold is found and the audit exits 0', async () => {
    // given
    const lock = lockWithFastify('5.7.2');
    delete (lock.packages as Record<string, unknown>)['node_modules/lighthouse/node_modules/ws'];
    // when
    const result = await audit({ lockfile: lock });
    // then
    expect(result.exitCode).toBe(0);
    expect(result.findings.every((f) => f.status === 'below threshold')).toBe(true);
    expect(result.report).toContain('audit passed');
  });

  it('issue 32, point 4: given waivers, when one holds and one expired yesterday, then the held one is waived and the expired one fails the audit', async () => {
    // given
    const waivers = {
      waivers: [
        { id: 'GHSA-fixture-high', package: 'fastify', reason: 'fixture: the affected content-type path is not used here', expires: '2026-11-29' },
        { id: 'GHSA-fixture-ws', reason: 'fixture: only the dev copy of ws under lighthouse is affected', expires: '2026-11-28' },
      ],
    };
    // when
    const result = await audit({ waivers });
    // then
    expect(result.findings.filter((f) => f.advisory.id !== 'GHSA-fixture-low').map((f) => [f.advisory.id, f.status])).toEqual([
      ['GHSA-fixture-high', 'waived'],
      ['GHSA-fixture-ws', 'waiver expired'],
    ]);
    expect(result.exitCode).toBe(1);
  });

  it('issue 32, point 4: given a higher threshold, when audited, then findings below it are reported but do not fail', async () => {
    // when
    const result = await audit({ threshold: 'critical' });
    // then
    expect(result.exitCode).toBe(0);
    expect(result.findings).toHaveLength(3);
    expect(result.findings.every((f) => f.status === 'below threshold')).toBe(true);
  });

  it('issue 32, point 4: given the registry unreachable, when audited, then the report says so and names the local database, its size and date', async () => {
    // when
    const result = await audit();
    // then
    expect(result.report).toContain(
      'registry audit not reachable (getaddrinfo ENOTFOUND registry.npmjs.org): checked against the local advisory database (3 advisories, updated 2026-11-01)',
    );
  });

  it('issue 32, point 4: given npm audit refused by the registry (405 on the bulk endpoint, as from the build machines), when read, then it is not an advisory list and its message says why', () => {
    // given
    const refused = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    };
    // when / then
    expect(advisoriesOfNpmAudit(refused)).toBeUndefined();
    expect(npmAuditFailure(refused)).toBe('405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk');
  });

  it('issue 32, point 4: given the registry reachable with an advisory the local database lacks, when audited, then it is merged as a registry finding, and one both know is listed once', async () => {
    // given: npm audit --json (auditReportVersion 2) as the registry answers it
    const npmAudit = {
      auditReportVersion: 2,
      vulnerabilities: {
        ws: {
          name: 'ws',
          severity: 'high',
          via: [
            {
              source: 1,
              name: 'ws',
              dependency: 'ws',
              title: 'fixture: ws again',
              url: 'https://github.com/advisories/GHSA-fixture-ws',
              severity: 'high',
              range: '>=7.0.0 <7.5.10',
            },
          ],
        },
        fastify: {
          name: 'fastify',
          severity: 'moderate',
          via: [
            {
              source: 2,
              name: 'fastify',
              dependency: 'fastify',
              title: 'fixture: registry only',
              url: 'https://github.com/advisories/GHSA-registry-only',
              severity: 'moderate',
              range: '<=5.8.2',
            },
          ],
        },
        lighthouse: { name: 'lighthouse', severity: 'high', via: ['ws'] },
      },
    };
    const advisories = advisoriesOfNpmAudit(npmAudit) ?? [];
    // when
    const result = await audit({ registry: async () => ({ reachable: true, advisories }) });
    // then
    expect(result.report).toContain('registry audit reachable: merged with the local advisory database');
    expect(result.findings.filter((f) => f.advisory.id === 'GHSA-fixture-ws')).toHaveLength(1);
    expect(result.findings.find((f) => f.advisory.id === 'GHSA-registry-only')).toMatchObject({ source: 'registry', version: '5.7.1', status: 'open' });
  });

  it('issue 32, point 4: given a malformed advisory (a range semver cannot read) or a waiver without a reason, when audited, then the audit stops with the reason instead of matching nothing', async () => {
    // given
    const badRange = {
      updated: '2026-11-01',
      advisories: [{ id: 'X', package: 'ws', affected: ['not a range'], severity: 'high', summary: 's', fixed: null, url: 'https://example.com/x' }],
    };
    const noReason = { waivers: [{ id: 'GHSA-fixture-ws', reason: 'ok', expires: '2027-01-01' }] };
    // when / then
    await expect(audit({ database: badRange })).rejects.toThrow(/semver range/);
    await expect(audit({ waivers: noReason })).rejects.toThrow(/say why/);
  });
});
