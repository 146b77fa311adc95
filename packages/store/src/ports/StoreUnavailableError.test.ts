import { describe, expect, it } from 'vitest';
import { asStoreUnavailable, isStoreUnavailableError, StoreUnavailableError, storeUnavailableReasonOf } from './StoreUnavailableError.js';

const coded = (code: string) => Object.assign(new Error(code), { code });

describe('StoreUnavailableError (issue 32, point 3)', () => {
  it.each([
    ['SQLITE_FULL', 'full'],
    ['ENOSPC', 'full'],
    ['EFBIG', 'full'],
    ['53100', 'full'],
    ['SQLITE_IOERR_WRITE', 'io'],
    ['SQLITE_IOERR_FSYNC', 'io'],
    ['EIO', 'io'],
  ])('given a backend error coded %s, when classified, then it is a refusal for want of disk (%s)', (code, reason) => {
    const error = asStoreUnavailable(coded(code));
    expect(isStoreUnavailableError(error)).toBe(true);
    expect(error).toMatchObject({ reason, storeCode: code, message: expect.stringMatching(/^The store refused the write/) });
    expect((error as Error).cause).toMatchObject({ code });
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006'])(
    'given a connection failure coded %s, when classified, then the store is unreachable',
    (code) => {
      expect(asStoreUnavailable(coded(code))).toMatchObject({
        reason: 'unreachable',
        storeCode: code,
        message: 'The store could not be reached. Nothing was saved; please try again shortly.',
      });
    },
  );

  it('given node-postgres\'s uncoded "Connection terminated unexpectedly", when classified, then the store is unreachable', () => {
    expect(asStoreUnavailable(new Error('Connection terminated unexpectedly'))).toMatchObject({ reason: 'unreachable', storeCode: 'CONNECTION_TERMINATED' });
  });

  it.each(['SQLITE_BUSY', 'SQLITE_CONSTRAINT_UNIQUE', 'WRONG_EXPECTED_VERSION', '23505'])(
    'given an error coded %s, when classified, then it is left as it is',
    (code) => {
      const error = coded(code);
      expect(asStoreUnavailable(error)).toBe(error);
      expect(storeUnavailableReasonOf(code)).toBeUndefined();
    },
  );

  it('given an error without a code, when classified, then it is left as it is', () => {
    const error = new Error('boom');
    expect(asStoreUnavailable(error)).toBe(error);
    expect(asStoreUnavailable('text')).toBe('text');
  });

  it('given a StoreUnavailableError, when classified again, then it is the same one', () => {
    const error = new StoreUnavailableError('io', 'SQLITE_IOERR_WRITE');
    expect(asStoreUnavailable(error)).toBe(error);
  });
});
