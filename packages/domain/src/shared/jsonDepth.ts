/**
 * True when the JSON text nests arrays and objects at most `max` deep. A linear scan that skips
 * strings, run before JSON.parse where the parsed value is walked recursively later (stored,
 * validated, serialised): `[[[…]]]` thousands deep parses, then overflows the stack of whatever
 * walks it. Malformed text may pass; JSON.parse still refuses it.
 */
export function jsonDepthWithin(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return false;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return true;
}
