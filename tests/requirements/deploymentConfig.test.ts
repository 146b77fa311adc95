import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema } from '../../packages/cli/src/config.js';

/**
 * The deployment files are read, never run (no Docker engine on the build machines): these tests hold
 * docker-compose.yml, infra/Dockerfile, .dockerignore, the README's configuration tables and the cluster
 * workflow to what the code actually reads and runs, so a renamed variable, a new command or a new
 * workspace package cannot silently leave them behind.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

const ENV_KEYS = new Set(Object.keys(EnvSchema.shape));
/** Variables the CLI reads outside EnvSchema: the OIDC_<ID>_* providers (config.ts oidcVariablesOf), and the VAPID pair. */
const isReadByCli = (name: string): boolean => ENV_KEYS.has(name) || /^OIDC_[A-Z0-9]+_[A-Z_]+$/.test(name) || /^VAPID_[A-Z_]+$/.test(name);

// ---------------------------------------------------------------- the CLI's usage text

/** USAGE of packages/cli/src/main.ts, read as text: importing main.ts would run main(). */
function usageText(): string {
  const match = /export const USAGE = `([\s\S]*?)`;/.exec(read('packages/cli/src/main.ts'));
  if (!match?.[1]) throw new Error('packages/cli/src/main.ts no longer has `export const USAGE = `…`;`');
  return match[1];
}

/** Each command of USAGE with its line: the lines indented by exactly two spaces. */
function usageCommands(): Map<string, string> {
  const commands = new Map<string, string>();
  for (const line of usageText().split('\n')) {
    const match = /^ {2}([a-z][a-z-]*)\b(.*)$/.exec(line);
    if (match?.[1]) commands.set(match[1], match[2] ?? '');
  }
  return commands;
}

// ---------------------------------------------------------------- docker-compose.yml

type Service = {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  profiles?: string[];
  deploy?: { replicas?: number };
  ports?: (string | { published?: string | number })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: (string | { source?: string; target?: string })[];
  restart?: string;
};
type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };

const COMPOSE_TEXT = read('docker-compose.yml');
// Compose resolves YAML merge keys (<<: *anchor); so must the parser.
const COMPOSE = parse(COMPOSE_TEXT, { merge: true }) as ComposeFile;

const isRole = (service: Service): boolean => typeof service.build === 'object' && service.build.dockerfile === 'infra/Dockerfile';
const servicesOf = (profile: string): [string, Service][] => Object.entries(COMPOSE.services).filter(([, service]) => service.profiles?.includes(profile));
const rolesOf = (profile: string): [string, Service][] => servicesOf(profile).filter(([, service]) => isRole(service));
const commandOf = (service: Service): string[] =>
  typeof service.command === 'string' ? service.command.split(/\s+/).filter(Boolean) : (service.command ?? []);
const replicasOf = (service: Service): number => service.deploy?.replicas ?? 1;
const healthTestOf = (service: Service): string => [service.healthcheck?.test ?? []].flat().join(' ');

/** The one service of `entries` that passes `test`; throws (failing the test) when there is none. */
function serviceWhere(entries: [string, Service][], test: (service: Service) => boolean, what: string): Service {
  const found = entries.find(([, service]) => test(service));
  if (found === undefined) throw new Error(`docker-compose.yml has no ${what}`);
  return found[1];
}

