import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Runs a raw SQL query and returns its rows typed as `T`. Both drivers (pg and PGlite) answer
 * with `{ rows }`; the shared Db type cannot say so, hence this one cast in one place.
 */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
