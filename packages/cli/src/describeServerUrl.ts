/**
 * The hosts a server URL points at, for logs and messages, never with its credentials: `host1:port,host2:port`
 * of `scheme://user:password@host1:port,host2:port/path?options`. Not WHATWG URL parsing: a
 * MongoDB or KurrentDB seed list of several hosts is no valid URL host.
 */
export function describeServerUrl(url: string): string {
  const hosts = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]*)/i.exec(url)?.[1];
  return hosts === undefined || hosts === '' ? 'an unparsable URL' : hosts;
}
