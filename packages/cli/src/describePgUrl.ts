/**
 * Where a PostgreSQL URL points, for logs and messages, never with its password:
 * `host:port/database`, or `user@host:port/database` with `withUser`; `fallback` for a URL that
 * does not parse.
 */
export function describePgUrl(url: string, options: { readonly withUser?: boolean; readonly fallback: string }): string {
  try {
    const parsed = new URL(url);
    const user = options.withUser === true && parsed.username !== '' ? `${decodeURIComponent(parsed.username)}@` : '';
    return `${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return options.fallback;
  }
}
