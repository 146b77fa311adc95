import { assertNonEmptyString } from '../guards/assertions.js';

/**
 * How the port's stream ids map to KurrentDB stream names. KurrentDB has no databases, so
 * isolation (one tenant, or one contract test) is a prefix: with a namespace `ns`, the port's
 * `order-1` is stored as `ns:order-1`, and reads only see (and strip) names under `ns:`.
 */
export type KurrentStreamNames = {
  /** The port's stream id → the stored stream name. */
  toServer(streamId: string): string;
  /** A stored stream name → the port's stream id, or undefined when it is not the application's (system stream, other namespace). */
  fromServer(streamName: string): string | undefined;
  /** The stored-name prefix matching the port's `streamPrefix` (the namespace alone for ''), or undefined without namespace nor prefix. */
  serverPrefix(streamPrefix: string | undefined): string | undefined;
};

const NAMESPACE = /^[A-Za-z0-9_-]+$/;
const SEPARATOR = ':';

/** Stream-name mapping for an optional namespace (letters, digits, `_`, `-`). */
export function kurrentStreamNames(namespace: string | undefined): KurrentStreamNames {
  if (namespace !== undefined && !NAMESPACE.test(namespace)) {
    throw new TypeError(`streamNamespace must be letters, digits, _ or -, got ${JSON.stringify(namespace)}`);
  }
  const prefix = namespace === undefined ? '' : `${namespace}${SEPARATOR}`;
  return {
    toServer(streamId) {
      assertNonEmptyString(streamId, 'streamId');
      return prefix + streamId;
    },
    fromServer(streamName) {
      if (!streamName.startsWith(prefix)) return undefined;
      const streamId = streamName.slice(prefix.length);
      // `$`-streams are KurrentDB's own (metadata `$$…`, projections `$ce-…`, settings): never the application's log.
      return streamId.length === 0 || streamId.startsWith('$') ? undefined : streamId;
    },
    serverPrefix(streamPrefix) {
      const full = prefix + (streamPrefix ?? '');
      return full.length === 0 ? undefined : full;
    },
  };
}
