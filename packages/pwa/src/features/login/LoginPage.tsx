import { Field } from '../../components/Field';
import { PublicHeader } from '../../components/PublicHeader';
import { useSessionStore } from '../../lib/auth/sessionStore';
import { useOnline } from '../../lib/offline/useOnline';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ToSignup } from './AuthLinks';
import { ProviderButtons } from './ProviderButtons';
import { useSignInForm } from './useSignInForm';

/**
 * Sign in: email and password, or a provider popup. Success lands on the
 * dashboard through the route guard; errors show inline.
 */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  const online = useOnline();
  const endedBecause = useSessionStore((state) => state.endedBecause);
  const { email, setEmail, password, setPassword, error, setError, busy, submit } = useSignInForm();

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
              <input
                className="input"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <Field label="Password">
              <input
                className="input"
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
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
