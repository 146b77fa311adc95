import { z } from 'zod';
import { DomainError } from '../shared/domainError.js';
import { err, ok, type Result } from '../shared/result.js';

/** Password minimum length (spec §9). */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * Counts a password's characters as people count them (Unicode code points, so an emoji is one
 * character). The api calls this on the raw password and passes the count in the SignUp command,
 * so the decider can check the password's length without ever seeing the password or calling the hasher.
 */
export function countPasswordCharacters(password: string): number {
  return [...password].length;
}

/** "Password must be at least 6 characters". */
export function passwordTooShort(): DomainError {
  const message = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return new DomainError('PASSWORD_TOO_SHORT', 'Password too short', message, [{ field: 'password', message }]);
}

/**
 * Normalises and checks an email: trimmed, lower-cased (one account per address whatever the
 * case typed), required and well-formed.
 */
export function normaliseEmail(raw: unknown): Result<string, DomainError> {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (email === '')
    return err(
      new DomainError('EMAIL_REQUIRED', 'Email required', 'Please enter your email address.', [
        { field: 'email', message: 'Please enter your email address.' },
      ]),
    );
  if (!z.email().max(320).safeParse(email).success) {
    return err(
      new DomainError('EMAIL_INVALID', 'Invalid email', 'Please enter a valid email address.', [
        { field: 'email', message: 'Please enter a valid email address.' },
      ]),
    );
  }
  return ok(email);
}

/** A sign-up form after {@link validateSignUpInput}: the email normalised, the password untouched. */
export interface SignUpInput {
  readonly email: string;
  readonly password: string;
  readonly passwordLength: number;
}

/**
 * Checks a sign-up form before the password is hashed (spec §5): email and password required,
 * password at least 6 characters, confirmation equal to the password when one
 * is given ("Passwords do not match"). Passwords are never trimmed: spaces are characters.
 */
export function validateSignUpInput(raw: { email?: unknown; password?: unknown; confirmPassword?: unknown }): Result<SignUpInput, DomainError> {
  const email = normaliseEmail(raw.email);
  if (!email.ok) return email;
  const password = typeof raw.password === 'string' ? raw.password : '';
  if (password === '') {
    return err(
      new DomainError('PASSWORD_REQUIRED', 'Password required', 'Please enter a password.', [{ field: 'password', message: 'Please enter a password.' }]),
    );
  }
  const passwordLength = countPasswordCharacters(password);
  if (passwordLength < PASSWORD_MIN_LENGTH) return err(passwordTooShort());
  if (raw.confirmPassword !== undefined && raw.confirmPassword !== password) {
    return err(
      new DomainError('PASSWORDS_DO_NOT_MATCH', 'Passwords do not match', 'Passwords do not match', [
        { field: 'confirmPassword', message: 'Passwords do not match' },
      ]),
    );
  }
  return ok({ email: email.value, password, passwordLength });
}
