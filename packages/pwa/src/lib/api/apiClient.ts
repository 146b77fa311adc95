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
  /** Sent as it is, with its own content type (a CSV upload); not with `body`. */
  readonly text?: { readonly contentType: string; readonly body: string };
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

type Sent = { response: Response; renewed: string | null };

/**
 * Sends one call to the product's own api (the page's own origin) with the bearer token; a 401 is
 * retried once after renewing the session. `renewed` is the new token when a renewal was tried.
 */
async function authorizedFetch(path: string, options: Omit<ApiOptions<unknown>, 'schema'>, accept: string): Promise<Sent> {
  const useAuth = options.auth ?? true;
  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { accept };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.text !== undefined) headers['content-type'] = options.text.contentType;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const body = options.text !== undefined ? options.text.body : options.body !== undefined ? JSON.stringify(options.body) : undefined;
    try {
      return await fetch(new URL(path, window.location.origin), {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        ...(body !== undefined ? { body } : {}),
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
  return { response, renewed };
}

/** The error a refused call throws: the answer's own message, else "API request failed". */
function refusal(response: Response, renewed: string | null, envelope: Envelope | null): ApiError {
  const serverMessage = typeof envelope?.error === 'string' && envelope.error !== '' ? envelope.error : null;
  const message = serverMessage ?? API_REQUEST_FAILED;
  // Refused even with a renewed token: the session is over. A renewal the api refused has ended it
  // already; one that could not reach the api (offline, a 5xx) leaves it for the next try.
  if (response.status === 401 && renewed !== null) auth.expired(message);
  return new ApiError(message, response.status, serverMessage, envelope);
}

/**
 * Calls the product's own api (the page's own origin) with a JSON (or text) body and the
 * bearer token, and answers the parsed `data` of the success envelope. A 401 is
 * retried once after renewing the session; if that fails the session ends. Failures throw an
 * {@link ApiError} whose message is the answer's `error` string, else "API request failed".
 */
export async function api<T>(path: string, options: ApiOptions<T>): Promise<T> {
  const { response, renewed } = await authorizedFetch(path, options, 'application/json');
  const envelope = await readEnvelope(response);
  if (!response.ok || envelope?.success !== true) throw refusal(response, renewed, envelope);
  const parsed = options.schema.safeParse(envelope.data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error.issues);
    throw new ApiError(API_REQUEST_FAILED, response.status);
  }
  return parsed.data;
}

/** A file the api serves (an export): its bytes and the name its `content-disposition` gives. */
export interface ApiFile {
  readonly blob: Blob;
  readonly filename: string | null;
}

/**
 * Fetches a file from the api with the bearer token, as {@link api} does a JSON answer: a browser
 * link could not carry the token. A refusal throws the same {@link ApiError}.
 */
export async function apiFile(path: string, options: { signal?: AbortSignal } = {}): Promise<ApiFile> {
  const { response, renewed } = await authorizedFetch(path, options, '*/*');
  if (!response.ok) throw refusal(response, renewed, await readEnvelope(response));
  const disposition = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob: await response.blob(), filename: disposition?.[1] ?? null };
}
