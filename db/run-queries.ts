import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client";

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent queries at once on a pool, or one after another inside a transaction: a
 * transaction holds a single connection, which answers one query at a time anyway (and pg 9 will
 * refuse queries sent while another is running).
 */
export async function runQueries<T extends readonly (() => Promise<unknown>)[]>(db: Db, queries: T): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries.map((query) => query()))) as Results<T>;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as Results<T>;
}
