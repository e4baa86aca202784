import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L or U: a code read out over the phone or typed from paper is not misread. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_LENGTH = 12;

/**
 * A voucher code: 12 characters from a 30-character alphabet (about 59 bits, from the operating
 * system's random source), shown in three groups: "7KQ4-MZ2P-XW9D".
 */
export function newVoucherCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

export const VOUCHER_CODE_PATTERN = /^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

/**
 * A code as typed at a till ("7kq4 mz2p xw9d", "7KQ4MZ2PXW9D") in its printed form, or null when
 * it cannot be one (then it is simply not found).
 */
export function normalizeVoucherCode(input: string): string | null {
  const plain = input.toUpperCase().replace(/[\s-]/g, "");
  if (plain.length !== CODE_LENGTH) return null;
  const code = `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8)}`;
  return VOUCHER_CODE_PATTERN.test(code) ? code : null;
}
