import { randomUUID } from 'node:crypto';
import { accountDecider, type AccountCommand } from '@hyperhook/domain';
import type { AppDeps } from '../appDeps.js';
import { handleUserCommand } from '../commands/handleUserCommand.js';
import { ApiError } from '../http/apiError.js';
import { claim } from './claims.js';
import { newWebhookSecret } from './webhookSecret.js';

/** "An account with this email already exists" (409): sign-up with a taken email. */
export function emailTaken(): ApiError {
  return new ApiError(409, 'An account with this email already exists. Sign in instead.');
}

/** How the new account signs in. */
export type NewAccountCredential = Extract<AccountCommand, { type: 'SignUp' }>['credential'];

/**
 * Creates an account: claims the (already normalised) email on its reservation stream first, then
 * appends UserSignedUp (+ ExternalIdentityLinked) + the first WebhookSecretRotated to a new
 * `user-<uid>` through the account decider. Throws 409 when the email belongs to another account.
 * Resolves the new uid and the global position to wait for.
 */
export async function createAccount(deps: AppDeps, email: string, credential: NewAccountCredential): Promise<{ uid: string; position: number | null }> {
  const uid = randomUUID();
  const at = deps.clock().toISOString();
  if (!(await claim(deps.store.eventStore, { kind: 'email', email }, uid, at))) throw emailTaken();
  const secret = await newWebhookSecret(deps.sealers.webhook, uid);
  const outcome = await handleUserCommand(deps.store.eventStore, uid, accountDecider, {
    type: 'SignUp',
    uid,
    email,
    credential,
    webhookSecret: { secretHash: secret.secretHash, sealedSecret: secret.sealedSecret },
    at,
  });
  return { uid, position: outcome.position };
}
