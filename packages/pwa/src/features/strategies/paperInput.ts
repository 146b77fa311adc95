import { ApiError } from '../../lib/api/apiError';

/**
 * A USDC amount as typed ("10,000", "2500.50", " 700 "); null when it is no number, blank included,
 * so the api answers its own words for it. The range is the domain's, checked by the api.
 */
export function usdcInput(text: string): number | null {
  const cleaned = text.replace(/[\s,_]/g, '').replace(/^\$/, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Which field of a strategy form a refusal is about: its `fieldErrors` say; anything else is the name's. */
export function refusedField(error: unknown): 'name' | 'paperBalance' {
  const listed = error instanceof ApiError ? (error.body as { fieldErrors?: unknown } | null)?.fieldErrors : undefined;
  const first: unknown = Array.isArray(listed) ? listed[0] : undefined;
  return (first as { field?: unknown } | undefined)?.field === 'paperBalance' ? 'paperBalance' : 'name';
}
