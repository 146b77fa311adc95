/**
 * @hyperhook/api — the Fastify gateway: the /api contract, auth, OpenAPI, metrics, health and the
 * PWA. Feature plugins (ingress, live, push) use `app.deps`, `app.authenticate`,
 * `app.verifyAccessToken` and `app.metrics`.
 */
export { buildApp, DEFAULT_BODY_LIMIT } from './app.js';
export { startServer, type RunningServer, type StartServerOptions } from './server.js';
export type { AppConfig, AppDeps, AppLoggerOptions, HyperliquidGateway, OidcProviderConfig, ProjectionWaiter, RateLimitConfig } from './appDeps.js';
export type { AuthenticatedUser } from './fastifyTypes.js';
export type { AppMetrics } from './plugins/metrics.js';
export { bearerToken, requireUser } from './auth/authPlugin.js';
export { deriveJwtSecret } from './auth/jwtKey.js';
export { oidcProvidersFromEnv } from './auth/oidc/oidcProvidersFromEnv.js';
export { ApiError } from './http/apiError.js';
export { ok, failure, type SuccessEnvelope, type FailureEnvelope } from './http/envelope.js';
export { handleUserCommand } from './commands/handleUserCommand.js';
export { readUserStream } from './commands/readUserStream.js';
export { redactUrl, REDACTED_PATHS } from './logging/loggerOptions.js';
export { sha256Hex } from './accounts/sha256Hex.js';
export { createHyperliquidGateway } from './hyperliquidGateway.js';
export { loggerOptions } from './logging/loggerOptions.js';
