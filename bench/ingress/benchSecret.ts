/**
 * The webhook secret of the bench user, in a module of its own: the load generator needs it, and
 * importing it from ingressServer.ts would start a second server inside the load generator.
 */
export const BENCH_SECRET = 'bench-secret-0123456789abcdef';
