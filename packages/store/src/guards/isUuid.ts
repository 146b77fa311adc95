const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical 8-4-4-4-12 hex UUID (any version), which is what KurrentDB accepts as event id. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
