#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { say } from './say.js';

// Each command loads only its own modules (the imports below are dynamic): `sim`, `verify` or
// `backup` never pay for the api, the executor and every store driver a role needs, and the
// product's own processes and threads start sooner.

/** The usage text of `hyperhook`. */
export const USAGE = `usage: hyperhook <command> [options]

  start                        api + projector + executor in one process (the embedded
                               SQLite store, PostgreSQL with DATABASE_URL, or KurrentDB +
                               MongoDB with KURRENTDB_URL and MONGODB_URL)
  api                          the HTTP gateway only
  projector                    the read-model projector only
  executor [--partition i/n]   the order executor only (users with hash % n == i)
  sim --port N [--seed-file f.json] [--host h] [--ip-weight-per-minute N|off]
                               the strict Hyperliquid simulator (HTTP and /ws);
                               per-IP weight budget default 1200/min, like the venue
  replay [--until <ISO>] [--user <uid>]
                               rebuild the read models, or print them as of a time
  export --user <uid>          a user's event history as NDJSON, secrets redacted
  verify                       check the log's hash chain: prints the head, or names the first
                               position changed, removed or reordered (exit 1)
  migrate --to <url>           copy the embedded store's log into PostgreSQL (postgres://…), or
                               into KurrentDB (kurrentdb://…, with MONGODB_URL), and rebuild the
                               read models there
  backup --to <file>           a consistent copy of the embedded store, taken while it runs,
                               checked (integrity and hash chain) before it is named <file>;
                               never over an existing file. PostgreSQL: pg_dump (README)
  restore --from <file>        a backup into HYPERHOOK_DATA_DIR, which must hold no store (stop
                               hyperhook first); checked before it is put in place. The master
                               key is NOT in a backup: restore with the same HYPERHOOK_MASTER_KEY
                               or the old data dir's master.key, or saved API keys cannot be opened

Environment: PORT, HYPERHOOK_DATA_DIR, HYPERHOOK_MASTER_KEY, HYPERLIQUID_API_URL,
HYPERLIQUID_TESTNET_API_URL, DATABASE_URL, HYPERHOOK_DATABASE_SCHEMA, KURRENTDB_URL, MONGODB_URL,
HYPERHOOK_KURRENTDB_NAMESPACE, NATS_URL, PUBLIC_URL (see ARCHITECTURE.md §6).`;

/** Runs one `hyperhook` command line (without the node and script arguments). */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      partition: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'seed-file': { type: 'string' },
      'ip-weight-per-minute': { type: 'string' },
      until: { type: 'string' },
      user: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  if (values.help === true || command === undefined || command === 'help') {
    console.log(USAGE);
    return;
  }
  switch (command) {
    case 'start':
      return (await import('./roles.js')).runRoles(loadConfig(env), { api: true, projector: true, executor: true });
    case 'api':
      return (await import('./roles.js')).runRoles(loadConfig(env), { api: true, projector: false, executor: false });
    case 'projector':
      return (await import('./roles.js')).runRoles(loadConfig(env), { api: false, projector: true, executor: false });
    case 'executor': {
      const { parsePartition } = await import('@hyperhook/executor');
      const { runRoles } = await import('./roles.js');
      return runRoles(loadConfig(env), {
        api: false,
        projector: false,
        executor: true,
        ...(values.partition !== undefined ? { partition: parsePartition(values.partition) } : {}),
      });
    }
    case 'sim': {
      const port = Number(values.port ?? '0');
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number; got "${values.port ?? ''}"`);
      const ipWeight = values['ip-weight-per-minute'];
      const [{ parseIpWeightPerMinute }, { runSim }] = await Promise.all([import('@hyperhook/venue-sim'), import('./runSim.js')]);
      return runSim({
        port,
        ...(values['seed-file'] !== undefined ? { seedFile: values['seed-file'] } : {}),
        ...(values.host !== undefined ? { host: values.host } : {}),
        ...(ipWeight !== undefined ? { ipWeightPerMinute: parseIpWeightPerMinute(ipWeight) } : {}),
      });
    }
    case 'replay':
      return (await import('./runReplay.js')).runReplay(loadConfig(env), {
        ...(values.until !== undefined ? { until: values.until } : {}),
        ...(values.user !== undefined ? { userId: values.user } : {}),
      });
    case 'export':
      if (values.user === undefined) throw new Error('export needs --user <uid>');
      return (await import('./runExport.js')).runExport(loadConfig(env), values.user);
    case 'migrate':
      return (await import('./runMigrate.js')).runMigrate(loadConfig(env), values.to);
    case 'backup':
      return (await import('./runBackup.js')).runBackup(loadConfig(env), values.to);
    case 'restore':
      return (await import('./runRestore.js')).runRestore(loadConfig(env), values.from);
    case 'verify':
      return (await import('./runVerify.js')).runVerify(loadConfig(env));
    default:
      throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  say(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
