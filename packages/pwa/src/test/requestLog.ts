import { onTestFinished } from 'vitest';
import { server } from './server';

/** One request as it reached the test network. */
export interface SentRequest {
  readonly method: string;
  /** Path and query, e.g. `/api/balance?refresh=true`. */
  readonly path: string;
  /** The Authorization header, null when the request carried no token. */
  readonly authorization: string | null;
}

/**
 * Records every request the components send, in the order the network sees them, until the test
 * ends. Lets a test prove a request was never sent against one that must come after it: e.g. a
 * request sent while signed out carries no token, so when the only one recorded carries the
 * session's token, none went out before the sign-in.
 */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    sent.push({ method: request.method, path: `${url.pathname}${url.search}`, authorization: request.headers.get('authorization') });
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return sent;
}
