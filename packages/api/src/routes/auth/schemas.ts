import { SessionViewSchema, UserViewSchema } from '@hyperhook/domain';
import { z } from 'zod';

/** `{uid, email}` of the signed-in user. */
export const UserSchema = UserViewSchema;

/** Answer of sign-up, login, refresh. */
export const SessionSchema = SessionViewSchema;

/** Email and password; the rules are the domain's, so their messages are the spec's. */
export { CredentialsBodySchema } from '@hyperhook/domain';

/** The failure envelope, for the OpenAPI document. */
export const FailureSchema = z.object({ success: z.literal(false), error: z.string() }).loose();

/** Wraps a data schema in the success envelope, for the OpenAPI document. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
