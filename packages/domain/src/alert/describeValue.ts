const MAX_SHOWN = 60;

/**
 * Shows a received value inside a rejection sentence the way the sender wrote it: strings quoted
 * (and cut to 60 characters so a huge field cannot flood the log), numbers as numbers, and
 * structures by kind. Never throws, whatever it is given.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string': {
      const shown = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
      return JSON.stringify(shown);
    }
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'undefined':
      return 'nothing';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? 'a list' : 'an object';
    default:
      return `a ${typeof value}`;
  }
}
