/**
 * Marks the end of an exhaustive switch: the compiler refuses the call when a case is missing
 * (a new event or command type must be handled everywhere), and at run time it reports a value
 * that should not exist.
 */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
