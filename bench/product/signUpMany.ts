// Many bench users at once, for the product bench's rows and the soak.
import type { Product } from '../../tests/browser/support/product.js';
import { signUp, type BenchUser } from '../pwa/users.js';

/** `count` users named `<prefix><i>`, with keys of funded simulator accounts or none. */
export async function signUpMany(product: Product, prefix: string, count: number, keys: boolean): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  // A few at a time: sign-up hashes a password (argon2id), and that is not what any row measures.
  for (let i = 0; i < count; i += 10)
    users.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => signUp(product, `${prefix}${i + j}`, { keys })))));
  return users;
}
