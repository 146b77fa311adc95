import type { OidcProviderConfig } from '../../appDeps.js';

/**
 * A plain-http issuer is accepted only on this machine (a development or test provider): anywhere
 * else the code exchange would cross the network unencrypted.
 */
function isLoopbackHttp(issuer: string): boolean {
  try {
    const url = new URL(issuer);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Reads OpenID Connect providers from the environment. Scheme, per provider `<ID>` (letters,
 * digits, underscore; its lower-case form is the URL segment):
 *
 *   OIDC_<ID>_ISSUER          required, e.g. OIDC_GOOGLE_ISSUER=https://accounts.google.com
 *   OIDC_<ID>_CLIENT_ID       required
 *   OIDC_<ID>_CLIENT_SECRET   optional (public clients rely on PKCE alone)
 *   OIDC_<ID>_LABEL           optional display name, default the id capitalised ("Google")
 *   OIDC_<ID>_SCOPE           optional, default "openid email profile"
 *
 * The redirect URI to register with the provider is `{PUBLIC_URL}/api/auth/oidc/<id>/callback`.
 * A provider with an issuer but no client id is a configuration error and throws. A plain-http
 * issuer is allowed on loopback only.
 */
export function oidcProvidersFromEnv(env: NodeJS.ProcessEnv): OidcProviderConfig[] {
  const providers: OidcProviderConfig[] = [];
  for (const [name, issuer] of Object.entries(env)) {
    const match = /^OIDC_([A-Z0-9_]+?)_ISSUER$/.exec(name);
    if (match === null || issuer === undefined || issuer === '') continue;
    const key = match[1] as string;
    const clientId = env[`OIDC_${key}_CLIENT_ID`];
    if (clientId === undefined || clientId === '') throw new Error(`OIDC_${key}_CLIENT_ID is required when OIDC_${key}_ISSUER is set`);
    const id = key.toLowerCase();
    const secret = env[`OIDC_${key}_CLIENT_SECRET`];
    const scope = env[`OIDC_${key}_SCOPE`];
    providers.push({
      id,
      label: env[`OIDC_${key}_LABEL`] ?? id.charAt(0).toUpperCase() + id.slice(1),
      issuer,
      clientId,
      ...(secret ? { clientSecret: secret } : {}),
      ...(scope ? { scope } : {}),
      ...(isLoopbackHttp(issuer) ? { allowInsecureRequests: true } : {}),
    });
  }
  return providers.sort((a, b) => a.id.localeCompare(b.id));
}
