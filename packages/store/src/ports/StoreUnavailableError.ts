/**
 * Why the store refused a write it was able to try: `full` when the disk (or the file size the
 * process may write, or the database's quota) has no room left, `io` when the disk answered with
 * an I/O error, which a file-size limit and a failing disk both give; `unreachable` when the
 * database server cannot be reached or dropped the connection (a restart, a failover).
 */
export type StoreUnavailableReason = 'full' | 'io' | 'unreachable';

/** The plain sentence the trader and the operator read, per reason. */
const MESSAGES: Readonly<Record<StoreUnavailableReason, string>> = {
  full: 'The store refused the write: disk full. Nothing was saved; please try again later.',
  io: 'The store refused the write: the disk could not be written (it may be full). Nothing was saved; please try again later.',
  unreachable: 'The store could not be reached. Nothing was saved; please try again shortly.',
};

/**
 * Connection failures: the socket's errno names, and PostgreSQL's admin_shutdown, crash_shutdown,
 * cannot_connect_now and connection_exception class (08…).
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', '57P01', '57P02', '57P03']);

/**
 * Thrown (as a rejection) by a write the store could not make durable for want of disk: nothing
 * of it was stored. Callers answer it as "unavailable, try later" (HTTP 503), never as a bug: it
 * ends when an operator frees space, without a restart.
 */
export class StoreUnavailableError extends Error {
  /** Stable discriminator that survives bundling and structured cloning. */
  readonly code = 'STORE_UNAVAILABLE';

  /**
   * @param reason what refused the write
   * @param storeCode the backend's own code (SQLITE_FULL, SQLITE_IOERR_WRITE, ENOSPC, 53100…), for the operator's log
   */
  constructor(
    readonly reason: StoreUnavailableReason,
    readonly storeCode: string,
    options?: ErrorOptions,
  ) {
    super(MESSAGES[reason], options);
    this.name = 'StoreUnavailableError';
  }
}

/** True when `error` is a StoreUnavailableError (also across module copies and threads' re-creations). */
export function isStoreUnavailableError(error: unknown): error is StoreUnavailableError {
  return error instanceof Error && (error as { code?: unknown }).code === 'STORE_UNAVAILABLE';
}

/**
 * The reason behind a backend's error code, undefined when the code says nothing about the disk.
 * SQLite answers SQLITE_FULL for ENOSPC and SQLITE_IOERR_* for other failed writes (EFBIG past a
 * file-size limit, EIO); PostgreSQL's disk_full is 53100; Node's own fs errors carry errno names.
 */
export function storeUnavailableReasonOf(code: string): StoreUnavailableReason | undefined {
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EFBIG' || code === 'EDQUOT' || code === '53100') return 'full';
  if (code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_') || code === 'EIO' || code === '58030') return 'io';
  if (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unreachable';
  return undefined;
}

/** node-postgres says a dropped connection in words only, with no code. */
const CONNECTION_LOST = /^Connection terminated/;

/** `error` as a StoreUnavailableError when its code says the disk refused it; any other error unchanged. */
export function asStoreUnavailable(error: unknown): unknown {
  if (isStoreUnavailableError(error)) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') {
    return error instanceof Error && CONNECTION_LOST.test(error.message)
      ? new StoreUnavailableError('unreachable', 'CONNECTION_TERMINATED', { cause: error })
      : error;
  }
  const reason = storeUnavailableReasonOf(code);
  return reason === undefined ? error : new StoreUnavailableError(reason, code, { cause: error });
}
