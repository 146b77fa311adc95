import { useState } from 'react';
import { Field } from '../../components/Field';
import { PublicHeader } from '../../components/PublicHeader';
import { useOnline } from '../../lib/offline/useOnline';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ToLogin } from './AuthLinks';
import { ProviderButtons } from './ProviderButtons';
import { useSignUpForm } from './useSignUpForm';

/**
 * Create an account: email, password and its confirmation, checked with the
 * domain's own rules before sending ("Password must be at least 6 characters",
 * "Passwords do not match"); a refusal by the api shows "Failed to create account" and why.
 */
export default function SignupPage() {
  useDocumentTitle('Create account');
  const online = useOnline();
  const { values, set, fieldErrors, failure, busy, submit } = useSignUpForm();
  const [providerError, setProviderError] = useState<string | null>(null);

  return (
    <>
      <PublicHeader />
      <main id="main" className="page page--narrow">
        <section className="card auth-card" aria-labelledby="signup-title">
          <h1 id="signup-title">Create your account</h1>
          <p className="muted">Your webhook URL is ready the moment you sign up.</p>
          <form className="form" onSubmit={(e) => void submit(e)} noValidate>
            <Field label="Email" error={fieldErrors.email}>
              <input className="input" type="email" name="email" autoComplete="email" inputMode="email" required value={values.email} onChange={set('email')} />
            </Field>
            <Field label="Password" hint="At least 6 characters." error={fieldErrors.password}>
              <input
                className="input"
                type="password"
                name="password"
                autoComplete="new-password"
                required
                minLength={6}
                value={values.password}
                onChange={set('password')}
              />
            </Field>
            <Field label="Confirm password" error={fieldErrors.confirmPassword}>
              <input
                className="input"
                type="password"
                name="confirmPassword"
                autoComplete="new-password"
                required
                value={values.confirmPassword}
                onChange={set('confirmPassword')}
              />
            </Field>
            {failure !== null && (
              <div className="notice notice--error" role="alert">
                <p>
                  <strong>Failed to create account</strong>
                </p>
                {failure.detail !== null && <p>{failure.detail}</p>}
              </div>
            )}
            {providerError !== null && (
              <p className="notice notice--error" role="alert">
                {providerError}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--block" disabled={busy || !online}>
              {busy ? 'Creating account...' : 'Create Account'}
            </button>
          </form>
          <div className="form" style={{ marginTop: '0.9rem' }}>
            <ProviderButtons onError={setProviderError} />
          </div>
          <div style={{ marginTop: '1rem' }}>
            <ToLogin />
          </div>
        </section>
      </main>
    </>
  );
}
