/**
 * Per-signer nonce source. Hyperliquid keeps the 100 highest nonces of each signer (the API
 * wallet that signs, not the main account) and rejects a nonce that is not above the smallest of
 * them or was used before (reference §2.5). Wall-clock milliseconds are the recommended nonce;
 * two orders signed within one millisecond, or a clock that steps back, would collide, so each
 * nonce is max(now, last + 1).
 *
 * `next` is synchronous and touches one Map entry, so it is atomic within the process however
 * many calls are in flight: JavaScript never interleaves two synchronous functions. Several
 * processes sharing one API wallet are not covered (they need a shared counter or one wallet each).
 */
export class NonceManager {
  readonly #last = new Map<string, number>();
  readonly #clock: () => number;
  /** Every signer's nonces are above this (raiseFloor); undefined until raised. */
  #floor: number | undefined;

  /** @param clock source of milliseconds since the epoch; injectable so tests can freeze time. */
  constructor(clock: () => number = Date.now) {
    this.#clock = clock;
  }

  /** The next nonce for `signer` (address, any case): strictly above every nonce it returned before for that signer. */
  next(signer: string): number {
    const key = signer.toLowerCase();
    const now = Math.floor(this.#clock());
    const previous = this.#last.get(key);
    // The highest nonce this signer may already have used: its own last, or the floor.
    const last = previous === undefined ? this.#floor : Math.max(previous, this.#floor ?? previous);
    const nonce = last === undefined || now > last ? now : last + 1;
    this.#last.set(key, nonce);
    return nonce;
  }

  /**
   * Keeps every signer's next nonces above `floor` (issue 32, point 3): at a start, the highest
   * nonce the log records, so a wall clock set back before the restart does not sign nonces the
   * venue already saw or holds below its 100 highest. Lowering is ignored.
   */
  raiseFloor(floor: number): void {
    this.#floor = Math.max(this.#floor ?? Number.NEGATIVE_INFINITY, Math.floor(floor));
  }

  /**
   * The same manager in the shape @nktkas/hyperliquid's ExchangeClient `nonceManager` option
   * expects (0.32.2: `(address: string) => number | Promise<number>`). nk calls it inside its
   * per-wallet lock, so requests also reach the server in nonce order.
   */
  forExchangeClient(): (address: string) => number {
    return (address) => this.next(address);
  }
}
