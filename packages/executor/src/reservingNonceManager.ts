import { NonceManager } from '@hyperhook/hyperliquid';

/**
 * A NonceManager that can hand out a signer's next nonce ahead of signing. The executor records
 * the nonce in OrderSubmitted before the order is signed and sent (the exactly-once marker must be
 * durable first), and the signature must then carry exactly that nonce: `reserve` takes it, and
 * the next `next` call for the same signer returns it instead of a fresh one.
 * Share one instance between the executor and its HyperliquidClient.
 */
export class ReservingNonceManager extends NonceManager {
  readonly #reserved = new Map<string, number>();

  /** Takes the signer's next nonce now; the next signature by `signer` will use it. */
  reserve(signer: string): number {
    const key = signer.toLowerCase();
    const nonce = super.next(key);
    this.#reserved.set(key, nonce);
    return nonce;
  }

  /** Drops an unused reservation (the send was abandoned before signing). */
  release(signer: string): void {
    this.#reserved.delete(signer.toLowerCase());
  }

  override next(signer: string): number {
    const key = signer.toLowerCase();
    const reserved = this.#reserved.get(key);
    if (reserved !== undefined) {
      this.#reserved.delete(key);
      return reserved;
    }
    return super.next(key);
  }
}
