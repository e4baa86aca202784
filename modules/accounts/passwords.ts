import { COMMON_PASSWORDS, SITE_WORDS } from "./common-passwords";

// Hashing lives in the sign-in core (every kind of user shares it); re-exported for the account use cases.
export { hashPassword, verifyDecoyPassword, verifyPassword } from "../sign-in/password-hash";

/** OWASP ASVS 5.0 level 2: at least 8 characters, passphrases of 64 and more allowed, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

let commonPasswords: Set<string> | undefined;

// Digits and symbols typed for letters ("w0wch3r", "de@lwise").
const LEET: Record<string, string> = { "0": "o", "1": "i", "!": "i", "|": "i", "3": "e", "4": "a", "@": "a", "5": "s", "$": "s", "7": "t", "8": "b", "9": "g" };

/**
 * The word a password is built on: lowercased, without a run of digits or symbols before or after
 * ("Wowcher123!" → "wowcher"), leet undone and spaces and punctuation dropped ("De@l Wise" → "dealwise").
 */
function baseWord(password: string): string {
  const core = password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return [...core].map((char) => LEET[char] ?? char).join("").replace(/[^\p{L}]/gu, "");
}

/**
 * Whether a password is one attackers try first: on the common-passwords list (ignoring case and
 * surrounding spaces), one character repeated ("        ", "aaaaaaaa"), or the shop's own name
 * with a number or symbol around it ("wowcher123", "Dealwise1!", "L1vingSocial"), the first words
 * tried against any site.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS.split("\n").filter(Boolean));
  const typed = password.trim().toLowerCase();
  return commonPasswords.has(typed) || new Set(password).size <= 1 || SITE_WORDS.includes(baseWord(password));
}
