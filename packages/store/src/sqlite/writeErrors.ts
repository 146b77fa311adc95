import { DuplicateEventIdError } from '../ports/DuplicateEventIdError.js';
import type { ExpectedVersion } from '../ports/EventStore.js';
import { StoreUnavailableError, type StoreUnavailableReason } from '../ports/StoreUnavailableError.js';
import { WrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';

/** A write's error as it crosses from the writer thread: classes do not survive a structured clone, their fields do. */
export type SerializedWriteError = {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly streamId?: string;
  readonly expectedVersion?: ExpectedVersion;
  readonly actualVersion?: number | 'no_stream';
  readonly eventIds?: readonly string[];
  readonly reason?: StoreUnavailableReason;
  readonly storeCode?: string;
};

/** What the writer thread posts for a failed write. */
export function serializeWriteError(error: unknown): SerializedWriteError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = error as Error & Partial<Omit<SerializedWriteError, 'name' | 'message'>>;
  return {
    name: error.name,
    message: error.message,
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(fields.streamId !== undefined ? { streamId: fields.streamId } : {}),
    ...(fields.expectedVersion !== undefined ? { expectedVersion: fields.expectedVersion } : {}),
    ...(fields.actualVersion !== undefined ? { actualVersion: fields.actualVersion } : {}),
    ...(fields.eventIds !== undefined ? { eventIds: [...fields.eventIds] } : {}),
    ...(fields.reason !== undefined ? { reason: fields.reason } : {}),
    ...(fields.storeCode !== undefined ? { storeCode: fields.storeCode } : {}),
  };
}

/** The error the caller sees: the store's own error classes again, standard ones by name, SQLite's with their code. */
export function deserializeWriteError(data: SerializedWriteError): Error {
  if (data.code === 'WRONG_EXPECTED_VERSION' && data.streamId !== undefined && data.expectedVersion !== undefined && data.actualVersion !== undefined) {
    return new WrongExpectedVersionError(data.streamId, data.expectedVersion, data.actualVersion);
  }
  if (data.code === 'DUPLICATE_EVENT_ID' && data.streamId !== undefined && data.eventIds !== undefined) {
    return new DuplicateEventIdError(data.streamId, data.eventIds);
  }
  if (data.code === 'STORE_UNAVAILABLE' && data.reason !== undefined) return new StoreUnavailableError(data.reason, data.storeCode ?? 'unknown');
  const error = data.name === 'TypeError' ? new TypeError(data.message) : data.name === 'RangeError' ? new RangeError(data.message) : new Error(data.message);
  if (error.name !== data.name) error.name = data.name;
  if (data.code !== undefined) Object.assign(error, { code: data.code });
  return error;
}
