/**
 * Statistics for timing rows that compare two classes of requests: the difference of their medians
 * with a bootstrap interval, and of their means with Welch's interval. A diagnostic, not a proof:
 * an interval that holds zero says the difference, if any, is below what this run could see.
 */
import { createPrng } from '@hyperhook/venue-engine';
import { percentile } from '../executor/percentile.js';

export type Interval = { readonly estimate: number; readonly low: number; readonly high: number };

const resample = (samples: readonly number[], random: () => number) => Array.from(samples, () => samples[Math.floor(random() * samples.length)] ?? 0);

/** 95% percentile-bootstrap interval of median(a) − median(b). */
export function medianDifference(a: readonly number[], b: readonly number[], rounds = 2_000, seed = 32): Interval {
  const random = createPrng(seed);
  const differences: number[] = [];
  for (let i = 0; i < rounds; i += 1) differences.push(percentile(resample(a, random), 50) - percentile(resample(b, random), 50));
  return { estimate: percentile(a, 50) - percentile(b, 50), low: percentile(differences, 2.5), high: percentile(differences, 97.5) };
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const variance = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1);
};

/** 95% Welch interval of mean(a) − mean(b); z = 1.96, as every row here has hundreds of samples a class. */
export function welchMeanDifference(a: readonly number[], b: readonly number[]): Interval {
  const estimate = mean(a) - mean(b);
  const standardError = Math.sqrt(variance(a) / a.length + variance(b) / b.length);
  return { estimate, low: estimate - 1.96 * standardError, high: estimate + 1.96 * standardError };
}

/** "+1.2 µs [−3.4, +5.6]": microseconds, signed. */
export function intervalText(interval: Interval): string {
  const us = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(ms * 1000).toFixed(1)}`;
  return `${us(interval.estimate)} µs [${us(interval.low)}, ${us(interval.high)}]`;
}

/** Whether the interval holds zero. */
export const holdsZero = (interval: Interval) => interval.low <= 0 && interval.high >= 0;
