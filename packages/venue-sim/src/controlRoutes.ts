/**
 * HTTP control surface for a simulator running in another process (`hyperhook sim --port N`), so
 * system tests can drive it like the in-process {@link Simulator} object:
 *   POST /control/seed  (SimAccountSeed)      POST /control/mark  ({coin, px})
 *   POST /control/funding ({coin, rate}: the hourly funding rate metaAndAssetCtxs lists)
 *   POST /control/fault (FaultSpec)           POST /control/clear-faults
 *   POST /control/drop-websockets → {status: "ok", dropped: n}
 *   POST /control/ip-weight ({perMinute: n | null})
 *   POST /control/book-depth (SimBookDepth: {coin, levelSz: n | null, levels?})
 *   POST /control/sub-account (SimSubAccountSeed: {master, address, name, usdc?})
 *   POST /control/credit ({address, usdc}: adds to the perp balance)
 *   GET  /control/stats                        GET  /control/totals (stats without the per-order maps)
 */
import { z } from 'zod';
import { FaultSpecSchema } from './faults.js';
import { jsonReply, type HandlerReply } from './replies.js';
import { CreditBodySchema, FundingBodySchema, MarkBodySchema, SimAccountSeedSchema, SimBookDepthSchema, SimSubAccountSeedSchema } from './seedSchemas.js';
import type { Simulator } from './types.js';

/** The subset of the simulator the control routes drive. */
export type SimControls = Pick<
  Simulator,
  | 'seedAccount'
  | 'createSubAccount'
  | 'creditAccount'
  | 'setBookDepth'
  | 'setMarkPrice'
  | 'setFundingRate'
  | 'injectFault'
  | 'clearFaults'
  | 'stats'
  | 'totals'
  | 'dropWebSockets'
  | 'setIpWeightPerMinute'
>;

const IpWeightBodySchema = z.object({ perMinute: z.number().int().positive().nullable() });

const OK = jsonReply({ status: 'ok' });
const bad = (message: string): HandlerReply => ({ kind: 'json', status: 400, body: { status: 'err', error: message } });
const notFound: HandlerReply = { kind: 'json', status: 404, body: { status: 'err', error: 'not found' } };

function parseWith<T extends z.ZodType>(schema: T, body: unknown): { ok: true; value: z.infer<T> } | { ok: false; error: string } {
  const r = schema.safeParse(body);
  return r.success ? { ok: true, value: r.data } : { ok: false, error: z.prettifyError(r.error) };
}

/** Handles one /control/* request; `body` is the parsed JSON (undefined when absent or invalid). */
export function handleControl(controls: SimControls, method: string, path: string, body: unknown): HandlerReply {
  if (method === 'GET' && path === '/control/stats') return jsonReply(controls.stats());
  if (method === 'GET' && path === '/control/totals') return jsonReply(controls.totals());
  if (method !== 'POST') return notFound;
  try {
    switch (path) {
      case '/control/seed': {
        const seed = parseWith(SimAccountSeedSchema, body);
        if (!seed.ok) return bad(seed.error);
        controls.seedAccount(seed.value);
        return OK;
      }
      case '/control/mark': {
        const mark = parseWith(MarkBodySchema, body);
        if (!mark.ok) return bad(mark.error);
        controls.setMarkPrice(mark.value.coin, mark.value.px);
        return OK;
      }
      case '/control/funding': {
        const funding = parseWith(FundingBodySchema, body);
        if (!funding.ok) return bad(funding.error);
        controls.setFundingRate(funding.value.coin, funding.value.rate);
        return OK;
      }
      case '/control/sub-account': {
        const seed = parseWith(SimSubAccountSeedSchema, body);
        if (!seed.ok) return bad(seed.error);
        controls.createSubAccount(seed.value);
        return OK;
      }
      case '/control/credit': {
        const credit = parseWith(CreditBodySchema, body);
        if (!credit.ok) return bad(credit.error);
        controls.creditAccount(credit.value.address, credit.value.usdc);
        return OK;
      }
      case '/control/book-depth': {
        const depth = parseWith(SimBookDepthSchema, body);
        if (!depth.ok) return bad(depth.error);
        controls.setBookDepth(depth.value);
        return OK;
      }
      case '/control/fault': {
        const fault = parseWith(FaultSpecSchema, body);
        if (!fault.ok) return bad(fault.error);
        controls.injectFault(fault.value);
        return OK;
      }
      case '/control/clear-faults':
        controls.clearFaults();
        return OK;
      case '/control/drop-websockets':
        return jsonReply({ status: 'ok', dropped: controls.dropWebSockets() });
      case '/control/ip-weight': {
        const limit = parseWith(IpWeightBodySchema, body);
        if (!limit.ok) return bad(limit.error);
        controls.setIpWeightPerMinute(limit.value.perMinute);
        return OK;
      }
      default:
        return notFound;
    }
  } catch (e) {
    return bad(e instanceof Error ? e.message : String(e));
  }
}
