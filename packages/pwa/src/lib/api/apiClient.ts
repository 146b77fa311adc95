import type { z } from 'zod';
import { API_REQUEST_FAILED, ApiError } from './apiError';

/** How the client obtains and renews the bearer token: wired to the session at start-up. */
export interface ApiAuth {
  /** A valid access token (renewed first when it is about to expire), or null when signed out. */
  accessToken(): Promise<string | null>;
  /** Renews the session after a 401; resolves the new access token, or null when it cannot. */
  renew(): Promise<string | null>;
  /** The session is over (a 401 that renewal could not cure): sign out with the answer's message. */
  expired(message: string): void;
}

let auth: ApiAuth = { accessToken: async () => null, renew: async () => null, expired: () => undefined };

/** Connects the client to the session (features/auth); until then calls carry no token. */
export function configureApiAuth(next: ApiAuth): void {
  auth = next;
}

/** Options of {@link api}. */
export interface ApiOptions<T> {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Checks the answer's `data`: the client never trusts a shape it did not parse. */
  readonly schema: z.ZodType<T>;
  /** Send the bearer token (default true); sign-in and sign-up calls send none. */
  readonly auth?: boolean;
  readonly signal?: AbortSignal;
}

type Envelope = { success?: unknown; data?: unknown; error?: unknown };

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Envelope) : null;
  } catch {
    return null;
  }
}

/**
 * Calls the product's own api (the page's own origin) with a JSON body and the
 * bearer token, and answers the parsed `data` of the success envelope. A 401 is
 * retried once after renewing the session; if that fails the session ends. Failures throw an
 * {@link ApiError} whose message is the answer's `error` string, else "API request failed".
 */
export async function api<T>(path: string, options: ApiOptions<T>): Promise<T> {
  const useAuth = options.auth ?? true;
  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (token !== null) headers.authorization = `Bearer ${token}`;
    try {
      return await fetch(new URL(path, window.location.origin), {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(options.signal !== undefined ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(API_REQUEST_FAILED, 0);
    }
  };

  const token = useAuth ? await auth.accessToken() : null;
  let response = await send(token);
  let renewed: string | null = null;
  if (response.status === 401 && token !== null) {
    renewed = await auth.renew();
    if (renewed !== null) response = await send(renewed);
  }
  const envelope = await readEnvelope(response);
  if (!response.ok || envelope?.success !== true) {
    const serverMessage = typeof envelope?.error === 'string' && envelope.error !== '' ? envelope.error : null;
    const message = serverMessage ?? API_REQUEST_FAILED;
    // Refused even with a renewed token: the session is over. A renewal the api refused has ended it
    // already; one that could not reach the api (offline, a 5xx) leaves it for the next try.
    if (response.status === 401 && renewed !== null) auth.expired(message);
    throw new ApiError(message, response.status, serverMessage, envelope);
  }
  const parsed = options.schema.safeParse(envelope.data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error.issues);
    throw new ApiError(API_REQUEST_FAILED, response.status);
  }
  return parsed.data;
}
