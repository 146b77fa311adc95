import { z } from 'zod';
import { EVM_ADDRESS_PATTERN } from '../shared/hexPatterns.js';
import { eventSchema } from '../eventModel/envelope.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { SealedSchema } from '../eventModel/sealed.js';

const evmAddress = z.string().regex(EVM_ADDRESS_PATTERN, 'Expected 0x followed by 40 hexadecimal characters');

/**
 * Exchange credentials were saved or replaced. Addresses keep the case the user typed
 * (a checksummed address is what they recognise); every comparison is case-insensitive.
 * The private key is only ever present sealed.
 */
export const CredentialsSavedSchema = eventSchema(
  'CredentialsSaved',
  1,
  z.object({
    apiWalletAddress: evmAddress,
    accountAddress: evmAddress,
    isTestnet: z.boolean(),
    sealedPrivateKey: SealedSchema,
    at: IsoTimestampSchema,
    /**
     * Where the main account keeps its collateral, as the venue said when the keys were saved
     * (`standard`: the perp clearinghouse; `unified`: spot). Absent when it could not be read then
     * (and on events written before it was recorded): the executor reads it on the first order.
     */
    accountMode: z.enum(['standard', 'unified']).optional(),
    /**
     * When Hyperliquid drops the API wallet (issue 42: it caps them at 180 days), from `extraAgents`
     * at the key check; absent for an unnamed wallet, whose expiry the venue does not list.
     */
    validUntil: IsoTimestampSchema.optional(),
    /**
     * Saved before the venue confirmed the wallet's approval (issue 42, point 2): `extraAgents`
     * lists no named wallet of this address, and `userRole` is asked in the background; a
     * CredentialsChecked follows. Absent: the save's own check confirmed it.
     */
    unconfirmed: z.literal(true).optional(),
  }),
);
/** CredentialsSaved event. */
export type CredentialsSaved = z.infer<typeof CredentialsSavedSchema>;

/**
 * Credentials were deleted and the data key `dataKeyId` destroyed (crypto-shredding): every sealed
 * copy of the private key left in the log is unreadable from now on.
 */
export const CredentialsDeletedSchema = eventSchema('CredentialsDeleted', 1, z.object({ dataKeyId: z.string().min(1).max(200), at: IsoTimestampSchema }));
/** CredentialsDeleted event. */
export type CredentialsDeleted = z.infer<typeof CredentialsDeletedSchema>;

/**
 * What the background check said of a wallet saved unconfirmed (issue 42, point 2): approved for
 * the account, or not, with the problem's name and the message the trader reads (never a secret).
 */
export const CredentialsCheckedSchema = eventSchema(
  'CredentialsChecked',
  1,
  z.object({
    apiWalletAddress: evmAddress,
    approved: z.boolean(),
    problem: z.string().max(40).nullable(),
    message: z.string().max(1000).nullable(),
    at: IsoTimestampSchema,
  }),
);
/** CredentialsChecked event. */
export type CredentialsChecked = z.infer<typeof CredentialsCheckedSchema>;
