import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api/apiError';
import { useAuth } from '../../lib/auth/useAuth';

/** The spec's words: the failure's own message, else "Failed to sign in". */
export function signInFailure(error: unknown): string {
  return error instanceof ApiError && error.serverMessage !== null ? error.serverMessage : 'Failed to sign in';
}

/** The sign-in form's email and password, and its error: the api's, or a provider popup's (`setError`). */
export function useSignInForm() {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await signIn(email, password);
    } catch (failure) {
      setError(signInFailure(failure));
      setBusy(false);
    }
  };
  return { email, setEmail, password, setPassword, error, setError, busy, submit };
}
