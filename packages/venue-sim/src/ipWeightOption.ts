/**
 * The textual form of `SimulatorOptions.ipWeightPerMinute` used on command lines
 * (`hyperhook sim --ip-weight-per-minute 1200|off`), kept beside the option it feeds.
 */
/** "off" ⇒ null (no limit); a positive integer ⇒ that budget; anything else throws. */
export function parseIpWeightPerMinute(text: string): number | null {
  if (text.trim().toLowerCase() === 'off') return null;
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`--ip-weight-per-minute must be a positive integer or "off"; got "${text}"`);
  return n;
}
