/**
 * One /info or /exchange request, whichever way it came (HTTP POST or a WebSocket `post`): counted,
 * priced against the sender's IP budget, answered, then charged for the size of its answer.
 * Transport faults are not applied here; they belong to the HTTP edge (server.ts).
 */
import { requestWeight, responseWeight } from '@hyperhook/hyperliquid';
import { handleExchange, type ExchangeDeps } from './exchangeHandlers.js';
import { requestType } from './faults.js';
import type { FundingSettlement } from './fundingSettlement.js';
import { handleInfo } from './infoHandlers.js';
import type { IpWeightBudget } from './ipWeightBudget.js';
import { UNPROCESSABLE, type HandlerReply } from './replies.js';

/** What reached the server, however it was answered: the simulator's request stats. */
export interface RequestCounters {
  /** Every /exchange request, refused and faulted ones included. */
  exchangeRequests: number;
  /** By "endpoint type" ("info allMids", "exchange order"; "?" when unreadable). */
  requestsByType: Map<string, number>;
  /** cloid (lowercase) → when its first order request arrived. */
  firstOrderArrivalByCloid: Map<string, number>;
  /** Refused with 429 by the IP budget. */
  rateLimited: number;
}

/** Counters at zero. */
export function createRequestCounters(): RequestCounters {
  return { exchangeRequests: 0, requestsByType: new Map(), firstOrderArrivalByCloid: new Map(), rateLimited: 0 };
}

/** What answering a request needs. */
export interface ApiDeps extends ExchangeDeps {
  budget: IpWeightBudget;
  requests: RequestCounters;
  /** The hourly funding settled on the simulator's clock, and listed by `userFunding`. */
  funding: FundingSettlement;
}

/** Refused by the IP budget (nothing else happened), or answered. */
export type ApiOutcome = { kind: 'rateLimited' } | { kind: 'answered'; reply: HandlerReply };

/** Counts a request that arrived, by endpoint and type, whatever happens to it next; returns its type. */
export function countRequest(deps: ApiDeps, endpoint: 'info' | 'exchange', body: unknown): string | undefined {
  const counters = deps.requests;
  if (endpoint === 'exchange') counters.exchangeRequests += 1;
  const type = requestType(endpoint, body);
  const counted = `${endpoint} ${type ?? '?'}`;
  counters.requestsByType.set(counted, (counters.requestsByType.get(counted) ?? 0) + 1);
  if (type === 'order') noteOrderArrival(deps, body);
  return type;
}

/** Keeps when each cloid's first order request arrived, whatever its signature or outcome turns out to be. */
function noteOrderArrival(deps: ApiDeps, body: unknown): void {
  const orders = (body as { action?: { orders?: unknown } }).action?.orders;
  if (!Array.isArray(orders)) return;
  const arrivals = deps.requests.firstOrderArrivalByCloid;
  for (const order of orders) {
    const cloid = (order as { c?: unknown } | null)?.c;
    if (typeof cloid !== 'string') continue;
    const key = cloid.toLowerCase();
    if (!arrivals.has(key)) arrivals.set(key, deps.state.now());
  }
}

/**
 * Answers a request from `ip`; `body` is the parsed JSON (undefined when unreadable). A request the
 * budget refuses does nothing at all, so an /exchange body keeps its nonce for a later retry.
 */
export function serveApiRequest(deps: ApiDeps, endpoint: 'info' | 'exchange', body: unknown, ip: string): ApiOutcome {
  if (!deps.budget.tryCharge(ip, requestWeight(endpoint, body))) {
    deps.requests.rateLimited += 1;
    return { kind: 'rateLimited' };
  }
  // Hours passed since the last act are paid first, on the positions held at them (nothing changed them since).
  deps.funding.settleDue(deps.state);
  const reply = body === undefined ? UNPROCESSABLE : endpoint === 'info' ? handleInfo(deps.state, body, deps.funding) : handleExchange(deps, body);
  // The list surcharge is only known now; it may take the IP over budget for its next request.
  if (endpoint === 'info' && reply.kind === 'json') deps.budget.charge(ip, responseWeight(requestType('info', body), reply.body));
  return { kind: 'answered', reply };
}
