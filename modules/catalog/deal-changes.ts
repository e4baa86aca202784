import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Announces that deals changed (price, stock, status) so every app instance drops the cached pages
 * showing them. Uses PostgreSQL NOTIFY: inside a transaction it is delivered only on commit.
 */
export const DEAL_CHANGED_CHANNEL = "deal_changed";

// NOTIFY payloads are limited to 8000 bytes; 500 ids of 8 digits stay well below.
const IDS_PER_NOTIFICATION = 500;

export async function announceDealChanges(db: Db, dealIds: readonly number[]): Promise<void> {
  for (let i = 0; i < dealIds.length; i += IDS_PER_NOTIFICATION) {
    const payload = dealIds.slice(i, i + IDS_PER_NOTIFICATION).join(",");
    await db.execute(sql`select pg_notify(${DEAL_CHANGED_CHANNEL}, ${payload})`);
  }
}

export function parseDealChanges(payload: string): number[] {
  return payload
    .split(",")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}
