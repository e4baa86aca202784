import { SearchError } from "./errors";
import { foldText } from "./fold";

/** Longer input is cut (at a word boundary): nobody types more, and it keeps the work bounded. */
export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_TERMS = 8;
const MAX_TERM_LENGTH = 32;

export interface QueryText {
  /** The folded query as compared with stored headlines. */
  text: string;
  /** Distinct words (letters and digits only), in typed order. */
  terms: string[];
}

/**
 * Reads what the shopper typed. Blank input is an error; anything else is safe to use: terms hold
 * only letters and digits, so nothing typed can change the shape of a text-search query.
 */
export function parseQueryText(raw: string): QueryText {
  // Control and format characters (NUL cannot even be stored) are spaces to us.
  let text = foldText(raw.replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, " "));
  if (text === "") throw new SearchError("EMPTY_SEARCH_QUERY");
  if (text.length > MAX_QUERY_LENGTH) {
    const cut = text.lastIndexOf(" ", MAX_QUERY_LENGTH);
    text = text.slice(0, cut > 0 ? cut : MAX_QUERY_LENGTH);
  }
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
  const terms = [...new Set(words.map((word) => word.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_QUERY_TERMS);
  return { text, terms };
}
