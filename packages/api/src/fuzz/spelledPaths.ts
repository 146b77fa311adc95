import fc from 'fast-check';

/** One character as a sender might spell it in a path: itself, another case, or percent-escaped (once or twice). */
function spelledChar(char: string): fc.Arbitrary<string> {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return fc.constantFrom(char, char.toUpperCase(), `%${hex}`, `%${hex.toUpperCase()}`, `%25${hex}`);
}

/** A text spelled character by character. */
function spelled(text: string): fc.Arbitrary<string> {
  return fc.tuple(...[...text].map(spelledChar)).map((chars) => chars.join(''));
}

/**
 * `/hook/<secret>` in the spellings of issue 32: escapes, case, doubled slashes, trailing dots and
 * slashes, the secret escaped or not, a query after it. `secret` is read when a case is drawn.
 */
export function spelledHookPath(secret: () => string): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('/', '//', '///', '/./'),
      spelled('hook'),
      fc.constantFrom('', '.', '..', '%2e', ' '),
      fc.constantFrom('/', '//', '%2F', '%2f'),
      fc.boolean(),
      fc.constantFrom('', '.', '/', '//', '%00', '?x=1', '#frag', '/extra', ';a=b'),
    )
    .map(([lead, hook, afterHook, slash, escapeSecret, tail]) => {
      const key = escapeSecret ? [...secret()].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('') : secret();
      return `${lead}${hook}${afterHook}${slash}${key}${tail}`;
    });
}
