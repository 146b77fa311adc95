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

  /** @param clock source of milliseconds since the epoch; injectable so tests can freeze time. */
  constructor(clock: () => number = Date.now) {
    this.#clock = clock;
  }

  /** The next nonce for `signer` (address, any case): strictly above every nonce it returned before for that signer. */
  next(signer: string): number {
    const key = signer.toLowerCase();
    const now = Math.floor(this.#clock());
    const last = this.#last.get(key);
    const nonce = last === undefined || now > last ? now : last + 1;
    this.#last.set(key, nonce);
    return nonce;
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
