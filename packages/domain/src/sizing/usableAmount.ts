/**
 * A non-positive or invalid value counts as 0. Sizing runs on half-typed form values in
 * the preview and on exchange numbers in the executor, so NaN, negatives and non-numbers must
 * never leak into a cap or an order.
 */
export function usableAmount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
