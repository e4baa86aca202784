import { z } from "zod";

/** The largest value of a PostgreSQL `integer` column: ids and counts above it cannot exist. */
export const MAX_DB_INTEGER = 2_147_483_647;

/** An id or count in a JSON body: a whole number from 1 to what the database can hold. */
export const recordId = () => z.number().int().positive().max(MAX_DB_INTEGER);

/** An id typed into a URL ("123"), or null when it is not one the database could hold. */
export function parseRecordId(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_DB_INTEGER ? id : null;
}

/** The same from a path or query string, for API schemas. */
export const recordIdParam = () => z.coerce.number().int().positive().max(MAX_DB_INTEGER);

// NUL (PostgreSQL text refuses it) and UTF-16 surrogates not in a pair (not Unicode: stored
// mangled or refused). With the `u` flag, \p{Cs} matches only the lone ones.
const UNSAFE_CHARACTERS = /[\0\p{Cs}]/u;

export const UNSAFE_TEXT_MESSAGE = "Please remove characters that are not allowed (control characters or broken Unicode).";

/** Whether text could have been typed by a person: no NUL bytes, no lone surrogates. */
export function isSafeText(value: string): boolean {
  return !UNSAFE_CHARACTERS.test(value);
}

/** The first unsafe string anywhere in a parsed JSON value, with its path (`details.city`). */
export function findUnsafeText(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return isSafeText(value) ? null : path.join(".") || "body";
  if (value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!isSafeText(key)) return [...path, key].join(".");
    const found = findUnsafeText(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}
