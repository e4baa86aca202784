import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { Database, Db, Schema } from "./client";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies drizzle-kit's migrations; the same files run on PGlite and on PostgreSQL. */
export async function applyMigrations(kind: Database["kind"], db: Db): Promise<void> {
  if (kind === "pglite") {
    await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