/** The environment as written, list form (`KEY=value`) or map form. */
function envOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((entry) => [entry.split('=')[0] ?? entry, entry.slice(entry.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

/** Values for the variables compose requires (${VAR:?…}): valid for the CLI, as an operator's would be. */
const SAMPLE_SECRETS: Record<string, string> = {
  HYPERHOOK_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
  VAPID_PUBLIC_KEY: 'BPublicKeyOfTheOperator',
  VAPID_PRIVATE_KEY: 'privateKeyOfTheOperator',
  POSTGRES_PASSWORD: 'letters0and0digits',
};

/** Compose's interpolation: ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR}, and $$ for a literal $. */
function interpolate(value: string): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?([-?])([^}]*))?\}/g,
    (whole, name: string | undefined, op: string | undefined, rest: string | undefined) => {
      if (whole === '$$') return '$';
      const key = name ?? '';
      if (SAMPLE_SECRETS[key] !== undefined) return SAMPLE_SECRETS[key];
      if (op === '-') return rest ?? '';
      throw new Error(`docker-compose.yml requires ${key}, which this test has no sample value for`);
    },
  );
}

/** The host port a `ports` entry publishes, if fixed ("127.0.0.1:8080:8080", "8080:8080"). */
function hostPortOf(entry: string | { published?: string | number }): string | undefined {
  if (typeof entry === 'object') return entry.published === undefined ? undefined : String(entry.published);
  const parts = entry.split(':');
  return parts.length >= 2 ? parts[parts.length - 2] : undefined;
}

/** Named volumes mounted by a service, as [volume, target]. */
function namedVolumesOf(service: Service): [string, string][] {
  return (service.volumes ?? []).flatMap((entry): [string, string][] => {
    if (typeof entry === 'object') return entry.source && entry.target ? [[entry.source, entry.target]] : [];
    const [source, target] = entry.split(':');
    return source && target && !source.startsWith('.') && !source.startsWith('/') ? [[source, target]] : [];
  });
}

// ---------------------------------------------------------------- infra/Dockerfile

type Instruction = { readonly keyword: string; readonly args: string };

/** The instructions of a Dockerfile: comments dropped, backslash continuations joined. */
function dockerfileInstructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

const DOCKERFILE = dockerfileInstructions(read('infra/Dockerfile'));
const DOCKERFILE_TEXT = read('infra/Dockerfile');

/** The workspace packages: every packages/<name> with a package.json. */
const WORKSPACES = readdirSync(join(ROOT, 'packages')).filter((name) => existsSync(join(ROOT, 'packages', name, 'package.json')));

// ---------------------------------------------------------------- README

/** The backticked variable names of the tables in the README section that starts with `heading`. */
function tableVariables(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README.md has no "${heading}" section`);
  const next = readme.indexOf('\n## ', start + heading.length + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  const names: string[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_<>*]*)`/g)) if (match[1]) names.push(match[1]);
  }
  return names;
}

// ---------------------------------------------------------------- .github/workflows/cluster.yml

type Step = { name?: string; run?: string; uses?: string };
type Job = { name?: string; services?: Record<string, { image?: string }>; env?: Record<string, string>; steps?: Step[] };
const WORKFLOW = parse(read('.github/workflows/cluster.yml')) as { on?: unknown; jobs: Record<string, Job> };

/** vitest options that take a value (the value is not a test path). */
const VITEST_VALUE_OPTIONS = new Set(['--project', '--config', '-c', '--root', '-r', '--dir', '--reporter', '--outputFile']);

/** The test paths of every `vitest run …` line of a job's steps. */
function vitestPathsOf(job: Job): string[] {
  const paths: string[] = [];
  for (const step of job.steps ?? []) {
    for (const line of (step.run ?? '').split('\n')) {
      const match = /\bvitest\s+run\b(.*)$/.exec(line);
      if (!match) continue;
      const tokens = (match[1] ?? '').trim().split(/\s+/).filter(Boolean);
      for (let i = 0; i < tokens.length; i += 1) {
        const token = tokens[i] ?? '';
        if (VITEST_VALUE_OPTIONS.has(token)) i += 1;
        else if (!token.startsWith('-')) paths.push(token);
      }
    }
  }
  return paths;
}

