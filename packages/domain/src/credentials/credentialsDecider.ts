import { z } from 'zod';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { SealedSchema } from '../eventModel/sealed.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { assertNever } from '../shared/assertNever.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domainError.js';
import { addressProblems, credentialsError } from './credentialsInput.js';
import { requireAccount } from '../shared/requireAccount.js';
import { sameAddress } from '../shared/hexPatterns.js';

/**
 * Save (or replace) the exchange credentials: step two, after {@link validateCredentialsInput}
 * trimmed and checked the form and the adapter sealed the private key under the user's data key.
 * Addresses are re-checked here so that no path can record an invalid pair.
 */
export const SaveCredentialsSchema = z.object({
  type: z.literal('SaveCredentials'),
  apiWalletAddress: z.string(),
  accountAddress: z.string(),
  isTestnet: z.boolean(),
  sealedPrivateKey: SealedSchema,
  at: IsoTimestampSchema,
  /** The account mode the venue reported at the key check, when it could be read. */
  accountMode: z.enum(['standard', 'unified']).optional(),
  /** When the API wallet expires, as the key check read it (a named wallet's `validUntil`). */
  validUntil: IsoTimestampSchema.optional(),
  /** The save did not confirm the wallet's approval: a background check will (RecordCredentialsCheck). */
  unconfirmed: z.literal(true).optional(),
});
/** Record what the background check said of a wallet saved unconfirmed. */
export const RecordCredentialsCheckSchema = z.object({
  type: z.literal('RecordCredentialsCheck'),
  apiWalletAddress: z.string(),
  approved: z.boolean(),
  problem: z.string().max(40).nullable(),
  message: z.string().max(1000).nullable(),
  at: IsoTimestampSchema,
});
/** Delete the credentials and shred their data key. */
export const DeleteCredentialsSchema = z.object({ type: z.literal('DeleteCredentials'), at: IsoTimestampSchema });

/** Commands of the credentials decider. */
export const CredentialsCommandSchema = z.discriminatedUnion('type', [SaveCredentialsSchema, DeleteCredentialsSchema, RecordCredentialsCheckSchema]);
/** A credentials command. */
export type CredentialsCommand = z.infer<typeof CredentialsCommandSchema>;

/** What the credentials rules need to know about a user stream. */
export interface CredentialsState {
  readonly exists: boolean;
  /** The data key sealing the current private key; null when no credentials are stored. */
  readonly dataKeyId: string | null;
  /** Keys destroyed by earlier deletions: never to be used again, or shredding would be undone. */
  readonly destroyedKeyIds: readonly string[];
  /** The wallet saved unconfirmed whose check is still to be recorded; null otherwise. */
  readonly unconfirmedWallet: string | null;
}

/** The user-stream events these rules record or fold; the stream's other events pass them by. */
const CREDENTIALS_EVENTS = ['UserSignedUp', 'CredentialsDeleted', 'CredentialsSaved', 'CredentialsChecked'] as const;
/** An event of CREDENTIALS_EVENTS. */
type CredentialsDeciderEvent = Extract<UserEvent, { type: (typeof CREDENTIALS_EVENTS)[number] }>;

function decide(command: CredentialsCommand, state: CredentialsState): CredentialsDeciderEvent[] {
  switch (command.type) {
    case 'SaveCredentials': {
      requireAccount(state);
      const [problem] = addressProblems(command.apiWalletAddress, command.accountAddress);
      if (problem) throw credentialsError(problem);
      if (state.destroyedKeyIds.includes(command.sealedPrivateKey.keyId)) {
        throw new DomainError(
          'DATA_KEY_DESTROYED',
          'Unable to save API keys',
          'The private key was sealed with a data key that has been destroyed; seal it with a new data key.',
        );
      }
      const saved: UserEvent = {
        type: 'CredentialsSaved',
        v: 1,
        data: {
          apiWalletAddress: command.apiWalletAddress,
          accountAddress: command.accountAddress,
          isTestnet: command.isTestnet,
          sealedPrivateKey: command.sealedPrivateKey,
          at: command.at,
          ...(command.accountMode !== undefined ? { accountMode: command.accountMode } : {}),
          ...(command.validUntil !== undefined ? { validUntil: command.validUntil } : {}),
          ...(command.unconfirmed === true ? { unconfirmed: true as const } : {}),
        },
      };
      // Replacing keys under a new data key must shred the old one, or the previous private key
      // would stay readable in the log; under the same data key there is nothing to shred.
      if (state.dataKeyId !== null && state.dataKeyId !== command.sealedPrivateKey.keyId) {
        return [{ type: 'CredentialsDeleted', v: 1, data: { dataKeyId: state.dataKeyId, at: command.at } }, saved];
      }
      return [saved];
    }
    case 'DeleteCredentials': {
      requireAccount(state);
      // DELETE is idempotent: with nothing stored there is nothing to shred (a double click, a retry).
      if (state.dataKeyId === null) return [];
      return [{ type: 'CredentialsDeleted', v: 1, data: { dataKeyId: state.dataKeyId, at: command.at } }];
    }
    case 'RecordCredentialsCheck': {
      // Told once, and only of the wallet still saved: keys replaced or deleted since make it moot.
      if (state.unconfirmedWallet === null || !sameAddress(state.unconfirmedWallet, command.apiWalletAddress)) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'CredentialsChecked', v: 1, data: { ...data, apiWalletAddress: state.unconfirmedWallet } }];
    }
    default:
      return assertNever(command, 'credentials command');
  }
}

function evolve(state: CredentialsState, event: CredentialsDeciderEvent): CredentialsState {
  switch (event.type) {
    case 'UserSignedUp':
      return { ...state, exists: true };
    case 'CredentialsSaved':
      return {
        ...state,
        dataKeyId: event.data.sealedPrivateKey.keyId,
        unconfirmedWallet: event.data.unconfirmed === true ? event.data.apiWalletAddress : null,
      };
    case 'CredentialsDeleted':
      return { ...state, dataKeyId: null, destroyedKeyIds: [...state.destroyedKeyIds, event.data.dataKeyId], unconfirmedWallet: null };
    case 'CredentialsChecked':
      return { ...state, unconfirmedWallet: null };
    default:
      return assertNever(event, 'user event');
  }
}

/**
 * Credentials rules on `user-<uid>`: save or replace the keys (the wallet address re-checked;
 * replacing them under a new data key shreds the old key first), delete them by
 * naming the data key to destroy (crypto-shredding; a no-op when nothing is stored); a destroyed
 * data key can never seal again. The private key only ever appears sealed. A wallet saved before
 * the venue confirmed it (an unnamed one) gets the background check's answer recorded once.
 */
export const credentialsDecider: Decider<CredentialsCommand, CredentialsDeciderEvent, CredentialsState> = {
  eventTypes: CREDENTIALS_EVENTS,
  decide,
  evolve,
  initialState: () => ({ exists: false, dataKeyId: null, destroyedKeyIds: [], unconfirmedWallet: null }),
};
