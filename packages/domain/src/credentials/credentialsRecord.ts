import { z } from 'zod';

/** The keys read answer: never a private key, sealed or not; lastUsed as ISO or null. */
export const CredentialsRecordSchema = z.object({
  configured: z.boolean(),
  accountAddress: z.string().nullable(),
  apiWalletAddress: z.string().nullable(),
  isTestnet: z.boolean(),
  lastUsed: z.string().nullable(),
  /** When Hyperliquid drops the API wallet (issue 42), ISO; null when the venue does not list it (an unnamed wallet). */
  validUntil: z.string().nullable(),
  /**
   * Whether Hyperliquid approved the API wallet for the account (issue 42): `confirmed` by the
   * save's check, `checking` while an unnamed wallet's approval is confirmed in the background,
   * `refused` with the reason in `approvalMessage`; null without keys.
   */
  approval: z.enum(['confirmed', 'checking', 'refused']).nullable(),
  approvalMessage: z.string().nullable(),
});
/** A credentials record. */
export type CredentialsRecord = z.infer<typeof CredentialsRecordSchema>;

/** The record of a user without keys: what GET /api/keys answers before a save and after a delete. */
export const NO_CREDENTIALS_RECORD: CredentialsRecord = Object.freeze({
  configured: false,
  accountAddress: null,
  apiWalletAddress: null,
  isTestnet: false,
  lastUsed: null,
  validUntil: null,
  approval: null,
  approvalMessage: null,
});

/** `DELETE /api/keys`'s answer: nothing is configured any more. */
export const KeysDeletedViewSchema = z.object({ configured: z.literal(false) });
