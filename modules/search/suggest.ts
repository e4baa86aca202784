import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import type { CountryCode } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { ENGLISH, foldSql } from "./fold";
import { parseQueryText } from "./query-text";
import type { SearchPhraseKind } from "./schema";
import { spellTerms, toTsQueryText } from "./spell-terms";

export type SuggestionType = SearchPhraseKind | "deal";

export interface Suggestion {
  type: SuggestionType;
  /** What goes into the search box when the shopper picks it. */
  text: string;
  /** Deals behind a category or location suggestion. */
  count?: number;
  dealId?: number;
}

export const MAX_PHRASE_SUGGESTIONS = 4;
export const MAX_DEAL_SUGGESTIONS = 6;
// Many deals share a headline pattern: read a few more than needed to fill the list with distinct ones.
const DEAL_CANDIDATES = 20;
// Above this many matching deals, walking the popularity index finds the top ones within a few
// hundred rows; below it, collecting the matches from the text index and sorting them is cheaper.
const COMMON_MATCHES = 3000;
// Category or location names this similar to what was typed are offered despite a typo.
const PHRASE_SIMILARITY = 0.4;

/**
 * Autocomplete while the shopper types: matching category and location names, then the headlines
 * of the market's most popular deals that match (in headline, title, merchant, category or place). The last word counts as unfinished ("manch" →
 * Manchester) and misspelt words are corrected ("resturant" → restaurants).
 */
export async function suggestSearches(
  db: Db,
  clock: Clock,
  request: { countryCode: CountryCode; q: string },
): Promise<{ query: string; suggestions: Suggestion[] }> {
  const text = parseQueryText(request.q);
  const typed = foldSql(sql`${text.text}::text`);
  // A typed % or _ is a character to find, not a LIKE wildcard.
  const typedLike = foldSql(sql`${text.text.replace(/[\\%_]/g, "\\$&")}::text`);
  const matches = await spellTerms(db, text.terms);
  const tsQuery = toTsQueryText(matches, { prefixLast: true });
  // All words must match: the rarest one bounds the matches. (The planner cannot tell from a
  // prefix how many deals match, so the choice is made here from the vocabulary's counts.)
  const expected = Math.min(...matches.filter((m) => m.kind !== "unknown").map((m) => m.documents));
  const popularity = expected > COMMON_MATCHES ? sql`total_bought desc nulls last` : sql`total_bought + 0 desc`;

  const [phrases, deals] = await Promise.all([
    queryRows<{ kind: SearchPhraseKind; label: string; deals: number }>(db, sql`
      select kind, label, deals from search_phrases
      where country_code = ${request.countryCode}
        and (phrase_key like ${typedLike} || '%' or phrase_key like '% ' || ${typedLike} || '%' or similarity(phrase_key, ${typed}) >= ${PHRASE_SIMILARITY})
      order by phrase_key like ${typedLike} || '%' desc, similarity(phrase_key, ${typed}) desc, deals desc
      limit ${MAX_PHRASE_SUGGESTIONS}`),
    tsQuery
      ? queryRows<{ deal_id: number; headline: string }>(db, sql`
          select deal_id, headline from search_documents
          where document @@ to_tsquery(${ENGLISH}, ${tsQuery}) and country_code = ${request.countryCode}
            and listed and visible_until > ${clock.now().toISOString()}::timestamptz
          order by ${popularity}, deal_id
          limit ${DEAL_CANDIDATES}`)
      : Promise.resolve([]),
  ]);

  const headlines = new Set<string>();
  const dealSuggestions: Suggestion[] = [];
  for (const row of deals) {
    if (dealSuggestions.length === MAX_DEAL_SUGGESTIONS) break;
    if (headlines.has(row.headline)) continue;
    headlines.add(row.headline);
    dealSuggestions.push({ type: "deal", text: row.headline, dealId: row.deal_id });
  }
  return {
    query: text.text,
    suggestions: [...phrases.map((row) => ({ type: row.kind, text: row.label, count: row.deals })), ...dealSuggestions],
  };
}
