import { z } from 'zod';

/**
 * The email and password of sign-up and login. Loosely typed on purpose: the domain's credential
 * rules check them and answer with the spec's own messages, which a schema refusal would not.
 */
export const CredentialsBodySchema = z.object({
  email: z.string().max(320).optional(),
  password: z.string().max(1024).optional(),
  confirmPassword: z.string().max(1024).optional(),
});
/** The body of `POST /api/auth/signup` and `/login`. */
export type CredentialsBody = z.input<typeof CredentialsBodySchema>;

/** The body of `POST /api/auth/refresh`: the refresh token of the session to renew. */
export const RefreshBodySchema = z.object({ refreshToken: z.string().min(1).max(4096) });
/** A refresh request. */
export type RefreshBody = z.input<typeof RefreshBodySchema>;

/** The body of `POST /api/auth/logout`: this device's refresh token, revoked with the access token. */
export const LogoutBodySchema = z.object({ refreshToken: z.string().max(4096).optional() }).nullish();
/** A logout request. */
export type LogoutBody = z.input<typeof LogoutBodySchema>;
