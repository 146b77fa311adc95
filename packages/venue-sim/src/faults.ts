/**
 * Fault injection queue. Faults are consumed in the order they were injected; each affects
 * `count` matching requests (default 1), where matching means the endpoint and, if given, the
 * action type (`action.type` on /exchange, `type` on /info).
 */
import { z } from 'zod';
import { infoType } from '@hyperhook/hyperliquid';
import type { FaultSpec } from './types.js';

/** Validates a fault coming from the control API or a caller. */
export const FaultSpecSchema = z.object({
  endpoint: z.enum(['info', 'exchange']).optional(),
  kind: z.enum(['latency', 'http429', 'http5xx', 'timeout', 'dropAfterApply']),
  ms: z.number().nonnegative().optional(),
  count: z.number().int().positive().optional(),
  actionType: z.string().optional(),
});

interface Pending {
  spec: FaultSpec;
  remaining: number;
}

/** The queue of injected faults. */
export class FaultQueue {
  private pending: Pending[] = [];

  /** Queues a fault (validated: a typo must not silently inject nothing). */
  add(spec: FaultSpec): void {
    const parsed = FaultSpecSchema.parse(spec);
    this.pending.push({ spec: parsed, remaining: parsed.count ?? 1 });
  }

  /** Drops every queued fault. */
  clear(): void {
    this.pending = [];
  }

  /** Consumes and returns the first fault matching this request, or null. */
  take(endpoint: 'info' | 'exchange', actionType: string | undefined): FaultSpec | null {
    const index = this.pending.findIndex(
      (p) => (p.spec.endpoint === undefined || p.spec.endpoint === endpoint) && (p.spec.actionType === undefined || p.spec.actionType === actionType),
    );
    const hit = this.pending[index];
    if (!hit) return null;
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.pending.splice(index, 1);
    return hit.spec;
  }

  /** Number of faults still queued (for tests). */
  size(): number {
    return this.pending.length;
  }
}

/** The type a request would be matched on: `action.type` for /exchange, `type` for /info. */
export function requestType(endpoint: 'info' | 'exchange', body: unknown): string | undefined {
  if (endpoint === 'info') return infoType(body);
  return infoType(typeof body === 'object' && body !== null ? (body as Record<string, unknown>).action : undefined);
}
