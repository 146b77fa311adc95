import { createHash } from 'node:crypto';
import { z } from 'zod';

/** JSON Schema keywords whose array order means nothing: sorted, so reordering fields or options is no change. */
const UNORDERED = new Set(['required', 'enum']);

/** Sorted keys and no `description` texts: a fingerprint follows what events may hold, not how it is written down. */
function canonical(node: unknown, keyword?: string): unknown {
  if (Array.isArray(node)) {
    const items = node.map((item) => canonical(item));
    return keyword !== undefined && UNORDERED.has(keyword) ? items.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) : items;
  }
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .filter((key) => !(key === 'description' && typeof record[key] === 'string'))
      .sort()
      .map((key) => [key, canonical(record[key], key)]),
  );
}

/**
 * A short digest of the shape an event schema accepts: its JSON Schema on the input side (what is
 * stored), nested schemas included. Refinements (`refine`, `superRefine`) have no JSON Schema, so a
 * rule tightened inside one does not change the fingerprint; every field, type, enum value,
 * pattern and bound does.
 */
export function schemaFingerprint(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return createHash('sha256')
    .update(JSON.stringify(canonical(json)))
    .digest('hex')
    .slice(0, 16);
}
