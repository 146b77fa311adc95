// Whether a soak series stayed flat, judged twice over on the run's last two thirds (the first is
// warm-up: caches filling, V8 sizing its heaps, the first alert of each user reading its account):
// the step between the middle and the last third's means catches a level that moved, and the rise
// of a least-squares line through both catches a slow leak that the means' noise could hide.

/** How far a series may move and still be flat: the larger of a share of its middle-third mean and an absolute floor (for series near zero). */
export type Tolerance = { readonly relative: number; readonly absolute: number };

export type Flatness = {
  readonly verdict: 'flat' | 'rising' | 'falling' | 'too few samples';
  readonly middleMean: number;
  readonly lastMean: number;
  /** Slope of the fitted line over the last two thirds, per hour. */
  readonly slopePerHour: number;
  /** How far that line moves across the last two thirds. */
  readonly rise: number;
  readonly tolerance: number;
};

/** Points needed in each of the middle and last thirds before a verdict means anything. */
const MIN_POINTS_PER_THIRD = 3;

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Least-squares slope of y over x (0 when x does not vary). */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i += 1) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** Judges `values` sampled at `times` (seconds); missing samples (null) are left out. */
export function judgeFlat(times: readonly number[], values: readonly (number | null)[], tolerance: Tolerance): Flatness {
  const points = times.flatMap((t, i) => (values[i] === null || values[i] === undefined || !Number.isFinite(values[i]) ? [] : [{ t, v: values[i] as number }]));
  const first = points[0]?.t ?? 0;
  const span = (points[points.length - 1]?.t ?? 0) - first;
  const middle = points.filter((p) => p.t >= first + span / 3 && p.t < first + (2 * span) / 3);
  const last = points.filter((p) => p.t >= first + (2 * span) / 3);
  if (middle.length < MIN_POINTS_PER_THIRD || last.length < MIN_POINTS_PER_THIRD) {
    return { verdict: 'too few samples', middleMean: Number.NaN, lastMean: Number.NaN, slopePerHour: Number.NaN, rise: Number.NaN, tolerance: Number.NaN };
  }
  const judged = [...middle, ...last];
  const perSecond = slope(
    judged.map((p) => p.t),
    judged.map((p) => p.v),
  );
  const middleMean = mean(middle.map((p) => p.v));
  const lastMean = mean(last.map((p) => p.v));
  const rise = perSecond * ((judged[judged.length - 1] as { t: number }).t - (judged[0] as { t: number }).t);
  const allowed = Math.max(tolerance.relative * Math.abs(middleMean), tolerance.absolute);
  const step = lastMean - middleMean;
  const verdict = Math.abs(step) <= allowed && Math.abs(rise) <= allowed ? 'flat' : (Math.abs(step) > allowed ? step : rise) > 0 ? 'rising' : 'falling';
  return { verdict, middleMean, lastMean, slopePerHour: perSecond * 3600, rise, tolerance: allowed };
}
