import { Field } from '../../components/Field';
import { useOnline } from '../../lib/offline/useOnline';
import { useSignUpForm } from './useSignUpForm';

/**
 * The sign-up form: email, password and its confirmation, checked with the domain's own rules
 * before sending. `providerError` is the provider buttons' (they sit below the form, in the page):
 * it shows beside the form's own failure, above Create Account.
 */
export function SignupForm({ providerError }: { providerError: string | null }) {
  const online = useOnline();
  const { values, set, fieldErrors, failure, busy, submit } = useSignUpForm();
  return (
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
  );
}
