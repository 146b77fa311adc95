import type { FillRecorded } from '@hyperhook/domain';

/** One fill as `/info userFillsByTime` answers it. */
interface VenueFill {
  coin: string;
  px: string;
  sz: string;
  side: 'B' | 'A';
  time: number;
  startPosition?: string;
  dir: string;
  closedPnl: string;
  hash?: string;
  oid: number;
  crossed?: boolean;
  fee: string;
  tid: number;
  cloid?: string | null;
  feeToken?: string;
}

/**
 * The fills of one order, read from `/info userFillsByTime` on the main account. The client has
 * no fills read (it reports the order's average price only), and FillRecorded needs the
 * exchange's trade ids to stay deduplicable, so this one read is made after a fill.
 */
export async function fetchOrderFills(
  apiUrl: string,
  accountAddress: string,
  oid: number,
  sinceMs: number,
  timeoutMs: number,
): Promise<VenueFill[]> {
  const response = await fetch(`${apiUrl}/info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'userFillsByTime', user: accountAddress.toLowerCase(), startTime: Math.max(0, Math.floor(sinceMs)) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`Hyperliquid answered ${response.status} to userFillsByTime`);
  const fills = (await response.json()) as VenueFill[];
  return Array.isArray(fills) ? fills.filter((fill) => fill.oid === oid) : [];
}

/** Maps a venue fill to the FillRecorded event data, linking it to its signal. */
export function toFillRecorded(fill: VenueFill, signalId: string): FillRecorded {
  return {
    type: 'FillRecorded',
    v: 1,
    data: {
      coin: fill.coin,
      px: fill.px,
      sz: fill.sz,
      side: fill.side,
      time: new Date(fill.time).toISOString(),
      oid: fill.oid,
      tid: fill.tid,
      ...(typeof fill.cloid === 'string' ? { cloid: fill.cloid.toLowerCase() } : {}),
      closedPnl: fill.closedPnl,
      fee: fill.fee,
      ...(fill.feeToken !== undefined ? { feeToken: fill.feeToken } : {}),
      dir: fill.dir,
      ...(fill.startPosition !== undefined ? { startPosition: fill.startPosition } : {}),
      ...(fill.crossed !== undefined ? { crossed: fill.crossed } : {}),
      ...(fill.hash !== undefined ? { hash: fill.hash } : {}),
      signalId,
    },
  };
}
