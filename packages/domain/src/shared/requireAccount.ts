import { DomainError } from './domainError.js';

/** Refusal for commands on a user stream that holds no account yet. */
export function accountNotFound(): DomainError {
  return new DomainError('ACCOUNT_NOT_FOUND', 'Account not found', 'No account exists for this user.');
}

/** Throws {@link accountNotFound} unless the stream's account exists: every user command but SignUp needs one. */
export function requireAccount(state: { readonly exists: boolean }): void {
  if (!state.exists) throw accountNotFound();
}
