import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";

export type TermMatchKind = "exact" | "prefix" | "corrected" | "unknown";

export interface TermMatch {
  term: string;
  kind: TermMatchKind;
  /** For "corrected": the indexed words it most likely meant, best first. */
  corrections: string[];
  /**
   * Roughly how many deals the term matches: documents holding the word, the words it starts, or
   * its corrections (an overestimate when one deal holds several). 0 when unknown.
   */
  documents: number;
}

// Trigram similarity below which a word is not offered as a correction (pg_trgm's default).
const MIN_SIMILARITY = 0.3;
// Corrections this much less similar than the best one are left out ("spaa" → spa, not spain).
const SIMILARITY_MARGIN = 0.1;
const MAX_CORRECTIONS = 3;
// One or two letters match half the vocabulary as a prefix and nothing useful as a trigram.
const MIN_CORRECTABLE_LENGTH = 3;

interface SpellRow {
  term: string;
  exact: number | null;
  prefixed: number;
  similar: { word: string; score: number; documents: number }[] | null;
}

/**
 * Checks each term (accents removed, like the vocabulary) against the vocabulary of indexed
 * words: a known word, the start of known words ("manch" → manchester), or a misspelling whose
 * closest known words are returned ("resturant" → restaurant). One round trip for all terms.
 */
export async function spellTerms(db: Db, terms: readonly string[]): Promise<TermMatch[]> {
  if (terms.length === 0) return [];
  const result = await queryRows<SpellRow>(db, sql`
    select t.term,
      (select w.documents from search_terms w where w.word = t.term) as exact,
      prefixed.documents as prefixed,
      case when length(t.term) >= ${MIN_CORRECTABLE_LENGTH} and prefixed.documents = 0 then (
        select json_agg(json_build_object('word', s.word, 'score', s.score, 'documents', s.documents)
          order by s.score desc, s.documents desc, s.word)
        from (
          select w.word, w.documents, similarity(w.word, t.term) as score
          from search_terms w
          where w.word % t.term
          order by score desc, w.documents desc, w.word
          limit ${MAX_CORRECTIONS}
        ) s
      ) end as similar
    from unnest(${sql.param([...terms])}::text[]) with ordinality as typed(word, position),
      lateral (select unaccent(typed.word) as term) as t,
      lateral (select coalesce(sum(w.documents), 0)::int as documents from search_terms w where w.word like t.term || '%') as prefixed
    order by typed.position`);
  return result.map((row) => {
    if (row.exact !== null) return { term: row.term, kind: "exact", corrections: [], documents: row.exact };
    if (row.prefixed > 0) return { term: row.term, kind: "prefix", corrections: [], documents: row.prefixed };
    const similar = (row.similar ?? []).filter((s) => s.score >= MIN_SIMILARITY);
    if (similar.length === 0) return { term: row.term, kind: "unknown", corrections: [], documents: 0 };
    const kept = similar.filter((s) => s.score >= similar[0].score - SIMILARITY_MARGIN);
    return {
      term: row.term,
      kind: "corrected",
      corrections: kept.map((s) => s.word),
      documents: kept.reduce((sum, s) => sum + s.documents, 0),
    };
  });
}

/**
 * The to_tsquery text for matched terms: all terms must match (AND); a correction may match any
 * of its words (OR). Terms nobody indexed are left out while others remain, so one stray word
 * does not empty the results. `prefixLast` treats the last term as still being typed. Safe to
 * build as text: terms and words hold letters and digits only.
 */
export function toTsQueryText(matches: readonly TermMatch[], options: { prefixLast?: boolean } = {}): string | null {
  const known = matches.filter((m) => m.kind !== "unknown");
  const used = known.length > 0 ? known : matches;
  if (used.length === 0) return null;
  const lexeme = (word: string, prefix: boolean) => (prefix ? `${word}:*` : word);
  return used
    .map((m, i) => {
      if (m.kind === "corrected") return `(${m.corrections.map((word) => lexeme(word, false)).join(" | ")})`;
      const typing = i === used.length - 1 && options.prefixLast === true;
      return lexeme(m.term, m.kind === "prefix" || typing);
    })
    .join(" & ");
}
