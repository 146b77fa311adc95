/**
 * A value made the first time it is asked for, not when its module loads. For Intl formatters: each
 * costs a few milliseconds to make, the first of a page far more (the locale's data loads), and a
 * screen's modules are evaluated before it can paint, while most screens format little.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
