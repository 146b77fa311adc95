import { z } from 'zod';

const base64 = z
  .string()
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Expected base64')
  .min(1);

/**
 * A value sealed with AES-256-GCM by the crypto adapter: secrets never enter the log in
 * clear. `keyId` names the per-user data key, so that destroying that key (crypto-shredding on
 * CredentialsDeleted) makes every copy left in the immutable log unreadable.
 */
export const SealedSchema = z.object({
  v: z.literal(1),
  keyId: z.string().min(1).max(200),
  iv: base64,
  ciphertext: base64,
  tag: base64,
});
/** A sealed secret. */
export type Sealed = z.infer<typeof SealedSchema>;
