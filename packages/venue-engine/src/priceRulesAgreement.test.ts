/**
 * The simulator judges prices and sizes with its own venue-side rules (priceRules.ts,
 * wireDecimal.ts), written independently of the client-side domain math (@hyperhook/domain
 * exchange: isValidPerpPrice, isValidSize, toWireDecimal, roundPerpPrice, truncateSize) so that
 * one bug cannot hide on both sides. These properties check that the two implementations agree
 * with each other, and the example table anchors both to reference §3.
 *
 * Deliberate differences the comparison accounts for:
 * - The domain judges what the client *signs*, so it accepts only canonical wire text
 *   ("100", not "100.0" or "0100"); the venue parses and normalises whatever it is posted. Raw
 *   strings are therefore compared as sim(raw) against domain(normalise(raw)).
 * - A zero price or size is refused by the domain rule itself; the simulator refuses it one step
 *   earlier in placeOrders.validateShape (`Number(wire.p) === 0` → invalid price, zero lots →
 *   zero size, except `s:"0"` on a positionTpsl trigger, which the client never sends), so the
 *   venue side below is "that gate, then the tick/lot rule".
 */
import { isValidPerpPrice, isValidSize, roundPerpPrice, toWireDecimal, truncateSize, WIRE_DECIMAL_PATTERN, type PriceRoundingMode } from '@hyperhook/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidSimPrice, isValidSimSize, priceToWire, roundPriceToTick } from './priceRules.js';
import { DECIMAL_STRING_RE, normalizeDecimalString, parseLots } from './wireDecimal.js';

const NUM_RUNS = 2000;

/** What the simulator's placeOrders does with a limit price: zero gate, then the tick rule. */
const simAcceptsPrice = (px: string, szDecimals: number): boolean => Number(px) !== 0 && isValidSimPrice(px, szDecimals);
/** What the simulator's placeOrders does with a (non-positionTpsl) size: lot rule, then zero gate. */
const simAcceptsSize = (sz: string, szDecimals: number): boolean => {
  const lots = parseLots(sz, szDecimals);
  return isValidSimSize(sz, szDecimals) && lots !== null && lots > 0;
};

// Zeros are weighted up so that prices like 0.000012 and sizes like 100.5 come out often.
const digit = fc.oneof({ arbitrary: fc.constant('0'), weight: 3 }, { arbitrary: fc.constantFrom(...'123456789'), weight: 4 });
const nonZeroDigit = fc.constantFrom(...'123456789');
const digits = (minLength: number, maxLength: number) => fc.array(digit, { minLength, maxLength }).map((d) => d.join(''));

/** Canonical wire decimal text, built digit by digit (no leading/trailing zeros, "0" included). */
const canonicalDecimal = fc
  .tuple(
    fc.oneof(
      fc.constant('0'),
      fc.tuple(nonZeroDigit, digits(0, 6)).map(([a, b]) => a + b),
    ),
    fc.option(
      fc.tuple(digits(0, 7), nonZeroDigit).map(([a, b]) => a + b),
      { nil: undefined },
    ),
  )
  .map(([intPart, frac]) => (frac === undefined ? intPart : `${intPart}.${frac}`));

/** Any text of the venue's decimal shape `^[0-9]+(\.[0-9]+)?$`, with redundant zeros allowed. */
const rawDecimal = fc
  .tuple(digits(1, 8), fc.option(digits(1, 9), { nil: undefined }))
  .map(([intPart, frac]) => (frac === undefined ? intPart : `${intPart}.${frac}`));

const szDecimals = fc.integer({ min: 0, max: 5 });
const roundingMode = fc.constantFrom<PriceRoundingMode>('nearest', 'down', 'up');

/** Positive prices from 1e-8 to ~1e8 as exact decimal text with up to 9 significant digits. */
const priceText = fc
  .tuple(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: -16, max: 0 }))
  .map(([mantissa, exponent]) => toPlainText(mantissa, exponent));
const priceNumber = fc.double({ min: 1e-8, max: 1e8, noNaN: true, noDefaultInfinity: true });

