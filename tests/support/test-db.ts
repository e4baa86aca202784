import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../db/client";
import { applyMigrations } from "../../db/migrate";
import { migratedPgliteData, postgresTemplateName } from "./migrated-template";

export interface TestDatabase extends Database {
  /** Drops the database (PostgreSQL) or closes it (PGlite). */
  dispose(): Promise<void>;
  /** The database's own URL on PostgreSQL (so a test can open more connections to it); absent on PGlite. */
  url?: string;
}

/** Connections in a test PostgreSQL database's pool (PGlite has one). */
export const TEST_POOL_SIZE = 20;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * database on the PostgreSQL server named by DATABASE_URL, so parallel test files never share rows.
 * Both start from the copy the global setup migrated (tests/support/migrated-template.ts); the
 * migrations still run, and find nothing left to do unless the copy is missing.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://", initialData: migratedPgliteData() });
    await applyMigrations(database.kind, database.db);
    return { ...database, dispose: () => database.close() };
  }
  const name = `dealwise_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const template = await templateExists(serverUrl);
  await adminQuery(serverUrl, template ? `create database "${name}" template "${postgresTemplateName}"` : `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: TEST_POOL_SIZE });
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

async function templateExists(serverUrl: string): Promise<boolean> {
  const result = await adminQuery(serverUrl, `select 1 from pg_database where datname = '${postgresTemplateName}'`);
  return result.rowCount === 1;
}

async function adminQuery(serverUrl: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}
