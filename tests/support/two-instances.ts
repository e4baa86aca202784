import { afterAll, beforeAll } from "vitest";
import { type Database, openDatabase } from "../../db/client";
import { insertCatalogBasics } from "./catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "./test-db";

/**
 * For races on PostgreSQL: a fresh database with the catalogue basics, and two app instances on
 * it, each with its own connection pool as two servers would have. Call in a describe block; the
 * returned object is filled before the tests run and closed after them.
 */
export function twoInstancesOnOneDatabase(poolSize = 5) {
  const setup = {} as { database: TestDatabase; servers: Database[]; basics: Awaited<ReturnType<typeof insertCatalogBasics>> };
  beforeAll(async () => {
    setup.database = await createTestDatabase();
    setup.basics = await insertCatalogBasics(setup.database.db);
    setup.servers = await Promise.all([1, 2].map(() => openDatabase({ url: setup.database.url, poolSize })));
  });
  afterAll(async () => {
    await Promise.all((setup.servers ?? []).map((server) => server.close()));
    await setup.database?.dispose();
  });
  return setup;
}
