import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../db/client";
import { applyMigrations } from "../../db/migrate";

export interface TestDatabase extends Database {
  /** Drops the database (PostgreSQL) or closes it (PGlite). */
  dispose(): Promise<void>;
  /** The database's own URL on PostgreSQL (so a test can open more connections to it); absent on PGlite. */
  url?: string;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * database on the PostgreSQL server named by DATABASE_URL, so parallel test files never share rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    await applyMigrations(database.kind, database.db);
    return { ...database, dispose: () => database.close() };
  }
  const name = `dealwise_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await applyMigrations(database.kind, database.db);
  return {
    ...database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
