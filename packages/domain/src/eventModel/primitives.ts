import { z } from 'zod';
import { SHA256_HEX_PATTERN } from '../shared/hexPatterns.js';

/**
 * Every time in an event is an ISO-8601 UTC string (`Date#toISOString()` form). One format for
 * all events keeps the log readable by auditors and makes times comparable as strings.
 * Exchange times (fill `time`, epoch ms) are converted by the adapter; ms precision is kept.
 */
export const IsoTimestampSchema = z.iso.datetime({ precision: 3 });
/** An ISO-8601 UTC timestamp with milliseconds. */
export type IsoTimestamp = z.infer<typeof IsoTimestampSchema>;

/**
 * Ids that become part of a stream name (`user-<uid>`, `signal-<id>`): letters, digits and `_.:-`,
 * at most 128 characters, so names stay unambiguous in every store and URL.
 */
export const EntityIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'Invalid id');

/**
 * A number as the exchange sends it: a decimal string ("0.0123", "-1.5"). Events keep the exchange's
 * own text (lossless, audit-exact); read models turn it into a number, with anything
 * missing or non-numeric becoming 0. Only the length is bounded, so that one odd value
 * from the exchange cannot make a whole snapshot unrecordable.
 */
export const ExchangeDecimalSchema = z.string().max(64);
/** A decimal string from the exchange. */
export type ExchangeDecimal = z.infer<typeof ExchangeDecimalSchema>;

/** A lower-case hex SHA-256 digest. */
export const Sha256HexSchema = z.string().regex(SHA256_HEX_PATTERN, 'Expected a lower-case hex SHA-256 digest');
