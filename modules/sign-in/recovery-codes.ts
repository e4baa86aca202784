import { randomInt } from "node:crypto";
import { hashPassword, verifyPassword } from "./password-hash";

/** Ten codes, each 10 characters of an alphabet without look-alikes (about 50 bits), shown once in groups of five. */
const COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function recoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function normalize(code: string): string {
  return code.trim().toLowerCase().replace(/[\s-]/g, "");
}

/** New recovery codes: the plain codes to show once, and their argon2id hashes to store. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: COUNT }, recoveryCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalize(code))));
  return { codes, hashes };
}

/**
 * Spends one recovery code: the hashes left to store (without the one used) when a stored hash
 * matches, or null when none does. Each code works once.
 */
export async function useRecoveryCode(storedHashes: readonly string[], typed: string): Promise<string[] | null> {
  const code = normalize(typed);
  for (const [index, stored] of storedHashes.entries()) {
    if (await verifyPassword(stored, code)) return storedHashes.filter((_, other) => other !== index);
  }
  return null;
}
