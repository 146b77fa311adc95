/**
 * @hyperhook/api — the Fastify gateway: the /api contract, auth, OpenAPI, metrics, health and the
 * PWA. Feature plugins (ingress, live, push) use `app.deps`, `app.authenticate`,
 * `app.verifyAccessToken` and `app.metrics`. Exported: what the CLI and the benchmarks start it with.
 */
export { buildApp } from './app.js';
export { startServer } from './server.js';
export type { AppDeps, ProjectionWaiter } from './appDeps.js';
export { deriveJwtSecret } from './auth/jwtKey.js';
export { oidcProvidersFromEnv } from './auth/oidc/oidcProvidersFromEnv.js';
