// oidc-provider 9 ships no type declarations; these cover what the OIDC tests use.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  /** A configured OpenID Connect provider (the parts the tests drive). */
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host: string): Server;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
