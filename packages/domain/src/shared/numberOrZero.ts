/**
 * Reads a number the way the read models need it: exchange decimals arrive as strings,
 * and anything missing or non-numeric becomes 0 rather than NaN leaking into sums and charts.
 */
export function numberOrZero(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

/** Like {@link numberOrZero} but keeps "absent" distinct: missing or non-numeric gives `null`. */
export function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}
