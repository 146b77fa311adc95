import { useState } from 'react';
import { PublicHeader } from '../../components/PublicHeader';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ToLogin } from './AuthLinks';
import { ProviderButtons } from './ProviderButtons';
import { SignupForm } from './SignupForm';

/**
 * Create an account: email, password and its confirmation, checked with the
 * domain's own rules before sending ("Password must be at least 6 characters",
 * "Passwords do not match"); a refusal by the api shows "Failed to create account" and why.
 */
export default function SignupPage() {
  useDocumentTitle('Create account');
  const [providerError, setProviderError] = useState<string | null>(null);

  return (
    <>
      <PublicHeader />
      <main id="main" className="page page--narrow">
        <section className="card auth-card" aria-labelledby="signup-title">
          <h1 id="signup-title">Create your account</h1>
          <p className="muted">Your webhook URL is ready the moment you sign up.</p>
          <SignupForm providerError={providerError} />
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
