/**
 * @hyperhook/cli — the `hyperhook` command's building blocks (the command itself is main.ts).
 */
export { loadConfig, EnvSchema, type Config } from './config.js';
export { runRoles, type RoleSelection } from './roles.js';
export { userHistory } from './runExport.js';
export { apiDepsOf, rateLimitOf } from './apiDeps.js';
export { exchangeClientOf, exchangeTuningOf, masterKeyOf, sealersOf } from './buildRoleDeps.js';
export { storeFileOf, STORE_FILE_NAME } from './openEmbeddedStore.js';
