// What a `cancelAfterMinutes` did (issue 41), in the words History and the alert's log row show.
/** "Resting ETH order cancelled after 30 min": what a `cancelAfterMinutes` did, for people (issue 41). */
export function expiredTitle(data: { readonly coin: string; readonly afterMinutes: number; readonly cancelled: readonly string[] }): string {
  const count = data.cancelled.length;
  const orders = count === 1 ? 'order' : 'orders';
  if (count === 0) return `Resting ${data.coin} entry due after ${minutesText(data.afterMinutes)}: it had already filled or been cancelled`;
  return `${count === 1 ? 'Resting' : `${count} resting`} ${data.coin} ${orders} cancelled after ${minutesText(data.afterMinutes)}, not filled in time`;
}

/** How many of the orders were gone already, when some were cancelled and some were not. */
export function expiredDetail(data: { readonly cancelled: readonly string[]; readonly gone: readonly string[] }): string | null {
  return data.gone.length === 0 || data.cancelled.length === 0 ? null : `${data.gone.length} already filled or cancelled`;
}

/** 30 → "30 min", 90 → "90 min", 0.5 → "30 s". */
function minutesText(minutes: number): string {
  return minutes < 1 ? `${Math.round(minutes * 60)} s` : `${Number(minutes.toFixed(2))} min`;
}
