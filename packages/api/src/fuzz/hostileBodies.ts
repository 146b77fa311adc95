import fc from 'fast-check';

/** Values that break naive parsers: huge, negative and special numbers, and their spellings as text. */
export const hostileScalar = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-1e309',
    '-0',
    '0x10',
    '1_000',
    '',
    ' ',
    '\u0000',
    '\uFEFF1',
    '١٢٣',
    '{{size}}',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
  ),
  fc.string({ maxLength: 40 }),
  fc.boolean(),
  fc.constant(null),
);

/** Keys an alert may carry, the fields the parser reads, and keys that pollute prototypes. */
export const hostileKey = fc.oneof(
  fc.constantFrom(
    'symbol',
    'ticker',
    'action',
    'side',
    'size',
    'price',
    'leverage',
    'orderType',
    'id',
    'target',
    'stopLoss',
    'takeProfit',
    'strategy',
    'format',
    'order',
    'alert',
  ),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'),
  fc.string({ maxLength: 12 }),
);

/** A JSON document built from hostile keys and values, nested a few levels. */
export const hostileJson = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileScalar, tie('object'), tie('array')),
  object: fc.dictionary(hostileKey, tie('node'), { maxKeys: 8 }),
  array: fc.array(tie('node'), { maxLength: 6 }),
})).node;

/** Nesting far deeper than any alert: `[[[…]]]` or `{"a":{"a":…}}`, thousands of levels. */
export const deepNesting = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** A body as sent: JSON text (valid, hostile, or cut short), deep nesting, arbitrary text, or bytes that are not UTF-8. */
export const hostileBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  hostileJson.map((value) => JSON.stringify(value) ?? 'null'),
  fc.tuple(hostileJson, fc.nat()).map(([value, cut]) => {
    const text = JSON.stringify(value) ?? 'null';
    return text.slice(0, cut % (text.length + 1));
  }),
  deepNesting,
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  // Lone surrogates and overlong UTF-8 sequences.
  fc.constantFrom(
    Buffer.from([0xc0, 0xaf]),
    Buffer.from([0xed, 0xa0, 0x80]),
    Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
    Buffer.from('{"symbol":"BTC\u0000","action":"buy"}'),
  ),
);

/** Content types as senders label alerts, correctly or not, or not at all. */
export const hostileContentType = fc.oneof(
  fc.constantFrom(
    undefined,
    'application/json',
    'text/plain',
    'text/plain; charset=utf-8',
    'application/json; charset=latin1',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    '*/*',
    '',
  ),
  fc.string({ maxLength: 60 }).filter((value) => /^[\x20-\x7e]*$/.test(value)),
);
