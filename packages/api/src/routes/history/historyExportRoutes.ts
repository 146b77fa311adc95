import type { StrategyState } from '@hyperhook/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { loadStrategies } from '../strategies/strategyViews.js';
import { historyEventView } from './historyRoute.js';
import { readUserHistory, type UserHistoryEvent } from './userHistory.js';

/** Hashes looked up per query while exporting. */
const HASH_PAGE = 5000;

/** The columns of the fills CSV: what tax tools ask of a trade. */
const FILL_COLUMNS = ['time', 'strategy', 'venue', 'coin', 'side', 'size', 'price', 'fee', 'fee_token', 'realized_pnl', 'order_id', 'alert_id'] as const;

type FillData = {
  coin: string;
  px: string;
  sz: string;
  side: 'B' | 'A';
  time: string;
  oid: number;
  fee: string;
  feeToken?: string;
  closedPnl: string;
  signalId?: string;
};

/** A download's name, dated and ending in its extension so the trader's system opens it with the right tool. */
const attachment = (name: string, extension: string) => `attachment; filename="hyperhook-${name}-${new Date().toISOString().slice(0, 10)}.${extension}"`;

/** A fill's row; live fills take their strategy from their alert, paper fills name theirs. */
function fillRow({ event, strategyId }: UserHistoryEvent, names: ReadonlyMap<string, string>): string[] {
  const fill = event.data as FillData;
  const strategy = strategyId === null ? '' : (names.get(strategyId) ?? strategyId);
  return [
    fill.time,
    strategy,
    event.type === 'PaperFillRecorded' ? 'paper' : 'live',
    fill.coin,
    fill.side === 'B' ? 'buy' : 'sell',
    fill.sz,
    fill.px,
    fill.fee,
    fill.feeToken ?? 'USDC',
    fill.closedPnl,
    String(fill.oid),
    fill.signalId ?? '',
  ];
}

/**
 * The History view's downloads (issue 31, point 3): the trader's events as NDJSON, oldest first,
 * each as GET /api/history answers it (secrets redacted, with its hash; the log's head in
 * `X-Hyperhook-Chain-Head`), and their fills as CSV, live and paper marked, with the exchange's
 * decimal text as it was filled.
 */
export const historyExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/history/export.ndjson', { schema: { tags: ['history'] } }, async (request, reply) => {
    const { uid } = requireUser(request);
    const { store } = app.deps;
    const history = await readUserHistory(store, uid);
    const lines: string[] = [];
    for (let from = 0; from < history.length; from += HASH_PAGE) {
      const page = history.slice(from, from + HASH_PAGE);
      const hashes = (await store.chain?.hashesAt(page.map(({ event }) => event.globalPosition))) ?? new Map<number, string>();
      for (const item of page) lines.push(JSON.stringify(historyEventView(item, hashes.get(item.event.globalPosition) ?? null)));
    }
    const head = (await store.chain?.head()) ?? null;
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header('content-disposition', attachment('history', 'ndjson'))
      .header('cache-control', 'no-store')
      .header('x-hyperhook-chain-head', head === null ? 'none' : `${head.position}:${head.hash}`)
      .send(lines.length === 0 ? '' : `${lines.join('\n')}\n`);
  });

  app.get('/history/fills.csv', { schema: { tags: ['history'] } }, async (request, reply) => {
    const { uid } = requireUser(request);
    const [history, strategies] = await Promise.all([readUserHistory(app.deps.store, uid), loadStrategies(app.deps, uid)]);
    const names = new Map(strategies.strategies.map((s: StrategyState) => [s.id, s.name]));
    const fills = history.filter(({ event }) => event.type === 'FillRecorded' || event.type === 'PaperFillRecorded');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment('fills', 'csv'))
      .header('cache-control', 'no-store')
      .send(stringify([[...FILL_COLUMNS], ...fills.map((fill) => fillRow(fill, names))]));
  });
};
