import { randomInt } from "node:crypto";

/** Upper and lower case without look-alikes (0/O/o, 1/I/l): 54 characters. */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz";
const CODE_LENGTH = 16;

/**
 * A gift code: 16 characters from a 54-character alphabet, case-sensitive (spec §5: entered
 * exactly), about 92 bits from the operating system's random source: unguessable even before the
 * guessing limit.
 */
export function newGiftCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The code as typed, or null when it cannot be one (kept exactly: case matters, only spaces around it go). */
export function typedGiftCode(input: string): string | null {
  const code = input.trim();
  return code.length === CODE_LENGTH && [...code].every((char) => ALPHABET.includes(char)) ? code : null;
}