/** `mantissa · 10^exponent` (exponent ≤ 0) as plain decimal text, without going through floats. */
function toPlainText(mantissa: number, exponent: number): string {
  const m = String(mantissa).padStart(1 - exponent, '0');
  return exponent === 0 ? m : `${m.slice(0, exponent)}.${m.slice(exponent)}`;
}

/** roundPerpPrice, or null for the one documented refusal: a price below the smallest step rounding to 0. */
function roundOrNull(px: number | string, d: number, mode: PriceRoundingMode): string | null {
  try {
    return roundPerpPrice(px, d, mode);
  } catch (e) {
    if (e instanceof RangeError && e.message.includes('rounds to 0')) return null;
    throw e;
  }
}

describe('reference §3 limits, judged by both implementations', () => {
  // Each rule's own unit tests pin the §3 examples; these rows sit exactly on the limits instead.
  it.each([
    ['99999', 0, true], // 5 significant figures, integer
    ['9999.9', 0, true], // 5 significant figures
    ['9999.99', 0, false], // 6 significant figures
    ['100000.5', 0, false], // integers are exempt from the 5-figure rule, decimals are not
    ['0.000001', 0, true], // 6 decimals at szDecimals 0
    ['0.0000001', 0, false],
    ['0.00001', 1, true], // 5 decimals at szDecimals 1
    ['0.000001', 1, false],
    ['0.1', 5, true], // 1 decimal at szDecimals 5
    ['1.01', 5, false],
    ['0', 3, false], // zero is never a price
  ] as const)('given price %s at szDecimals %i, then both sides say %s', (px, d, ok) => {
    expect(isValidPerpPrice(px, d)).toBe(ok);
    expect(simAcceptsPrice(px, d)).toBe(ok);
  });

  it.each([
    ['0.00001', 5, true],
    ['0.000001', 5, false],
    ['123456789', 0, true],
    ['1.5', 0, false],
    ['0', 2, false], // an order for nothing
  ] as const)('given size %s at szDecimals %i, then both sides say %s', (sz, d, ok) => {
    expect(isValidSize(sz, d)).toBe(ok);
    expect(simAcceptsSize(sz, d)).toBe(ok);
  });
});

describe('the generators are not vacuous', () => {
  it('given the canonical decimals, then both accepted and rejected prices and sizes come out often', () => {
    const sample = fc.sample(fc.tuple(canonicalDecimal, szDecimals), { numRuns: 2000, seed: 7 });
    const share = (pred: (x: [string, number]) => boolean) => sample.filter(pred).length / sample.length;
    for (const accepted of [true, false]) {
      expect(share(([px, d]) => isValidPerpPrice(px, d) === accepted)).toBeGreaterThan(0.1);
      expect(share(([sz, d]) => isValidSize(sz, d) === accepted)).toBeGreaterThan(0.1);
    }
    const raw = fc.sample(rawDecimal, { numRuns: 500, seed: 7 });
    expect(raw.filter((s) => normalizeDecimalString(s) !== s).length).toBeGreaterThan(100);
  });
});