describe('deployment configuration: docker-compose.yml, infra/Dockerfile, README and the cluster workflow', () => {
  describe('docker-compose.yml', () => {
    it('given the compose file, when a role service sets an environment variable, then the CLI reads it (a key of EnvSchema, or an OIDC_/VAPID_ variable)', () => {
      const roles = Object.entries(COMPOSE.services).filter(([, service]) => isRole(service));
      expect(roles.length).toBeGreaterThan(0);
      const unknown = roles.flatMap(([name, service]) =>
        Object.keys(envOf(service))
          .filter((key) => !isReadByCli(key))
          .map((key) => `${name}: ${key}`),
      );
      expect(unknown).toEqual([]);
    });

    it('given the compose file, when its variables are interpolated with valid secrets, then every role environment passes the CLI configuration schema', () => {
      const invalid = Object.entries(COMPOSE.services)
        .filter(([, service]) => isRole(service))
        .flatMap(([name, service]) => {
          const env = Object.fromEntries(Object.entries(envOf(service)).map(([key, value]) => [key, interpolate(value)]));
          const parsed = EnvSchema.safeParse(env);
          return parsed.success ? [] : parsed.error.issues.map((issue) => `${name}: ${issue.path.join('.')}: ${issue.message}`);
        });
      expect(invalid).toEqual([]);
    });

    it('given the compose file, when a role runs a command, then it is a command of the CLI usage text, with only options that command takes', () => {
      const commands = usageCommands();
      expect([...commands.keys()]).toEqual(expect.arrayContaining(['start', 'api', 'projector', 'executor', 'migrate']));
      const wrong = Object.entries(COMPOSE.services)
        .filter(([, service]) => isRole(service))
        .flatMap(([name, service]) => {
          const [command, ...args] = commandOf(service);
          if (command === undefined) return [`${name}: no command`];
          const usage = commands.get(command);
          if (usage === undefined) return [`${name}: "${command}" is not a command of USAGE`];
          return args.filter((arg) => arg.startsWith('--') && !usage.includes(arg.split('=')[0] ?? arg)).map((arg) => `${name}: ${command} takes no ${arg}`);
        });
      expect(wrong).toEqual([]);
    });

    it('given the postgres profile, then it runs two apis on distinct host ports, one projector, two executors sharing the users by lease, PostgreSQL 15+ with pg_isready and NATS with JetStream', () => {
      const roles = rolesOf('postgres');
      const byCommand = (command: string) => roles.filter(([, service]) => commandOf(service)[0] === command);

      const apis = byCommand('api');
      expect(apis.reduce((sum, [, service]) => sum + replicasOf(service), 0)).toBeGreaterThanOrEqual(2);
      const hostPorts = apis.flatMap(([, service]) => (service.ports ?? []).map(hostPortOf).filter((port): port is string => port !== undefined));
      expect(new Set(hostPorts).size).toBe(hostPorts.length);
      // A replicated service cannot publish one fixed host port: the second replica would collide.
      expect(
        roles.filter(([, service]) => replicasOf(service) > 1 && (service.ports ?? []).some((port) => hostPortOf(port) !== undefined)).map(([name]) => name),
      ).toEqual([]);

      expect(byCommand('projector').reduce((sum, [, service]) => sum + replicasOf(service), 0)).toBe(1);

      const executors = byCommand('executor');
      expect(executors).toHaveLength(1);
      const executor = serviceWhere(executors, () => true, 'executor role');
      expect(executor.deploy?.replicas).toBe(2);
      expect(commandOf(executor)).not.toContain('--partition');

      const services = servicesOf('postgres');
      const pg = serviceWhere(services, (service) => /^postgres:\d+/.test(service.image ?? ''), 'postgres:<major> service in the postgres profile');
      expect(Number(/^postgres:(\d+)/.exec(pg.image ?? '')?.[1])).toBeGreaterThanOrEqual(15);
      expect(healthTestOf(pg)).toContain('pg_isready');
      expect(namedVolumesOf(pg).map(([, target]) => target)).toContain('/var/lib/postgresql/data');

      const natsService = serviceWhere(services, (service) => /^nats:2\.\d+/.test(service.image ?? ''), 'nats:2.<minor> service in the postgres profile');
      expect(Number(/^nats:2\.(\d+)/.exec(natsService.image ?? '')?.[1])).toBeGreaterThanOrEqual(9);
      const natsArgs = commandOf(natsService);
      expect(natsArgs).toContain('-js');
      const storeDir = natsArgs[natsArgs.indexOf('-sd') + 1];
      expect(natsArgs.includes('-sd') ? namedVolumesOf(natsService).map(([, target]) => target) : []).toContain(storeDir);
      expect(healthTestOf(natsService)).not.toBe('');
    });

    it('given the postgres profile, then every role has the same store, NATS, master key, VAPID pair and partition count, the secrets are required, and each waits for a healthy PostgreSQL and NATS', () => {
      const roles = rolesOf('postgres');
      expect(roles.length).toBeGreaterThanOrEqual(4);
      const shared = [
        'DATABASE_URL',
        'HYPERHOOK_DATABASE_SCHEMA',
        'NATS_URL',
        'HYPERHOOK_MASTER_KEY',
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
        'HYPERHOOK_EXECUTOR_PARTITIONS',
      ];
      const reference = envOf(serviceWhere(roles, () => true, 'role in the postgres profile'));
      for (const key of shared) {
        expect(reference[key], `${key} on the roles`).toBeDefined();
        expect(
          roles.filter(([, service]) => envOf(service)[key] !== reference[key]).map(([name]) => name),
          `roles with another ${key}`,
        ).toEqual([]);
      }
      expect(reference.DATABASE_URL).toMatch(/^postgres(ql)?:\/\//);
      expect(reference.NATS_URL).toMatch(/^nats:\/\//);
      for (const secret of ['HYPERHOOK_MASTER_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'])
        expect(reference[secret]).toMatch(new RegExp(`^\\$\\{${secret}:\\?.+\\}$`));

      const postgresName = servicesOf('postgres').find(([, service]) => /^postgres:/.test(service.image ?? ''))?.[0] ?? 'postgres';
      const natsName = servicesOf('postgres').find(([, service]) => /^nats:/.test(service.image ?? ''))?.[0] ?? 'nats';
      const notWaiting = roles.filter(([, service]) => {
        const deps = service.depends_on;
        if (deps === undefined || Array.isArray(deps)) return true;
        return deps[postgresName]?.condition !== 'service_healthy' || deps[natsName]?.condition !== 'service_healthy';
      });
      expect(notWaiting.map(([name]) => name)).toEqual([]);
    });

    it('given the roles, then the apis are checked on /readyz and the projector and executors, which have no HTTP port, have the image health check disabled', () => {
      const roles = Object.entries(COMPOSE.services).filter(([, service]) => isRole(service));
      const wrong = roles.flatMap(([name, service]) => {
        const command = commandOf(service)[0];
        if (command === 'api') return healthTestOf(service).includes('/readyz') ? [] : [`${name}: no /readyz health check`];
        return service.healthcheck?.disable === true ? [] : [`${name}: ${command} keeps the image's HTTP health check`];
      });
      expect(wrong).toEqual([]);
    });

    it('given the kurrent profile, then the same roles as the postgres profile run on KurrentDB + MongoDB (a replica set) with NATS, each waiting for them, with the same secrets', () => {
      const roles = rolesOf('kurrent');
      const commands = (profile: string) =>
        rolesOf(profile)
          .flatMap(([, service]) => Array.from({ length: replicasOf(service) }, () => commandOf(service).join(' ')))
          .sort();
      expect(commands('kurrent')).toEqual(commands('postgres'));
      const hostPorts = roles.flatMap(([, service]) => (service.ports ?? []).map(hostPortOf).filter((port): port is string => port !== undefined));
      expect(new Set(hostPorts).size).toBe(hostPorts.length);

      const reference = envOf(serviceWhere(roles, () => true, 'role in the kurrent profile'));
      for (const key of [
        'KURRENTDB_URL',
        'MONGODB_URL',
        'NATS_URL',
        'HYPERHOOK_MASTER_KEY',
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
        'HYPERHOOK_EXECUTOR_PARTITIONS',
      ]) {
        expect(reference[key], `${key} on the roles`).toBeDefined();
        expect(
          roles.filter(([, service]) => envOf(service)[key] !== reference[key]).map(([name]) => name),
          `roles with another ${key}`,
        ).toEqual([]);
      }
      expect(reference.KURRENTDB_URL).toMatch(/^kurrentdb:\/\//);
      expect(reference.MONGODB_URL).toMatch(/^mongodb:\/\/.*replicaSet=/);
      expect(roles.filter(([, service]) => envOf(service).DATABASE_URL !== undefined).map(([name]) => name)).toEqual([]);

      const services = servicesOf('kurrent');
      const mongo = services.find(([, service]) => /^mongo:/.test(service.image ?? '') && commandOf(service).includes('--replSet'));
      expect(mongo, 'mongod started with --replSet').toBeDefined();
      const init = services.find(([, service]) => commandOf(service).some((arg) => arg.includes('rs.initiate')));
      expect(init, 'a one-shot rs.initiate').toBeDefined();
      const kurrentName = services.find(([, service]) => /kurrentdb/.test(service.image ?? ''))?.[0] ?? 'kurrentdb';
      const notWaiting = roles.filter(([, service]) => {
        const deps = service.depends_on;
        if (deps === undefined || Array.isArray(deps)) return true;
        return (
          deps[kurrentName]?.condition !== 'service_healthy' ||
          deps[init?.[0] ?? 'mongo-init']?.condition !== 'service_completed_successfully' ||
          deps.nats?.condition !== 'service_healthy'
        );
      });
      expect(notWaiting.map(([name]) => name)).toEqual([]);
    });

    it('given the kurrent profile, then every role environment with sample secrets opens the KurrentDB + MongoDB store by the rules of openStore', () => {
      const source = read('packages/cli/src/openStore.ts');
      expect(source).toContain('openKurrentMongoStore(');
      expect(source).not.toMatch(/does not run on KurrentDB and MongoDB/);
      expect(COMPOSE_TEXT).not.toMatch(/NOT RUNNABLE/);
      for (const [name, service] of rolesOf('kurrent')) {
        const env = Object.fromEntries(Object.entries(envOf(service)).map(([key, value]) => [key, interpolate(value)]));
        const parsed = EnvSchema.safeParse(env);
        expect(parsed.success, `${name}: ${parsed.error?.message ?? ''}`).toBe(true);
        expect([env.KURRENTDB_URL !== undefined, env.MONGODB_URL !== undefined, env.DATABASE_URL !== undefined], name).toEqual([true, true, false]);
      }
    });

    it('given every stateful service, then its data lives in a named volume declared by the file', () => {
      const stateful = Object.entries(COMPOSE.services).filter(
        ([, service]) => /^(postgres|nats|mongo|docker\.kurrent\.io\/.*kurrentdb)[:@]/.test(service.image ?? '') && commandOf(service)[0] !== 'mongosh',
      );
      expect(stateful.length).toBeGreaterThanOrEqual(4);
      const declared = Object.keys(COMPOSE.volumes ?? {});
      const missing = stateful
        .filter(([, service]) => namedVolumesOf(service).filter(([volume]) => declared.includes(volume)).length === 0)
        .map(([name]) => name);
      expect(missing).toEqual([]);
    });
  });

  describe('infra/Dockerfile and .dockerignore', () => {
    it('given the Dockerfile, then every stage is built on node:24, the runtime stage runs as a non-root user, and it starts the built CLI entry with `start` by default', () => {
      const stages = new Set<string>();
      const bases: string[] = [];
      for (const { keyword, args } of DOCKERFILE) {
        if (keyword !== 'FROM') continue;
        const [image = '', as, name] = args.replace(/--platform=\S+\s*/, '').split(/\s+/);
        if (!stages.has(image)) bases.push(image);
        if (as?.toUpperCase() === 'AS' && name) stages.add(name);
      }
      expect(bases.length).toBeGreaterThan(0);
      expect(bases.filter((image) => !/^node:24([.-]|$)/.test(image))).toEqual([]);

      const lastFrom = DOCKERFILE.map((instruction) => instruction.keyword).lastIndexOf('FROM');
      const runtime = DOCKERFILE.slice(lastFrom);
      const users = runtime.filter((instruction) => instruction.keyword === 'USER').map((instruction) => instruction.args.split(':')[0]);
      expect(users.length).toBeGreaterThan(0);
      expect(['root', '0']).not.toContain(users.at(-1));

      const json = (keyword: string): unknown => JSON.parse(runtime.findLast((instruction) => instruction.keyword === keyword)?.args ?? 'null');
      const bin = (JSON.parse(read('packages/cli/package.json')) as { bin: Record<string, string> }).bin.hyperhook;
      expect(json('ENTRYPOINT')).toEqual(['node', `packages/cli/${bin}`]);
      expect(json('ENTRYPOINT')).toEqual(['node', 'packages/cli/dist/main.js']);
      expect(json('CMD')).toEqual(['start']);
      expect(usageCommands().has('start')).toBe(true);
    });

    it('given the Dockerfile, then it installs from the lockfile with every workspace manifest, keeps only production dependencies at run time, and copies every package dist the exports point at', () => {
      const runs = DOCKERFILE.filter((instruction) => instruction.keyword === 'RUN').map((instruction) => instruction.args);
      expect(runs.some((run) => /\bnpm ci\b/.test(run) && !run.includes('--omit=dev'))).toBe(true);
      expect(runs.some((run) => /\bnpm (ci|prune)\b.*--omit=dev/.test(run))).toBe(true);
      expect(runs.some((run) => /\bnpm run build\b/.test(run))).toBe(true);

      expect(WORKSPACES.length).toBeGreaterThan(0);
      const missingManifests = WORKSPACES.filter((name) => !new RegExp(`^COPY packages/${name}/package\\.json `, 'm').test(DOCKERFILE_TEXT));
      expect(missingManifests).toEqual([]);

      const lastFrom = DOCKERFILE.map((instruction) => instruction.keyword).lastIndexOf('FROM');
      const runtimeCopies = DOCKERFILE.slice(lastFrom)
        .filter((instruction) => instruction.keyword === 'COPY')
        .map((instruction) => instruction.args);
      const missingDist = WORKSPACES.filter((name) => !runtimeCopies.some((copy) => new RegExp(`/packages/${name}/dist\\s+packages/${name}/dist$`).test(copy)));
      expect(missingDist).toEqual([]);

      // Copying dist/ is enough only while every runtime export of a package points into it.
      const outside = WORKSPACES.flatMap((name) => {
        const manifest = JSON.parse(read(`packages/${name}/package.json`)) as { exports?: Record<string, { default?: string }> };
        return Object.entries(manifest.exports ?? {})
          .filter(([, target]) => target.default !== undefined && !target.default.startsWith('./dist/'))
          .map(([path, target]) => `${name} ${path} → ${target.default}`);
      });
      expect(outside).toEqual([]);
    });

    it('given .dockerignore, then host node_modules, build output, build info, local data, secrets and .git stay out of the build context', () => {
      const patterns = read('.dockerignore')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
      expect(patterns).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '**/*.tsbuildinfo', 'data', '**/master.key', '**/.env', '.git']));
    });
  });

  describe('README.md', () => {
    const readme = read('README.md');

    it('given the configuration and cluster tables, then every variable they name is one the CLI reads, and every variable of EnvSchema is documented', () => {
      const named = [...tableVariables(readme, '## Configuration'), ...tableVariables(readme, '## Cluster')];
      expect(named).toEqual(
        expect.arrayContaining(['DATABASE_URL', 'HYPERHOOK_DATABASE_SCHEMA', 'HYPERHOOK_EXECUTOR_PARTITIONS', 'KURRENTDB_URL', 'MONGODB_URL', 'NATS_URL']),
      );
      const unknown = named.filter((name) => !name.startsWith('OIDC_') && !ENV_KEYS.has(name));
      expect(unknown).toEqual([]);
      expect([...ENV_KEYS].filter((key) => !named.includes(key))).toEqual([]);
    });

    it('given the configuration table, then the KURRENTDB_URL / MONGODB_URL row says they go together and how each backend is started', () => {
      const row = readme.split('\n').find((line) => line.startsWith('|') && line.includes('`KURRENTDB_URL`'));
      expect(row).toMatch(/both/i);
      expect(row).not.toMatch(/refused/i);
      expect(readme).toContain('docker compose --profile postgres up');
      expect(readme).toContain('docker compose --profile kurrent up');
      expect(readme).toContain('infra/README.md');
    });
  });

  describe('.github/workflows/cluster.yml', () => {
    it('given the PostgreSQL job, then it runs test paths that exist, against a postgres:16 service, with a nats-server binary installed for the suites', () => {
      const job = Object.values(WORKFLOW.jobs).find((candidate) => candidate.services?.postgres !== undefined);
      expect(job, 'a job with a postgres service').toBeDefined();
      const pgJob = job ?? {};
      expect(pgJob.services?.postgres?.image).toBe('postgres:16');
      const paths = vitestPathsOf(pgJob);
      expect(paths).toEqual(
        expect.arrayContaining([
          'packages/store/src/postgres',
          'packages/store/src/nats',
          'tests/system/cluster.test.ts',
          'packages/cli/src/openStore.test.ts',
        ]),
      );
      expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
      // The suites look for $NATS_SERVER_BIN first: a step must put the binary there.
      expect(pgJob.env?.NATS_SERVER_BIN).toBeDefined();
      expect((pgJob.steps ?? []).some((step) => (step.run ?? '').includes('nats-server') && (step.run ?? '').includes('NATS_SERVER_BIN'))).toBe(true);
    });

    it('given the KurrentDB/MongoDB job, then it sets both URLs and runs the adapter suites, the store of both, the store switch, the cluster system test and migrate, with the PostgreSQL and nats-server those files also need', () => {
      const job = Object.values(WORKFLOW.jobs).find((candidate) => candidate.env?.KURRENTDB_URL !== undefined);
      expect(job, 'a job with KURRENTDB_URL').toBeDefined();
      const kurrentJob = job ?? {};
      expect(kurrentJob.env?.MONGODB_URL).toMatch(/replicaSet=/);
      const paths = vitestPathsOf(kurrentJob);
      expect(paths).toEqual(
        expect.arrayContaining([
          'packages/store/src/kurrentdb',
          'packages/store/src/mongodb',
          'packages/store/src/kurrentmongo',
          'packages/cli/src/openStore.test.ts',
          'tests/system/cluster.test.ts',
          'tests/smoke/cliMigrateKurrent.test.ts',
        ]),
      );
      expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
      expect(kurrentJob.services?.postgres?.image).toBe('postgres:16');
      expect(kurrentJob.env?.HYPERHOOK_TEST_DATABASE_URL).toMatch(/^postgres:\/\//);
      expect((kurrentJob.steps ?? []).some((step) => (step.run ?? '').includes('nats-server') && (step.run ?? '').includes('NATS_SERVER_BIN'))).toBe(true);
    });
  });
});
