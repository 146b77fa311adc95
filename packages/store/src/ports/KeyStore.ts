/**
 * Wrapped data keys for crypto-shredding. Deliberately outside the immutable event log:
 * destroying a user's data key makes the sealed copies left in the log unreadable.
 */
export interface KeyStore {
  /** Stores or replaces (re-wrapping under a new master key) the wrapped key. */
  put(keyId: string, wrappedKey: Uint8Array): Promise<void>;
  /** The wrapped key, or undefined when absent or destroyed. */
  get(keyId: string): Promise<Uint8Array | undefined>;
  /** Deletes the key for good (adapters overwrite the freed bytes); resolves true if it existed. */
  destroy(keyId: string): Promise<boolean>;
}
