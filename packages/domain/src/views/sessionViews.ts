import { z } from 'zod';

/** The signed-in user: `GET /api/auth/user`, and part of every session answer. */
export const UserViewSchema = z.object({ uid: z.string(), email: z.string() });
/** A user as the api answers it. */
export type UserView = z.infer<typeof UserViewSchema>;

/** What sign-up, login, refresh and the OIDC popup answer: an access token, a refresh token and the user. */
export const SessionViewSchema = z.object({ token: z.string(), refreshToken: z.string(), user: UserViewSchema });
/** A session as the api answers it. */
export type SessionView = z.infer<typeof SessionViewSchema>;

/** `GET /api/auth/webhook-url` and `POST /api/auth/regenerate-webhook-secret`. */
export const WebhookUrlViewSchema = z.object({ webhookUrl: z.string() });

/** One sign-in provider of `GET /api/auth/oidc/providers`: the PWA shows a button per entry. */
export const OidcProviderViewSchema = z.object({ id: z.string(), label: z.string(), startUrl: z.string() });
/** A sign-in provider as the api lists it. */
export type OidcProviderView = z.infer<typeof OidcProviderViewSchema>;
/** `GET /api/auth/oidc/providers`: the configured ones only. */
export const OidcProviderListSchema = z.array(OidcProviderViewSchema);

/** What the api's OIDC callback page posts to the PWA window that opened it: a session, a cancel or a refusal. */
export const OidcPopupMessageSchema = z.union([
  z.object({ type: z.literal('hyperhook:oidc'), ok: z.literal(true) }).extend(SessionViewSchema.shape),
  z.object({ type: z.literal('hyperhook:oidc'), ok: z.literal(false), cancelled: z.literal(true) }),
  z.object({ type: z.literal('hyperhook:oidc'), ok: z.literal(false), error: z.string() }),
]);
/** The OIDC popup's message. */
export type OidcPopupMessage = z.infer<typeof OidcPopupMessageSchema>;

/** `POST /api/auth/logout`'s answer. */
export const SignedOutViewSchema = z.object({ signedOut: z.literal(true) });
