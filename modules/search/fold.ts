import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * The text search configurations of migration 0004: English stemming, and plain words for the
 * vocabulary, both with accents removed (unaccent), so "cafe" and "Café" are the same word.
 */
export const ENGLISH = sql.raw("'search_english'::regconfig");
export const PLAIN_WORDS = sql.raw("'search_simple'::regconfig");

/** Lower case with whitespace collapsed: how typed text is split into terms. */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * Text as compared for an exact match (lower case, no accents, single spaces), in SQL: applied to
 * a stored headline and to the query alike, so both sides fold the same way.
 */
export function foldSql(value: SQLWrapper): SQL {
  return sql`btrim(regexp_replace(lower(unaccent(${value})), '\\s+', ' ', 'g'))`;
}
