import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Announces that what some cached pages show has changed (a deal's price or stock, a content
 * page's words), by the pages' cache tags (lib/cache-tags.ts), so every app instance drops those
 * pages and purges them from the shared cache in front. Uses PostgreSQL NOTIFY: inside a
 * transaction it is delivered only on commit, so a rolled-back change purges nothing.
 */
export const CACHE_CHANGED_CHANNEL = "cache_changed";

// NOTIFY payloads are limited to 8000 bytes; a notification carries tags up to this many bytes.
const MAX_PAYLOAD_BYTES = 7000;
const TAG = /^[a-z]+:[A-Za-z0-9/_.-]{1,200}$/;

export async function announceCacheChanges(db: Db, tags: readonly string[]): Promise<void> {
  let payload = "";
  for (const tag of tags) {
    if (!TAG.test(tag)) throw new Error(`invalid cache tag: ${JSON.stringify(tag)}`);
    if (payload && payload.length + 1 + tag.length > MAX_PAYLOAD_BYTES) {
      await db.execute(sql`select pg_notify(${CACHE_CHANGED_CHANNEL}, ${payload})`);
      payload = "";
    }
    payload = payload ? `${payload} ${tag}` : tag;
  }
  if (payload) await db.execute(sql`select pg_notify(${CACHE_CHANGED_CHANNEL}, ${payload})`);
}

/** The tags of one notification; anything that is not a tag is ignored. */
export function parseCacheChanges(payload: string): string[] {
  return payload.split(" ").filter((tag) => TAG.test(tag));
}
