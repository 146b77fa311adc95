/**
 * Handler results, independent of node:http so handlers stay pure and unit-testable.
 */
import { DESERIALIZE_ERROR } from '@hyperhook/venue-engine';

/** What the HTTP layer must send back: JSON (always `application/json`) or plain text. */
export type HandlerReply = { kind: 'json'; status: number; body: unknown } | { kind: 'text'; status: number; body: string };

/** A 200 JSON reply. */
export function jsonReply(body: unknown): HandlerReply {
  return { kind: 'json', status: 200, body };
}

/** The 422 the venue sends for bodies it cannot deserialise (text/plain). */
export const UNPROCESSABLE: HandlerReply = { kind: 'text', status: 422, body: DESERIALIZE_ERROR };
