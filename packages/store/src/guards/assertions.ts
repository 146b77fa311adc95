/** Throws a TypeError unless `value` is a non-empty string. */
export function assertNonEmptyString(value: unknown, what: string): asserts value is string {
  if (typeof value !== 'string' || value.length === 0) throw new TypeError(`${what} must be a non-empty string`);
}

/** Throws a RangeError unless `value` is a safe integer ≥ `min`. */
export function assertInteger(value: unknown, what: string, min = 0): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${what} must be an integer ≥ ${min}, got ${String(value)}`);
  }
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Throws unless `name` is a plain identifier. Field names end up inside SQL text (index
 * expressions must be repeated verbatim for the planner to use them), so this is what keeps
 * them injection-proof.
 */
export function assertFieldName(name: unknown, what: string): asserts name is string {
  if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
    throw new TypeError(`${what} must be a top-level field name (letters, digits, _), got ${JSON.stringify(name)}`);
  }
}
