/** RFC 4648 base32, the alphabet authenticator apps expect for a secret typed by hand. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 text (spaces, dashes, padding and case ignored); null when it is not base32. */
export function decodeBase32(text: string): Uint8Array | null {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  if (clean.length === 0 || clean.length > 200) return null;
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** A secret shown for typing by hand: base32 in groups of four. */
export function groupedBase32(bytes: Uint8Array): string {
  return encodeBase32(bytes).replace(/(.{4})(?=.)/g, "$1 ");
}
