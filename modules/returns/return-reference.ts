import { randomBytes } from "node:crypto";

// Crockford's base 32: no I, L, O or U, so a reference read off a parcel is not misread.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** "RTN-7KQ2-M9XD-4HBT": 60 random bits, printed on the label; nobody can guess another's. */
export function newReturnReference(): string {
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (byte) => ALPHABET[byte % 32]).join("");
  return `RTN-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}
