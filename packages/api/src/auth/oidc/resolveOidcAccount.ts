import { accountDecider } from '@hyperhook/domain';
import type { AppDeps } from '../../appDeps.js';
import { claim, claimOwner } from '../../accounts/claims.js';
import { createAccount } from '../../accounts/createAccount.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ApiError } from '../../http/apiError.js';
import { loadSessionState } from '../sessionState.js';

/** What the provider said about the person signing in (from the verified ID token). */
export interface OidcIdentity {
  readonly issuer: string;
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
}

/**
 * The account an external identity signs in to, creating it on first sign-in:
 * 1. an identity already claimed → its account;
 * 2. an email that belongs to an existing account → linked (ExternalIdentityLinked) only when the
 *    provider verified the email; otherwise refused, since anyone can type any email at some providers;
 * 3. otherwise a new account (UserSignedUp with passwordHash null + ExternalIdentityLinked).
 */
export async function resolveOidcAccount(deps: AppDeps, identity: OidcIdentity): Promise<{ uid: string; email: string; position: number | null }> {
  const { eventStore } = deps.store;
  const key = { kind: 'identity', issuer: identity.issuer, subject: identity.subject } as const;
  const at = deps.clock().toISOString();

  const owner = await claimOwner(eventStore, key);
  if (owner !== null) {
    const state = await loadSessionState(eventStore, owner.uid);
    if (state.signedUp !== null) return { uid: owner.uid, email: state.signedUp.email, position: null };
  }
  if (identity.email === null) throw new ApiError(400, 'The sign-in provider did not share an email address.');
  const email = identity.email.trim().toLowerCase();

  const emailOwner = await claimOwner(eventStore, { kind: 'email', email });
  const emailAccount = emailOwner === null ? null : await loadSessionState(eventStore, emailOwner.uid);
  if (emailOwner !== null && emailAccount?.signedUp != null) {
    if (!identity.emailVerified) throw new ApiError(409, 'An account with this email already exists. Sign in with your password.');
    if (!(await claim(eventStore, key, emailOwner.uid, at))) throw new ApiError(409, 'This identity is already linked to another account.');
    const outcome = await handleUserCommand(eventStore, emailOwner.uid, accountDecider, {
      type: 'LinkExternalIdentity',
      issuer: identity.issuer,
      subject: identity.subject,
      email,
      at,
    });
    return { uid: emailOwner.uid, email: emailAccount.signedUp.email, position: outcome.position };
  }

  const created = await createAccount(deps, email, { kind: 'external', issuer: identity.issuer, subject: identity.subject, email });
  if (!(await claim(eventStore, key, created.uid, at))) throw new ApiError(409, 'This identity is already linked to another account.');
  return { uid: created.uid, email, position: created.position };
}
