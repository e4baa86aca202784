import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Clock, systemClock } from "../../lib/clock";
import { queryRows } from "../../db/query-rows";
import { dealSearchSourceSql } from "../catalog/search-source";
import { ENGLISH, PLAIN_WORDS, foldSql } from "./fold";

type Executor = Pick<Db, "execute">;

export interface IndexSummary {
  documents: number;
  terms: number;
}

/**
 * Rebuilds the whole search index from the catalogue: documents, vocabulary and suggestion
 * phrases. Run after seeding or a bulk import (it also refreshes the vocabulary's counts).
 */
export async function indexAllDeals(db: Db, clock: Clock = systemClock): Promise<IndexSummary> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`truncate table search_documents, search_terms`);
    // Inserting 100,000 documents entry by entry into a GIN index is slow: let them gather in the
    // pending list and merge it in one sorted pass, then go back to direct updates.
    await tx.execute(sql`alter index search_documents_document_idx set (fastupdate = on)`);
    await tx.execute(upsertDocuments(dealSearchSourceSql()));
    await tx.execute(sql`select gin_clean_pending_list('search_documents_document_idx')`);
    await tx.execute(sql`alter index search_documents_document_idx set (fastupdate = off)`);
    await tx.execute(addTerms(dealSearchSourceSql()));
    await rebuildPhrases(tx, clock.now());
    // Fresh statistics, or the planner misjudges how many deals a word matches.
    await tx.execute(sql`analyze search_documents, search_terms, search_phrases`);
    return summarise(tx);
  });
}

/**
 * Brings the given deals' search documents up to date with the catalogue. The catalogue calls it
 * after creating or changing deals (or renaming a merchant, category or location, with the deals
 * concerned); deleted deals leave the index by themselves (foreign key cascade).
 */
export async function reindexDeals(db: Db, dealIds: readonly number[], clock: Clock = systemClock): Promise<void> {
  if (dealIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(upsertDocuments(dealSearchSourceSql(dealIds)));
    await tx.execute(addTerms(dealSearchSourceSql(dealIds)));
    await rebuildPhrases(tx, clock.now());
  });
}

function upsertDocuments(source: SQL): SQL {
  return sql`
    insert into search_documents (
      deal_id, country_code, deal_type, location_id, location_name, category_id, category_short_name, category_name,
      sub_category_id, sub_category_short_name, sub_category_name, price, discount_percentage, total_bought,
      created_at, vip, tags, listed, visible_until, headline_hash, document, headline)
    select s.deal_id, s.country_code, s.deal_type, s.location_id, s.location_name, s.category_id, s.category_short_name,
      s.category_name, s.sub_category_id, s.sub_category_short_name, s.sub_category_name, s.price, s.discount_percentage,
      s.total_bought, s.created_at, s.vip,
      array_remove(array[
        case when s.early_bird then 'early-bird' end,
        case when s.last_chance then 'last-chance' end,
        case when s.vip then 'vip' end,
        case when s.free_delivery then 'free-delivery' end], null),
      s.listed,
      case when s.last_chance then 'infinity'::timestamptz
        else (date_trunc('day', s.closing_date at time zone 'Europe/London') + interval '1 day') at time zone 'Europe/London' end,
      hashtext(${foldSql(sql`s.headline`)}),
      setweight(to_tsvector(${ENGLISH}, s.headline), 'A')
        || setweight(to_tsvector(${ENGLISH}, concat_ws(' ', s.title, s.merchant_name)), 'B')
        || setweight(to_tsvector(${ENGLISH}, concat_ws(' ', s.category_name, s.sub_category_name, s.location_name)), 'C'),
      s.headline
    from (${source}) as s
    -- Rows of one category sit together on disk: a search reads far fewer pages (a full rebuild
    -- restores this order after many single-deal updates).
    order by s.country_code, s.category_id, s.sub_category_id, s.location_id, s.deal_id
    on conflict (deal_id) do update set
      country_code = excluded.country_code, deal_type = excluded.deal_type, location_id = excluded.location_id,
      location_name = excluded.location_name, category_id = excluded.category_id,
      category_short_name = excluded.category_short_name, category_name = excluded.category_name,
      sub_category_id = excluded.sub_category_id, sub_category_short_name = excluded.sub_category_short_name,
      sub_category_name = excluded.sub_category_name, price = excluded.price,
      discount_percentage = excluded.discount_percentage, total_bought = excluded.total_bought,
      created_at = excluded.created_at, vip = excluded.vip, tags = excluded.tags, listed = excluded.listed,
      visible_until = excluded.visible_until, headline_hash = excluded.headline_hash,
      document = excluded.document, headline = excluded.headline`;
}

/**
 * Adds the words of the given deals (headline, title, merchant, category, location) to the
 * vocabulary. Words with punctuation (prices like 14.99, hyphenated compounds, whose parts are
 * indexed too) are left out: corrections and query terms stay plain letters and digits.
 */
function addTerms(source: SQL): SQL {
  const text = sql`concat_ws(' ', s.headline, s.title, s.merchant_name, s.category_name, s.sub_category_name, s.location_name)`;
  return sql`
    insert into search_terms (word, documents)
    select word, count(*)::int
    from (${source}) as s, unnest(tsvector_to_array(to_tsvector(${PLAIN_WORDS}, ${text}))) as word
    group by word
    having word !~ '[[:punct:]]'
    on conflict (word) do nothing`;
}

/** Category and location names with how many deals show in search under them now. */
async function rebuildPhrases(tx: Executor, now: Date): Promise<void> {
  await tx.execute(sql`delete from search_phrases`);
  await tx.execute(sql`
    insert into search_phrases (kind, country_code, label, phrase_key, deals)
    select kind, country_code, label, ${foldSql(sql`label`)}, count(*)::int
    from search_documents,
      lateral (values ('category', category_name), ('category', sub_category_name), ('location', location_name)) as p(kind, label)
    where listed and visible_until > ${now.toISOString()}::timestamptz and label is not null
    group by kind, country_code, label`);
}

async function summarise(tx: Executor): Promise<IndexSummary> {
  const result = await queryRows<{ documents: number; terms: number }>(tx, 
    sql`select (select count(*)::int from search_documents) as documents, (select count(*)::int from search_terms) as terms`,
  );
  return result[0];
}
