import { validateSignUpInput } from '@hyperhook/domain';
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { PublicHeader } from '../../components/PublicHeader';
import { ApiError } from '../../lib/api/apiError';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useOnline } from '../../lib/offline/useOnline';
import { ToLogin } from './AuthLinks';
import { ProviderButtons } from './ProviderButtons';
import { useAuth } from '../../lib/auth/useAuth';

type FieldName = 'email' | 'password' | 'confirmPassword';

/**
 * Create an account: email, password and its confirmation, checked with the
 * domain's own rules before sending ("Password must be at least 6 characters",
 * "Passwords do not match"); a refusal by the api shows "Failed to create account" and why.
 */
export default function SignupPage() {
  useDocumentTitle('Create account');
  const { signUp } = useAuth();
  const online = useOnline();
  const [values, setValues] = useState<Record<FieldName, string>>({ email: '', password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  /** Set when the api refused the sign-up, with its reason when it gave one. */
  const [failure, setFailure] = useState<{ readonly detail: string | null } | null>(null);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: FieldName) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

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
              <input className="input" type="password" name="password" autoComplete="new-password" required minLength={6} value={values.password} onChange={set('password')} />
            </Field>
            <Field label="Confirm password" error={fieldErrors.confirmPassword}>
              <input className="input" type="password" name="confirmPassword" autoComplete="new-password" required value={values.confirmPassword} onChange={set('confirmPassword')} />
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
