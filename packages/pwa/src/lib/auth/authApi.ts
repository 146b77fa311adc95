import { OidcProviderListSchema, SessionViewSchema, SignedOutViewSchema, UserViewSchema, type CredentialsBody, type LogoutBody } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** `POST /api/auth/login`. */
export const logIn = (email: string, password: string) =>
  api('/api/auth/login', { method: 'POST', body: { email, password } satisfies CredentialsBody, schema: SessionViewSchema, auth: false });

/** `POST /api/auth/signup`. */
export const signUp = (email: string, password: string, confirmPassword: string) =>
  api('/api/auth/signup', { method: 'POST', body: { email, password, confirmPassword } satisfies CredentialsBody, schema: SessionViewSchema, auth: false });

/** `POST /api/auth/logout`: revokes the access token and this device's refresh token. */
export const logOut = (refreshToken: string) =>
  api('/api/auth/logout', { method: 'POST', body: { refreshToken } satisfies LogoutBody, schema: SignedOutViewSchema });

/** `GET /api/auth/user`: checks a stored session at start-up. */
export const currentUser = () => api('/api/auth/user', { schema: UserViewSchema });

/** The sign-in providers the api offers (a Google button only where one is configured). */
export const oidcProvidersQuery = queryOptions({
  queryKey: ['auth', 'oidcProviders'],
  queryFn: () => api('/api/auth/oidc/providers', { schema: OidcProviderListSchema, auth: false }),
  staleTime: Infinity,
});
