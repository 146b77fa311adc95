import type { OidcProviderView } from '@hyperhook/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../lib/api/apiError';
import { oidcProvidersQuery } from '../../lib/auth/authApi';
import { useAuth } from '../../lib/auth/useAuth';

/**
 * "Sign in with Google" and any other configured provider: shown only where the api
 * lists one. A closed popup is ignored silently; a failure shows its message.
 */
export function ProviderButtons({ onError }: { onError: (message: string | null) => void }) {
  const providers = useQuery(oidcProvidersQuery);
  const { signInWithProvider } = useAuth();
  const [busy, setBusy] = useState<string | null>(null);
  if (providers.data === undefined || providers.data.length === 0) return null;

  const start = async (provider: OidcProviderView) => {
    onError(null);
    setBusy(provider.id);
    try {
      await signInWithProvider(provider);
    } catch (error) {
      onError(messageOf(error, `Failed to sign in with ${provider.label}`));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <p className="divider">or</p>
      {providers.data.map((provider) => (
        <button key={provider.id} type="button" className="btn btn--block" disabled={busy !== null} onClick={() => void start(provider)}>
          Sign in with {provider.label}
        </button>
      ))}
    </>
  );
}
