import { randomInt } from "node:crypto";

/** Letters and digits, both cases, without the look-alikes 0/O/o, 1/I/l: 56 characters. */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz";
export const GIFT_CARD_CODE_LENGTH = 16;

/**
 * A gift card code: 16 characters from a 56-character mixed-case alphabet (about 93 bits from the
 * operating system's random source), case-sensitive like the spec's gift codes (§5). Unguessable
 * even before the guessing limit: a card is money.
 */
export function newGiftCardCode(): string {
  let code = "";
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * A typed code as it will be looked up: surrounding spaces go (pasted codes), nothing else
 * changes (spec §5: the code is case sensitive and must be entered exactly). Anything that cannot
 * be a code is null, and simply not recognised.
 */
export function typedGiftCardCode(input: string): string | null {
  const code = input.trim();
  return code.length > 0 && code.length <= 64 ? code : null;
}
