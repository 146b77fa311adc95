/** The outcome of parseLenientJson: the value, or the strict parser's complaint. */
export type LenientJsonResult = { ok: true; value: unknown } | { ok: false; error: string };

// Phone keyboards and word processors "smarten" quotes; TradingView then sends the message as
// text/plain because it is no longer strict JSON.
const CURLY_DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033]/g;

/**
 * JSON.parse, plus one retry that forgives the two slips people make when typing an alert message
 * by hand: a trailing comma before } or ], and curly double quotes. Strict JSON always parses the
 * same as with JSON.parse; when even the repaired text fails, the strict error is reported.
 */
export function parseLenientJson(text: string): LenientJsonResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (strictError) {
    const repaired = removeTrailingCommas(text.replace(CURLY_DOUBLE_QUOTES, '"'));
    if (repaired !== text) {
      try {
        return { ok: true, value: JSON.parse(repaired) as unknown };
      } catch {
        // fall through to the strict error, which points at what the sender actually wrote
      }
    }
    return { ok: false, error: strictError instanceof Error ? strictError.message : String(strictError) };
  }
}

/** Drops commas that directly precede } or ], leaving string contents alone. */
function removeTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j] as string)) j++;
      if (text[j] === '}' || text[j] === ']') continue;
    }
    out += c;
  }
  return out;
}
