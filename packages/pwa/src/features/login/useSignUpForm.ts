import { validateSignUpInput } from '@hyperhook/domain';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api/apiError';
import { useAuth } from '../../lib/auth/useAuth';

export type SignUpField = 'email' | 'password' | 'confirmPassword';

/**
 * The sign-up form's values and their messages, checked with the domain's own rules before
 * sending; `failure` is set when the api refused the sign-up, with its reason when it gave one.
 */
export function useSignUpForm() {
  const { signUp } = useAuth();
  const [values, setValues] = useState<Record<SignUpField, string>>({ email: '', password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SignUpField, string>>>({});
  const [failure, setFailure] = useState<{ readonly detail: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: SignUpField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validateSignUpInput(values);
    if (!checked.ok) {
      setFieldErrors(Object.fromEntries(checked.error.fieldErrors.map((f) => [f.field, f.message])));
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      await signUp(values.email, values.password, values.confirmPassword);
    } catch (error) {
      setFailure({ detail: error instanceof ApiError ? error.serverMessage : null });
      setBusy(false);
    }
  };
  return { values, set, fieldErrors, failure, busy, submit };
}