describe('price validity', () => {
  it('given canonical price text and szDecimals 0..5, when judged, then the domain and the simulator agree', () => {
    fc.assert(
      fc.property(canonicalDecimal, szDecimals, (px, d) => {
        expect(isValidPerpPrice(px, d)).toBe(simAcceptsPrice(px, d));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('given any venue-shaped price text, when judged, then the simulator agrees with the domain on its normalised form', () => {
    fc.assert(
      fc.property(rawDecimal, szDecimals, (px, d) => {
        expect(simAcceptsPrice(px, d)).toBe(isValidPerpPrice(normalizeDecimalString(px), d));
        // The domain only ever accepts the canonical spelling, which the venue also accepts.
        if (isValidPerpPrice(px, d)) {
          expect(normalizeDecimalString(px)).toBe(px);
          expect(simAcceptsPrice(px, d)).toBe(true);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('size validity', () => {
  it('given canonical size text and szDecimals 0..5, when judged, then the domain and the simulator agree', () => {
    fc.assert(
      fc.property(canonicalDecimal, szDecimals, (sz, d) => {
        expect(isValidSize(sz, d)).toBe(simAcceptsSize(sz, d));
        // placeOrders reads sizes with parseLots; isValidSimSize must be the same lot rule.
        expect(isValidSimSize(sz, d)).toBe(parseLots(sz, d) !== null);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('given any venue-shaped size text, when judged, then the simulator agrees with the domain on its normalised form', () => {
    fc.assert(
      fc.property(rawDecimal, szDecimals, (sz, d) => {
        expect(simAcceptsSize(sz, d)).toBe(isValidSize(normalizeDecimalString(sz), d));
        expect(isValidSimSize(sz, d)).toBe(parseLots(sz, d) !== null);
        if (isValidSize(sz, d)) expect(normalizeDecimalString(sz)).toBe(sz);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('wire decimal normalisation', () => {
  it('given any venue-shaped decimal text, when normalised, then toWireDecimal and the simulator produce the same text', () => {
    fc.assert(
      fc.property(rawDecimal, (s) => {
        const wire = toWireDecimal(s);
        expect(wire).toBe(normalizeDecimalString(s));
        expect(wire).toMatch(WIRE_DECIMAL_PATTERN);
        expect(wire).toMatch(DECIMAL_STRING_RE);
        expect(normalizeDecimalString(wire)).toBe(wire);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('given canonical wire text, when normalised by either side, then it is unchanged', () => {
    fc.assert(
      fc.property(canonicalDecimal, (s) => {
        expect(toWireDecimal(s)).toBe(s);
        expect(normalizeDecimalString(s)).toBe(s);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('given a price on the simulator grid, when wired, then priceToWire equals toWireDecimal and the domain accepts it', () => {
    fc.assert(
      fc.property(priceNumber, szDecimals, fc.constantFrom('up', 'down', 'nearest' as const), (px, d, mode) => {
        const onGrid = roundPriceToTick(px, d, mode);
        fc.pre(onGrid > 0);
        const wire = priceToWire(onGrid, d);
        expect(wire).toBe(toWireDecimal(onGrid));
        expect(isValidPerpPrice(wire, d)).toBe(true);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('client rounding output is accepted by the simulator', () => {
  it('given any positive price text, szDecimals and mode, when rounded by roundPerpPrice, then the simulator accepts it', () => {
    fc.assert(
      fc.property(priceText, szDecimals, roundingMode, (px, d, mode) => {
        const rounded = roundOrNull(px, d, mode);
        fc.pre(rounded !== null);
        expect(simAcceptsPrice(rounded, d)).toBe(true);
        expect(isValidPerpPrice(rounded, d)).toBe(true);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('given any positive price number, szDecimals and mode, when rounded by roundPerpPrice, then the simulator accepts it', () => {
    fc.assert(
      fc.property(priceNumber, szDecimals, roundingMode, (px, d, mode) => {
        const rounded = roundOrNull(px, d, mode);
        fc.pre(rounded !== null);
        expect(simAcceptsPrice(rounded, d)).toBe(true);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('given any size, when truncated by truncateSize, then the simulator accepts it, or both refuse the "0" left over', () => {
    const size = fc.oneof(
      fc.double({ min: 0, max: 1e7, noNaN: true, noDefaultInfinity: true }),
      fc.tuple(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: -12, max: 0 })).map(([m, e]) => toPlainText(m, e)),
    );
    fc.assert(
      fc.property(size, szDecimals, (sz, d) => {
        const truncated = truncateSize(sz, d);
        expect(isValidSimSize(truncated, d)).toBe(true);
        if (truncated === '0') {
          expect(simAcceptsSize(truncated, d)).toBe(false);
          expect(isValidSize(truncated, d)).toBe(false);
        } else {
          expect(simAcceptsSize(truncated, d)).toBe(true);
          expect(isValidSize(truncated, d)).toBe(true);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
