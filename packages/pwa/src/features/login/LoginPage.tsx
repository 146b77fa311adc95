import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { PublicHeader } from '../../components/PublicHeader';
import { ApiError } from '../../lib/api/apiError';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useOnline } from '../../lib/offline/useOnline';
import { ToSignup } from './AuthLinks';
import { ProviderButtons } from './ProviderButtons';
import { useSessionStore } from '../../lib/auth/sessionStore';
import { useAuth } from '../../lib/auth/useAuth';

/** The spec's words: the failure's own message, else "Failed to sign in". */
export function signInFailure(error: unknown): string {
  return error instanceof ApiError && error.serverMessage !== null ? error.serverMessage : 'Failed to sign in';
}

/**
 * Sign in: email and password, or a provider popup. Success lands on the
 * dashboard through the route guard; errors show inline.
 */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  const { signIn } = useAuth();
  const online = useOnline();
  const endedBecause = useSessionStore((state) => state.endedBecause);
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

  return (
    <>
      <PublicHeader />
      <main id="main" className="page page--narrow">
        <section className="card auth-card" aria-labelledby="login-title">
          <h1 id="login-title">Sign in</h1>
          <p className="muted">Welcome back. Your webhooks keep running while you are away.</p>
          {endedBecause !== null && error === null && (
            <p className="notice notice--warning" role="status">
              Your session ended ({endedBecause}). Please sign in again.
            </p>
          )}
          <form className="form" onSubmit={(e) => void submit(e)} noValidate>
            <Field label="Email">
              <input className="input" type="email" name="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            <Field label="Password">
              <input className="input" type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
            {error !== null && (
              <p className="notice notice--error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--block" disabled={busy || !online}>
              {busy ? 'Signing in...' : 'Sign In'}
            </button>
          </form>
          <div className="form" style={{ marginTop: '0.9rem' }}>
            <ProviderButtons onError={setError} />
          </div>
          <div style={{ marginTop: '1rem' }}>
            <ToSignup />
          </div>
        </section>
      </main>
    </>
  );
}
