import { sameAddress } from '../shared/hexPatterns.js';
import { defineProjection, type ReadModelDoc } from '../readModels/readModel.js';
import { userDocId, userOfUserStream } from '../readModels/userProjection.js';
import type { CredentialsRecord } from './credentialsRecord.js';

/** Read-model collection of key summaries. */
export const KEY_SUMMARY_COLLECTION = 'keySummary';

/**
 * What the API KEYS tab may know about stored credentials: never the private key, sealed or not.
 */
export interface KeySummaryData {
  readonly configured: boolean;
  readonly accountAddress: string | null;
  readonly apiWalletAddress: string | null;
  readonly isTestnet: boolean;
  /** When the API wallet last signed an order (OrderSubmitted.signedAt). */
  readonly lastUsed: string | null;
  readonly savedAt: string | null;
  readonly deletedAt: string | null;
  /** When the API wallet expires (issue 42); null when unknown (an unnamed wallet, keys saved before). */
  readonly validUntil?: string | null;
  /** The wallet's approval (issue 42); absent on documents of keys saved before: confirmed. */
  readonly approval?: 'confirmed' | 'checking' | 'refused';
  readonly approvalMessage?: string | null;
}

/** A key summary document. */
export type KeySummaryDoc = ReadModelDoc<KeySummaryData>;

const NOT_CONFIGURED: KeySummaryData = {
  configured: false,
  accountAddress: null,
  apiWalletAddress: null,
  isTestnet: false,
  lastUsed: null,
  savedAt: null,
  deletedAt: null,
};

/**
 * Key summary: per user, from `user-<uid>` (saves, deletions) and from
 * the signal streams' OrderSubmitted, which carries the user id so "last used" is learnt from that
 * one event. New keys for another API wallet start unused; keys deleted are forgotten.
 */
export const keySummaryProjection = defineProjection<KeySummaryData>({
  collection: KEY_SUMMARY_COLLECTION,
  idOf: (event, meta) =>
    event.type === 'OrderSubmitted'
      ? event.data.userId
      : userDocId((e) => e.type === 'UserSignedUp' || e.type === 'CredentialsSaved' || e.type === 'CredentialsDeleted' || e.type === 'CredentialsChecked')(
          event,
          meta,
        ),
  userIdOf: (event, meta) => (event.type === 'OrderSubmitted' ? event.data.userId : userOfUserStream(event, meta)),
  evolve: (current, event) => {
    switch (event.type) {
      case 'UserSignedUp':
        return current ?? NOT_CONFIGURED;
      case 'CredentialsSaved': {
        const { data } = event;
        const sameWallet = current?.apiWalletAddress != null && sameAddress(current.apiWalletAddress, data.apiWalletAddress);
        return {
          configured: true,
          accountAddress: data.accountAddress,
          apiWalletAddress: data.apiWalletAddress,
          isTestnet: data.isTestnet,
          lastUsed: sameWallet ? (current?.lastUsed ?? null) : null,
          savedAt: data.at,
          deletedAt: null,
          validUntil: data.validUntil ?? null,
          approval: data.unconfirmed === true ? 'checking' : 'confirmed',
          approvalMessage: null,
        };
      }
      case 'CredentialsChecked': {
        if (current === null || current.apiWalletAddress === null || !sameAddress(current.apiWalletAddress, event.data.apiWalletAddress)) return current;
        return { ...current, approval: event.data.approved ? 'confirmed' : 'refused', approvalMessage: event.data.message };
      }
      case 'CredentialsDeleted':
        return { ...NOT_CONFIGURED, deletedAt: event.data.at };
      case 'OrderSubmitted':
        // Only keys that are still configured were used; an order racing a deletion changes nothing.
        if (current === null || !current.configured) return current;
        return current.lastUsed !== null && current.lastUsed >= event.data.signedAt ? current : { ...current, lastUsed: event.data.signedAt };
      default:
        return current;
    }
  },
});

/** Builds the credentials record; without a document the keys are simply not configured. */
export function toCredentialsRecord(doc: KeySummaryDoc | null): CredentialsRecord {
  const data = doc?.data ?? NOT_CONFIGURED;
  return {
    configured: data.configured,
    accountAddress: data.accountAddress,
    apiWalletAddress: data.apiWalletAddress,
    isTestnet: data.isTestnet,
    lastUsed: data.lastUsed,
    validUntil: data.validUntil ?? null,
    approval: data.configured ? (data.approval ?? 'confirmed') : null,
    approvalMessage: data.approvalMessage ?? null,
  };
}
