/**
 * Diagnostic: what opening a paper account costs at its nth fill (issue 44 §2), in one process on
 * the embedded store (a SQLite file on local disk, synchronous=FULL as the product runs it). It
 * isolates the open that each paper alert and each paper keeper round begin with; the alert as the
 * product serves it is bench/product's `paper` rows.
 *
 * For each depth a run of n fills (alternate $100 BTC buys and sells, each with its snapshot, as the
 * executor appends them) is written to a paper stream; then, `OPENS` times, one more fill is
 * appended and the account opened:
 * - **replay per open** (what every open did before 7f2ee90): a fresh ledger each time, so the
 *   whole stream is read, decoded and every fill booked and counted again;
 * - **ledger kept up** (now): the process's ledger, which reads only the events since its last read.
 *
 *   npm run bench -- paper [--depths=0,1000,10000] [--opens=50]
 *
 * Prints a markdown table and one JSON line `{"row": …}` per row; writes bench/results/paper.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { paperStreamId, type PaperAccountState } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import type { OrderToPlace, PerpAsset } from '@hyperhook/hyperliquid';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { createPaperAccountCache, openPaperAccount } from '@hyperhook/trading';
import { paperFillEvent, paperSnapshotEvent } from '../../packages/executor/src/paper/paperAccountEvents.js';
import { PaperVenue } from '../../packages/trading/src/paper/paperVenue.js';
import { REPO_ROOT } from '../../tests/system/harness.js';
import { percentile } from '../executor/percentile.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const DEPTHS = (arg('depths') ?? '0,1000,10000').split(',').map(Number);
const OPENS = Number(arg('opens') ?? 50);
const ASSETS: PerpAsset[] = [
  { coin: 'BTC', assetId: 0, szDecimals: 5, maxLeverage: 40, isolatedOnly: false, delisted: false },
  { coin: 'ETH', assetId: 1, szDecimals: 4, maxLeverage: 25, isolatedOnly: false, delisted: false },
];
const MIDS = { BTC: 100_000, ETH: 3_000 };
const RUN: PaperAccountState = { balance: 1_000_000, epoch: 0, since: '2026-12-05T00:00:00.000Z' };
const PAPER_RUN = { strategyId: 'st_bench', epoch: 0 };

/** One user's paper strategy, written to as the executor writes: a fill and the account after it per alert. */
class PaperWriter {
  #clock = Date.parse('2026-12-05T00:00:00Z');
  #alerts = 0;
  readonly #venue = new PaperVenue({ assets: ASSETS, mids: MIDS, now: () => this.#clock });
  constructor(
    readonly sqlite: SqliteStore,
    readonly uid: string,
  ) {
    this.#venue.restore('paper:st_bench', RUN.balance, []);
  }

  /** `count` more alerts' events, appended in batches of `batch` alerts. */
  async alerts(count: number, batch = 250): Promise<void> {
    for (let done = 0; done < count; done += batch) {
      const events = Array.from({ length: Math.min(batch, count - done) }, () => this.#alert()).flat();
      await this.sqlite.eventStore.append(
        paperStreamId(this.uid),
        events.map((event) => toNewEvent(event, { userId: this.uid })),
      );
    }
  }

  #alert() {
    this.#clock += 1_000;
    const i = (this.#alerts += 1);
    const signalId = `sig-${i}`;
    const order: OrderToPlace = {
      coin: 'BTC',
      isBuy: i % 2 === 1,
      size: '0.001',
      price: i % 2 === 1 ? '101000' : '99000',
      reduceOnly: false,
      tif: 'Ioc',
      cloid: `0x${i.toString(16).padStart(32, '0')}`,
    };
    const { fills } = this.#venue.placeOrder('paper:st_bench', order, signalId);
    if (fills.length === 0) throw new Error(`alert ${i} did not fill`);
    const at = new Date(this.#clock).toISOString();
    return [
      ...fills.map((fill) => paperFillEvent(PAPER_RUN, fill, signalId)),
      paperSnapshotEvent(PAPER_RUN, this.#venue.snapshot('paper:st_bench'), at, [], [], []),
    ];
  }
}

type Row = Record<string, string | number>;

async function main(): Promise<void> {
  const dir = join(REPO_ROOT, 'bench', 'results', 'paper-store');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sqlite = await openSqliteStore({ file: join(dir, 'events.db') });
  const rows: Row[] = [];
  const market = { assets: ASSETS, mids: MIDS, now: () => Date.now() };
  try {
    for (const depth of DEPTHS) {
      const uid = `u-depth-${depth}`;
      const account = { uid, strategyId: PAPER_RUN.strategyId, run: RUN };
      const writer = new PaperWriter(sqlite, uid);
      await writer.alerts(depth);
      const replay: number[] = [];
      const kept: number[] = [];
      const first = performance.now();
      await openPaperAccount(sqlite.eventStore, account, market);
      const firstMs = performance.now() - first;
      for (let i = 0; i < OPENS; i += 1) {
        await writer.alerts(1);
        let started = performance.now();
        await createPaperAccountCache(sqlite.eventStore).read(account, ASSETS);
        replay.push(performance.now() - started);
        started = performance.now();
        await openPaperAccount(sqlite.eventStore, account, market);
        kept.push(performance.now() - started);
      }
      const ms = (xs: number[], p: number) => percentile(xs, p).toFixed(2);
      const row: Row = {
        row: `diagnostic: open a paper account ${depth === 0 ? 'with no fill yet' : `past its ${depth.toLocaleString('en')}th fill`}, ${OPENS} opens`,
        'replay per open (before 7f2ee90) p50 / p99 ms': `${ms(replay, 50)} / ${ms(replay, 99)}`,
        'ledger kept up (now) p50 / p99 ms': `${ms(kept, 50)} / ${ms(kept, 99)}`,
        'first open in the process ms': firstMs.toFixed(1),
        'load average': loadavg()[0]?.toFixed(2) ?? '',
      };
      console.log(JSON.stringify({ row }));
      rows.push(row);
    }
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  console.log(`\n| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${columns.map((c) => r[c] ?? '').join(' | ')} |`);
  writeFileSync(join(REPO_ROOT, 'bench', 'results', 'paper.json'), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
}

await main();
